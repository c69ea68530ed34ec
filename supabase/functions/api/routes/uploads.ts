// Campaign image and logo uploads (docs/api.md, "Image uploads"; docs/architecture.md, "Images:
// made on the phone, named by what they hold"). A file is judged by its bytes (PNG, JPEG, GIF or
// WebP signature), its size in bytes and its size in pixels, every file of a request before any is
// stored. Its metadata (EXIF with a GPS position among it) is removed, then it is stored in the
// public campaign-images bucket by this function alone (lib/storage.ts), under a name that says its
// size and placeholder colour (contract/image-sets.ts).
//
// POST /upload/image may bring the image's smaller sizes, made by the SPA, in `image_800`,
// `image_400` and `image_128` with its placeholder colour in `placeholder`: all the sizes the image
// needs or none. Each must be the image scaled to that side, in the same format.
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { imageDimensions, sniffImageType, SNIFF_BYTES, type ImageType } from "../lib/image-type.ts";
import { withoutMetadata } from "../lib/image-metadata.ts";
import { MAX_CAMPAIGN_IMAGES } from "../../_shared/contract/campaigns.ts";
import {
  imageObjectName,
  MAX_IMAGE_SIDE,
  parseImageUrl,
  PLACEHOLDER_PATTERN,
  scaledSize,
  VARIANT_SIDES,
  variantSides,
} from "../../_shared/contract/image-sets.ts";
import type { ImagesUploadResponse, ImageUploadResponse, UploadedImage } from "../../_shared/contract/uploads.ts";
import { publicObjectUrl, StorageUploadError, uploadObject } from "../lib/storage.ts";

const BUCKET = "campaign-images";
/** The bucket's file_size_limit (10 MiB), checked here first so nothing reaches Storage in vain. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Room for multipart boundaries and part headers around the files themselves. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** A refused body up to this size is read to its end (and dropped) so the client gets the answer (app.ts). */
export const MAX_DRAINED_UPLOAD_BYTES = 64 * 1024 * 1024;

interface CheckedImage {
  name: string;
  type: ImageType;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export function uploadRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // POST /upload/image - store one image (multipart field `image`), with its smaller sizes if sent.
  // Its sizes are a third of its bytes at most in practice; twice the limit of one file leaves room.
  app.post(
    "/image",
    limitBody(2 * MAX_IMAGE_BYTES, "image", "The image and its sizes are larger than 20 MB"),
    async (c) => {
      const form = await readForm(c, "image");
      const files = formFiles(form, "image");
      if (files.length !== 1) throw new ApiError("invalid_input", "Please choose one image to upload", "image");
      const [image] = await checkImages(files, "image");
      const placeholder = formPlaceholder(form);
      const variants = await checkVariants(form, image, placeholder);
      const folder = c.get("user").id;
      const named = { id: crypto.randomUUID(), ...image, placeholder, extension: image.type.extension };
      const path = imageObjectName(folder, named);
      await store(deps, image, path);
      for (const variant of variants) await store(deps, variant.image, imageObjectName(folder, named, variant.side));
      return c.json({ success: true, ...uploaded(deps, path) } satisfies ImageUploadResponse);
    },
  );

  // POST /upload/images - store 1 to 5 images (multipart field `images`), without smaller sizes
  app.post(
    "/images",
    limitBody(MAX_CAMPAIGN_IMAGES * MAX_IMAGE_BYTES, "images", "The images are larger than 5 files of 10 MB each"),
    async (c) => {
      const files = formFiles(await readForm(c, "images"), "images");
      if (files.length === 0) throw new ApiError("invalid_input", "Please choose 1 to 5 images to upload", "images");
      if (files.length > MAX_CAMPAIGN_IMAGES) throw new ApiError("invalid_input", "Maximum 5 images allowed", "images");
      const checked = await checkImages(files, "images");
      const images: UploadedImage[] = [];
      // One after another: a refusal by Storage stops the rest instead of racing them.
      for (const image of checked) {
        const name = imageObjectName(c.get("user").id, {
          id: crypto.randomUUID(),
          ...image,
          placeholder: null,
          extension: image.type.extension,
        });
        await store(deps, image, name);
        images.push(uploaded(deps, name));
      }
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

async function readForm(c: Context, field: string): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
    throw new ApiError("invalid_input", `Send the image as multipart/form-data in the field ${field}`, field);
  }
  try {
    return await c.req.formData();
  } catch {
    throw new ApiError("invalid_input", "The upload could not be read as multipart/form-data", field);
  }
}

function formFiles(form: FormData, field: string): File[] {
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
    if (!type) throw new ApiError("unsupported_media_type", `${name} is not a PNG, JPEG, GIF or WebP image`, field);
    const original = new Uint8Array(await file.arrayBuffer());
    const size = imageDimensions(original, type);
    const bytes = withoutMetadata(original, type);
    if (!size || size.width < 1 || size.height < 1 || !bytes) {
      throw new ApiError("invalid_input", `${name} is not a readable image: its size cannot be read`, field);
    }
    if (Math.max(size.width, size.height) > MAX_IMAGE_SIDE) {
      throw new ApiError(
        "payload_too_large",
        `${name} is ${size.width}×${size.height} px: images can be at most ${MAX_IMAGE_SIDE} px on their longest side`,
        field,
      );
    }
    checked.push({ name, type, bytes, ...size });
  }
  return checked;
}

/** The `placeholder` field: a colour `#rrggbb`, or null when not sent. */
function formPlaceholder(form: FormData): string | null {
  const value = form.get("placeholder");
  if (value === null || value === "") return null;
  const colour = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!PLACEHOLDER_PATTERN.test(colour)) {
    throw new ApiError("invalid_input", "placeholder must be a colour such as #a0b1c2", "placeholder");
  }
  return colour;
}

/** The smaller sizes sent with `image`: all it needs (with a placeholder) or none, each exactly the image scaled. */
async function checkVariants(
  form: FormData,
  image: CheckedImage,
  placeholder: string | null,
): Promise<{ side: number; image: CheckedImage }[]> {
  const needed = variantSides(image.width, image.height);
  const variants: { side: number; image: CheckedImage }[] = [];
  for (const side of VARIANT_SIDES) {
    const field = `image_${side}`;
    const files = formFiles(form, field);
    if (files.length > 1) throw new ApiError("invalid_input", `Send one file in ${field}`, field);
    const [file] = files;
    if (!file) {
      if (placeholder && needed.includes(side)) {
        throw new ApiError(
          "invalid_input",
          `${field} is missing: an image of ${image.width}×${image.height} px is sent with its sizes at ${needed.join(", ")} px`,
          field,
        );
      }
      continue;
    }
    if (!placeholder) throw new ApiError("invalid_input", "Send placeholder with the image's sizes", "placeholder");
    if (!needed.includes(side)) {
      throw new ApiError(
        "invalid_input",
        `${field} is not needed: the image is ${image.width}×${image.height} px`,
        field,
      );
    }
    const [variant] = await checkImages([file], field);
    const expected = scaledSize(image.width, image.height, side);
    if (variant.type.mimeType !== image.type.mimeType) {
      throw new ApiError("invalid_input", `${field} must be in the image's format (${image.type.extension})`, field);
    }
    if (variant.width !== expected.width || variant.height !== expected.height) {
      throw new ApiError(
        "invalid_input",
        `${field} is ${variant.width}×${variant.height} px: it must be the image at ${expected.width}×${expected.height} px`,
        field,
      );
    }
    variants.push({ side, image: variant });
  }
  return variants;
}

async function store(deps: AppDeps, image: CheckedImage, path: string): Promise<void> {
  // A name this function made, with the sniffed type's extension and content type: the sender's
  // file name and declared type (any text at all) never reach Storage.
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
}

/** A stored image as answered: its URL and what its name says of it (its sizes when it has them). */
function uploaded(deps: AppDeps, path: string): UploadedImage {
  const url = publicObjectUrl(deps, BUCKET, path);
  const set = parseImageUrl(url);
  if (!set) throw new Error(`an image name this function cannot read back: ${path}`);
  return { url, public_id: path, ...set };
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
      return new ApiError("unsupported_media_type", `${name} is not a PNG, JPEG, GIF or WebP image`);
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
