// Product image and logo uploads (docs/api.md, "Image uploads"): one file goes to POST
// /upload/image (field `image`), several to POST /upload/images (field `images`). PNG, JPEG or GIF
// up to 10 MB each; the server checks the content again. Each photo is first made the size it is
// shown at, upright and without EXIF (shrink-image.ts). Used by the campaign screen and the logo.
import { API } from "@contract/routes.ts";
import type { UploadedImage } from "@contract/uploads.ts";
import { apiCall } from "./api-client.ts";
import { PHOTO_MAX_SIDE, shrinkImage } from "./shrink-image.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;
/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif";

/** Why a file cannot be uploaded, or null when it can. */
export function imageFileProblem(file: Pick<File, "type" | "size" | "name">): "type" | "size" | null {
  const typeOk =
    (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && /\.(png|jpe?g|gif)$/i.test(file.name));
  if (!typeOk) return "type";
  if (file.size > MAX_IMAGE_BYTES) return "size";
  return null;
}

// POST /upload/image - one product image
// POST /upload/images - several product images at once
export async function uploadImages(
  originals: readonly File[],
  { maxSide = PHOTO_MAX_SIDE, signal }: { maxSide?: number; signal?: AbortSignal } = {},
): Promise<UploadedImage[]> {
  if (originals.length === 0) return [];
  // One after another: a decoded 12-megapixel photo takes about 48 MB, and five at once would
  // strain a cheap phone's memory.
  const files: File[] = [];
  for (const file of originals) files.push(await shrinkImage(file, maxSide));
  const form = new FormData();
  if (files.length === 1) {
    form.append("image", files[0]);
    const body = await apiCall(API.uploadImage, { body: form, signal });
    return [{ url: body.url, public_id: body.public_id }];
  }
  for (const file of files) form.append("images", file);
  const body = await apiCall(API.uploadImages, { body: form, signal });
  return body.images;
}
