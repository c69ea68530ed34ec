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
