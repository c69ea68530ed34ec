// Campaign image uploads (POST /upload/image and /upload/images): response schemas, shared by the
// SPA and the api function (no Deno APIs). The requests are multipart forms, checked by the function.
import { z } from "zod";
import { httpUrl } from "./fields.ts";

/** A stored image: its public URL (for a campaign's image_urls) and its path in the bucket. */
export const uploadedImageSchema = z.object({
  url: httpUrl,
  /** `<user id>/<uuid>.<png|jpg|gif>` */
  public_id: z.string(),
});

/** POST /upload/image */
export const imageUploadResponseSchema = z.object({ success: z.literal(true), ...uploadedImageSchema.shape });

/** POST /upload/images, in the order sent */
export const imagesUploadResponseSchema = z.object({ success: z.literal(true), images: z.array(uploadedImageSchema) });

export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
export type ImagesUploadResponse = z.infer<typeof imagesUploadResponseSchema>;
