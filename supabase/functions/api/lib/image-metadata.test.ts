// Metadata removed from uploads before they are stored: whole segments or chunks, pixels untouched.
import assert from "node:assert/strict";
import { withoutMetadata } from "./image-metadata.ts";

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const jpeg = { mimeType: "image/jpeg", extension: "jpg" } as const;
const png = { mimeType: "image/png", extension: "png" } as const;
const webp = { mimeType: "image/webp", extension: "webp" } as const;

Deno.test("a JPEG loses its EXIF, XMP, IPTC and comments, and keeps JFIF, its colour profile and its data", () => {
  const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
  const jfif = segment(0xe0, ascii("JFIF\0"));
  const profile = segment(0xe2, ascii("ICC_PROFILE\0"));
  const adobe = segment(0xee, ascii("Adobe"));
  const tables = segment(0xdb, [0, 1, 2]);
  const kept = [...jfif, ...profile, ...adobe, ...tables];
  const file = new Uint8Array([
    0xff,
    0xd8,
    ...segment(0xe1, ascii("Exif\0\0GPS")),
    ...jfif,
    ...segment(0xe1, ascii("http://ns.adobe.com/xap/1.0/")),
    ...profile,
    ...segment(0xed, ascii("Photoshop 3.0")),
    ...adobe,
    ...tables,
    ...segment(0xfe, ascii("a comment")),
    0xff,
    0xda,
    0,
    2,
    9,
    8,
    7,
    0xff,
    0xd9,
  ]);
  assert.deepStrictEqual(
    [...withoutMetadata(file, jpeg)!],
    [0xff, 0xd8, ...kept, 0xff, 0xda, 0, 2, 9, 8, 7, 0xff, 0xd9],
  );
  assert.equal(withoutMetadata(file.subarray(0, 9), jpeg), null);
});

Deno.test("a PNG loses its eXIf, text and time chunks, and what follows its end", () => {
  const chunk = (type: string, body: number[]) => [0, 0, 0, body.length, ...ascii(type), ...body, 1, 2, 3, 4];
  const signature = [0x89, ...ascii("PNG"), 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = chunk("IHDR", new Array(13).fill(1));
  const idat = chunk("IDAT", [5, 6, 7]);
  const iend = chunk("IEND", []);
  const file = new Uint8Array([
    ...signature,
    ...ihdr,
    ...chunk("eXIf", ascii("MM")),
    ...chunk("iTXt", ascii("XML:com.adobe.xmp")),
    ...chunk("tEXt", ascii("GPS")),
    ...chunk("tIME", [7]),
    ...idat,
    ...chunk("zTXt", [1]),
    ...iend,
    0,
    0,
    0,
  ]);
  assert.deepStrictEqual([...withoutMetadata(file, png)!], [...signature, ...ihdr, ...idat, ...iend]);
  assert.equal(withoutMetadata(file.subarray(0, 40), png), null);
});

Deno.test("an extended WebP loses its EXIF and XMP chunks, its flags and length say so", () => {
  const chunk = (type: string, body: number[]) => [
    ...ascii(type),
    body.length,
    0,
    0,
    0,
    ...body,
    ...(body.length % 2 ? [0] : []),
  ];
  const vp8x = (flags: number) => chunk("VP8X", [flags, 0, 0, 0, 1, 0, 0, 1, 0, 0]);
  const image = chunk("VP8 ", [1, 2, 3]);
  const riff = (body: number[]) =>
    new Uint8Array([...ascii("RIFF"), (body.length + 4) & 0xff, 0, 0, 0, ...ascii("WEBP"), ...body]);
  const file = riff([...vp8x(0x0c), ...chunk("EXIF", ascii("MM\0*GPS")), ...image, ...chunk("XMP ", ascii("<x/>"))]);
  assert.deepStrictEqual([...withoutMetadata(file, webp)!], [...riff([...vp8x(0), ...image])]);
  const simple = riff(image);
  assert.deepStrictEqual([...withoutMetadata(simple, webp)!], [...simple]);
  assert.equal(withoutMetadata(riff([...ascii("VP8 "), 200, 0, 0, 0, 1]), webp), null);
});
