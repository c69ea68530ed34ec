// Stored images are public: whatever a file carries besides its pixels (a camera's EXIF block with
// the shop's GPS position, XMP, IPTC, text comments) is removed before it is stored. The SPA
// already re-encodes photos without it; this holds for any other client. Only whole metadata
// segments are dropped, the pixels are copied byte for byte, so nothing is decoded here (the
// function has no image codec and the hosted CPU limit is 2 s).
import { isAscii, type ImageType } from "./image-type.ts";

/** `bytes` without metadata, or null when the file's structure cannot be walked (not a readable image). */
export function withoutMetadata(bytes: Uint8Array, type: ImageType): Uint8Array | null {
  switch (type.mimeType) {
    case "image/jpeg":
      return jpegWithout(bytes);
    case "image/png":
      return pngWithout(bytes);
    case "image/webp":
      return webpWithout(bytes);
    case "image/gif":
      // GIF has no EXIF; its comment and application blocks hold no position a camera writes.
      return bytes;
  }
}

/**
 * JPEG: every segment before the image data is kept but APP1-APP15 other than APP2 (the colour
 * profile) and APP14 (Adobe's colour transform, needed to decode CMYK), and comments. APP1 holds
 * EXIF and XMP, APP13 IPTC.
 */
function jpegWithout(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xda) {
      kept.push(bytes.subarray(at)); // start of scan: the image data to the end
      return concat(kept);
    }
    const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
    if (end > bytes.length) return null;
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xe2 && marker !== 0xee) || marker === 0xfe;
    if (!metadata) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/** PNG: the EXIF chunk, text chunks (where XMP lives) and the modification time are dropped. */
function pngWithout(bytes: Uint8Array): Uint8Array | null {
  const dropped = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!dropped.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(kept);
  }
  return null;
}

/** WebP: the EXIF and XMP chunks of an extended file are dropped, and its flags say so. */
function webpWithout(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2); // chunks are padded to an even length
    if (end > bytes.length + (size % 2)) return null;
    if (!isAscii(bytes, at, "EXIF") && !isAscii(bytes, at, "XMP ")) {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      if (isAscii(chunk, 0, "VP8X")) chunk[8] &= ~(0x08 | 0x04); // the EXIF and XMP flags
      kept.push(chunk);
    }
    at = end;
  }
  if (kept.length === 0) return null;
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
