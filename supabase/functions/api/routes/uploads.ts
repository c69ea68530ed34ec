// Campaign image uploads. A file is judged by its bytes (PNG, JPEG or GIF signature) and size
// here, every file of a request before any is stored, then stored in the public campaign-images
// bucket through the Storage API with the caller's own token, so the bucket's limits and its
// policy (an approved business, its own folder) apply as they would to the browser.
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { imageDimensions, sniffImageType, SNIFF_BYTES, type ImageType } from "../lib/image-type.ts";
import { MAX_CAMPAIGN_IMAGES } from "../../_shared/contract/campaigns.ts";
import type { ImagesUploadResponse, ImageUploadResponse, UploadedImage } from "../../_shared/contract/uploads.ts";
import { publicObjectUrl, StorageUploadError, uploadObject } from "../lib/storage.ts";

const BUCKET = "campaign-images";
/** The bucket's file_size_limit (10 MiB), checked here first so nothing reaches Storage in vain. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The longest side an image may have, in pixels: the largest the pages show. The SPA makes photos
 * this size before sending them (src/lib/shrink-image.ts); this keeps any other client from putting
 * a camera original in front of customers on mobile data.
 */
export const MAX_IMAGE_SIDE = 1600;
/** Room for multipart boundaries and part headers around the files themselves. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** A refused body up to this size is read to its end (and dropped) so the client gets the answer (app.ts). */
export const MAX_DRAINED_UPLOAD_BYTES = 64 * 1024 * 1024;

interface CheckedImage {
  name: string;
  type: ImageType;
  bytes: Uint8Array;
}

export function uploadRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // POST /upload/image - store one image (multipart field `image`)
  app.post("/image", limitBody(MAX_IMAGE_BYTES, "image", "The image is larger than 10 MB"), async (c) => {
    const files = await formFiles(c, "image");
    if (files.length !== 1) throw new ApiError("invalid_input", "Please choose one image to upload", "image");
    const [image] = await checkImages(files, "image");
    return c.json({ success: true, ...(await store(deps, c, image)) } satisfies ImageUploadResponse);
  });

  // POST /upload/images - store 1 to 5 images (multipart field `images`)
  app.post(
    "/images",
    limitBody(MAX_CAMPAIGN_IMAGES * MAX_IMAGE_BYTES, "images", "The images are larger than 5 files of 10 MB each"),
    async (c) => {
      const files = await formFiles(c, "images");
      if (files.length === 0) throw new ApiError("invalid_input", "Please choose 1 to 5 images to upload", "images");
      if (files.length > MAX_CAMPAIGN_IMAGES) throw new ApiError("invalid_input", "Maximum 5 images allowed", "images");
      const checked = await checkImages(files, "images");
      const images: UploadedImage[] = [];
      // One after another: a refusal by Storage stops the rest instead of racing them.
      for (const image of checked) images.push(await store(deps, c, image));
      return c.json({ success: true, images } satisfies ImagesUploadResponse);
    },
  );

  return app;
}

/** 413 from the declared length (or the bytes counted so far), before the body is read. */
function limitBody(filesBytes: number, field: string, message: string) {
  return bodyLimit({
    maxSize: filesBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new ApiError("payload_too_large", message, field);
    },
  });
}

async function formFiles(c: Context, field: string): Promise<File[]> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
    throw new ApiError("invalid_input", `Send the image as multipart/form-data in the field ${field}`, field);
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError("invalid_input", "The upload could not be read as multipart/form-data", field);
  }
  const values = form.getAll(field);
  if (values.some((value) => typeof value === "string")) {
    throw new ApiError("invalid_input", `${field} must be a file`, field);
  }
  return values as File[];
}

async function checkImages(files: File[], field: string): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const name = displayName(file);
    if (file.size > MAX_IMAGE_BYTES) throw new ApiError("payload_too_large", `${name} is larger than 10 MB`, field);
    const type = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!type) throw new ApiError("unsupported_media_type", `${name} is not a PNG, JPEG or GIF image`, field);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const size = imageDimensions(bytes, type);
    if (!size || size.width < 1 || size.height < 1) {
      throw new ApiError("invalid_input", `${name} is not a readable image: its size cannot be read`, field);
    }
    if (Math.max(size.width, size.height) > MAX_IMAGE_SIDE) {
      throw new ApiError(
        "payload_too_large",
        `${name} is ${size.width}×${size.height} px: images can be at most ${MAX_IMAGE_SIDE} px on their longest side`,
        field,
      );
    }
    checked.push({ name, type, bytes });
  }
  return checked;
}

async function store(deps: AppDeps, c: Context<AppEnv>, image: CheckedImage): Promise<UploadedImage> {
  // A fresh random name in the caller's folder, with the sniffed type's extension and content
  // type: the sender's file name and declared type (any text at all) never reach Storage.
  const path = `${c.get("user").id}/${crypto.randomUUID()}.${image.type.extension}`;
  try {
    await uploadObject(deps, {
      bucket: BUCKET,
      path,
      bytes: image.bytes,
      contentType: image.type.mimeType,
    });
  } catch (error) {
    throw storageRefusal(error, image.name);
  }
  return { url: publicObjectUrl(deps, BUCKET, path), public_id: path };
}

/** Storage's refusals in this API's envelope; anything else is an internal error (logged). */
function storageRefusal(error: unknown, name: string): unknown {
  if (!(error instanceof StorageUploadError)) return error;
  switch (error.statusCode) {
    case "403":
      return new ApiError("forbidden", "Only approved businesses can upload images");
    case "413":
      return new ApiError("payload_too_large", `${name} is larger than 10 MB`);
    case "415":
      return new ApiError("unsupported_media_type", `${name} is not a PNG, JPEG or GIF image`);
    default:
      return new Error(`Storage refused an upload: ${error.statusCode} ${error.message}`);
  }
}

/** The sender's file name for messages, kept short. */
function displayName(file: File): string {
  const name = file.name.trim();
  if (!name) return "The file";
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}
