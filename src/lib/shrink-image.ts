// Photos are made the size they are shown at before they leave the phone (issue 27, first step): a
// camera photo of 4032×3024 and 3-4 MB becomes at most `maxSide` px on its long side, turned as its
// EXIF orientation says, and re-encoded, which also drops its EXIF (the shop's GPS position among
// it) from the public file. A JPEG stays a JPEG and a PNG a PNG (a logo keeps its transparency); a
// GIF, which may be animated, is sent as it is. Where the browser cannot decode or encode the file,
// the original is sent and the server's own limits apply.

/** The long side of a product photo as uploaded: the checkout shows it at most this wide. */
export const PHOTO_MAX_SIDE = 1600;
/** A shop logo: shown at 38-96 px. */
export const LOGO_MAX_SIDE = 256;
const JPEG_QUALITY = 0.82;

/** `file` made at most `maxSide` px on its long side, upright and without EXIF; the original when that cannot be done. */
export async function shrinkImage(file: File, maxSide: number): Promise<File> {
  const type = file.type || typeFromName(file.name);
  if (type !== "image/jpeg" && type !== "image/png") return file;
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, type, type === "image/jpeg" ? JPEG_QUALITY : undefined),
    );
    // A PNG already small and without EXIF can come out larger: keep whichever is smaller then.
    if (!blob || blob.type !== type || (scale === 1 && type === "image/png" && blob.size >= file.size)) return file;
    return new File([blob], file.name, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

function typeFromName(name: string): string {
  if (/\.jpe?g$/i.test(name)) return "image/jpeg";
  if (/\.png$/i.test(name)) return "image/png";
  return "";
}
