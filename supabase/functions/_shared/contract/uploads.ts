// Campaign image uploads (POST /upload/image and /upload/images): response schemas, shared by the
// SPA and the api function (no Deno APIs). The requests are multipart forms, checked by the function.
import { z } from "zod";
import { httpUrl } from "./fields.ts";

const imageSizeSchema = z.object({ url: httpUrl, width: z.number().int(), height: z.number().int() });

/**
 * A stored image: its public URL (for a campaign's image_urls or a shop's logo), its path in the
 * bucket, its size, its placeholder colour and the URL of every size stored (contract/image-sets.ts).
 */
export const uploadedImageSchema = z.object({
  url: httpUrl,
  /** `<user id>/<uuid>-<width>x<height>[-<rrggbb>].<webp|jpg|png|gif>` */
  public_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** `#rrggbb` when the image came with its sizes, else null */
  placeholder: z.string().nullable(),
  /** The image itself, then its smaller sizes (800, 400, 128 px on the long side, those below its own) */
  sizes: z.array(imageSizeSchema),
});

/** POST /upload/image */
export const imageUploadResponseSchema = z.object({ success: z.literal(true), ...uploadedImageSchema.shape });

/** POST /upload/images, in the order sent */
export const imagesUploadResponseSchema = z.object({ success: z.literal(true), images: z.array(uploadedImageSchema) });

export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
export type ImagesUploadResponse = z.infer<typeof imagesUploadResponseSchema>;
