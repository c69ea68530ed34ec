// Product image and logo uploads (docs/api.md, "Image uploads"): each file goes to POST
// /upload/image on its own (field `image`), with its smaller sizes and placeholder colour made on
// the phone first (prepare-image.ts), so each shows its own progress and can be cancelled or tried
// again alone. PNG, JPEG or GIF up to 10 MB each; the server checks the content again. Used by the
// campaign screen and the logo.
import { API } from "@contract/routes.ts";
import type { UploadedImage } from "@contract/uploads.ts";
import { apiCall } from "./api-client.ts";
import { prepareImage, type ImageKind } from "./prepare-image.ts";

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

/** Where an upload is: its sizes being made, then the share of its bytes sent (0 to 1). */
export type UploadProgress = { stage: "preparing" } | { stage: "sending"; sent: number };

// POST /upload/image - one image and its smaller sizes
export async function uploadImage(
  file: File,
  {
    kind = "photo",
    signal,
    onProgress,
  }: { kind?: ImageKind; signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<UploadedImage> {
  onProgress?.({ stage: "preparing" });
  const prepared = await prepareImage(file, kind);
  signal?.throwIfAborted();
  const form = new FormData();
  if (prepared instanceof File) {
    form.append("image", prepared);
  } else {
    form.append("image", prepared.image);
    for (const size of prepared.sizes) form.append(`image_${size.side}`, size.file);
    form.append("placeholder", prepared.placeholder);
  }
  onProgress?.({ stage: "sending", sent: 0 });
  const { success: _success, ...image } = await apiCall(API.uploadImage, {
    body: form,
    signal,
    onUploadProgress: (sent) => onProgress?.({ stage: "sending", sent }),
  });
  return image;
}
