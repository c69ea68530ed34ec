// What an uploaded file really is, read from its first bytes (its "magic number"): a name or a
// declared Content-Type is whatever the sender chose, the bytes are what browsers will decode.
export interface ImageType {
  mimeType: "image/png" | "image/jpeg" | "image/gif";
  extension: "png" | "jpg" | "gif";
}

/** How many leading bytes sniffImageType needs. */
export const SNIFF_BYTES = 8;

const signatures: { bytes: number[]; type: ImageType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mimeType: "image/png", extension: "png" } },
  { bytes: [0xff, 0xd8, 0xff], type: { mimeType: "image/jpeg", extension: "jpg" } },
  { bytes: [...ascii("GIF87a")], type: { mimeType: "image/gif", extension: "gif" } },
  { bytes: [...ascii("GIF89a")], type: { mimeType: "image/gif", extension: "gif" } },
];

/** PNG, JPEG or GIF by signature; null for anything else (including files too short to tell). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const match = signatures.find(
    ({ bytes }) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte),
  );
  return match?.type ?? null;
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

/**
 * The width and height an image's header declares (PNG IHDR, GIF logical screen, JPEG start of
 * frame), or null when the header cannot be read: what a browser would lay out and decode.
 */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
