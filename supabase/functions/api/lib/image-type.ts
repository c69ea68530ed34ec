// What an uploaded file really is, read from its first bytes (its "magic number"): a name or a
// declared Content-Type is whatever the sender chose, the bytes are what browsers will decode.
export interface ImageType {
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  extension: "png" | "jpg" | "gif" | "webp";
}

/** How many leading bytes sniffImageType needs. */
export const SNIFF_BYTES = 12;

const WEBP: ImageType = { mimeType: "image/webp", extension: "webp" };

const signatures: { bytes: number[]; type: ImageType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mimeType: "image/png", extension: "png" } },
  { bytes: [0xff, 0xd8, 0xff], type: { mimeType: "image/jpeg", extension: "jpg" } },
  { bytes: [...ascii("GIF87a")], type: { mimeType: "image/gif", extension: "gif" } },
  { bytes: [...ascii("GIF89a")], type: { mimeType: "image/gif", extension: "gif" } },
];

/** PNG, JPEG, GIF or WebP by signature; null for anything else (including files too short to tell). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  // WebP: a RIFF container (its length in bytes 4-7) of the form WEBP.
  if (head.length >= 12 && isAscii(head, 0, "RIFF") && isAscii(head, 8, "WEBP")) return WEBP;
  const match = signatures.find(
    ({ bytes }) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte),
  );
  return match?.type ?? null;
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

export function isAscii(bytes: Uint8Array, at: number, text: string): boolean {
  return at + text.length <= bytes.length && ascii(text).every((code, i) => bytes[at + i] === code);
}

/**
 * The width and height an image's header declares (PNG IHDR, GIF logical screen, JPEG start of
 * frame, WebP's first chunk), or null when the header cannot be read: what a browser would lay out
 * and decode.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type.mimeType === "image/webp") return webpDimensions(bytes, view);
  if (type.mimeType === "image/png") {
    return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  }
  if (type.mimeType === "image/gif") {
    return bytes.length >= 10 ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : null;
  }
  // JPEG: walk the segments from the start of image to the first start of frame (SOF0-SOF15
  // but DHT, JPG and DAC, which share the range).
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return at + 9 <= bytes.length ? { width: view.getUint16(at + 7), height: view.getUint16(at + 5) } : null;
    }
    at += 2 + length;
  }
  return null;
}

/** WebP's first chunk: VP8X (extended: the canvas), VP8L (lossless) or VP8 (lossy: the key frame). */
function webpDimensions(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const uint24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
  if (isAscii(bytes, 12, "VP8X")) return { width: uint24(24) + 1, height: uint24(27) + 1 };
  if (isAscii(bytes, 12, "VP8L")) {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (isAscii(bytes, 12, "VP8 ")) {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}
