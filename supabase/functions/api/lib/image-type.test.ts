// Image types of uploads, told by their first bytes.
import assert from "node:assert/strict";
import { imageDimensions, sniffImageType } from "./image-type.ts";

Deno.test("image type comes from the bytes, never the name", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((ch) => ch.charCodeAt(0)) : [v])));
  assert.deepStrictEqual(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)), {
    mimeType: "image/png",
    extension: "png",
  });
  assert.deepStrictEqual(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0)), { mimeType: "image/jpeg", extension: "jpg" });
  assert.deepStrictEqual(sniffImageType(bytes("GIF87a")), { mimeType: "image/gif", extension: "gif" });
  assert.deepStrictEqual(sniffImageType(bytes("GIF89a", 1, 0)), { mimeType: "image/gif", extension: "gif" });
  assert.deepStrictEqual(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a)), null); // cut short
  assert.deepStrictEqual(sniffImageType(bytes("GIF88a")), null);
  assert.deepStrictEqual(sniffImageType(bytes("<svg xmlns=")), null);
  assert.deepStrictEqual(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBP")), null);
  assert.deepStrictEqual(sniffImageType(new Uint8Array()), null);
});

Deno.test("an image's size comes from its header: PNG IHDR, GIF screen, JPEG start of frame", () => {
  const png = { mimeType: "image/png", extension: "png" } as const;
  const gif = { mimeType: "image/gif", extension: "gif" } as const;
  const jpeg = { mimeType: "image/jpeg", extension: "jpg" } as const;
  const ihdr = new Uint8Array(24);
  new DataView(ihdr.buffer).setUint32(16, 4032);
  new DataView(ihdr.buffer).setUint32(20, 3024);
  assert.deepStrictEqual(imageDimensions(ihdr, png), { width: 4032, height: 3024 });
  assert.deepStrictEqual(imageDimensions(ihdr.subarray(0, 20), png), null);
  assert.deepStrictEqual(imageDimensions(new Uint8Array([71, 73, 70, 56, 57, 97, 0xc0, 0x0f, 0xd0, 0x0b]), gif), {
    width: 4032,
    height: 3024,
  });
  // SOI, an APP1 of 4 bytes, a DHT (skipped though in the SOF range), then SOF2 of 3024 x 4032.
  const frame = new Uint8Array([
    0xff, 0xd8, 0xff, 0xe1, 0x00, 0x04, 0x45, 0x78, 0xff, 0xc4, 0x00, 0x02, 0xff, 0xc2, 0x00, 0x0b, 0x08, 0x0b, 0xd0,
    0x0f, 0xc0, 0x01, 0x01, 0x11, 0x00,
  ]);
  assert.deepStrictEqual(imageDimensions(frame, jpeg), { width: 4032, height: 3024 });
  assert.deepStrictEqual(imageDimensions(frame.subarray(0, 12), jpeg), null);
  assert.deepStrictEqual(imageDimensions(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0x00]), jpeg), null);
});
