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
  assert.deepStrictEqual(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBP")), {
    mimeType: "image/webp",
    extension: "webp",
  });
  assert.deepStrictEqual(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVE")), null);
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

Deno.test("a WebP's size comes from its first chunk: VP8X canvas, VP8L header or VP8 key frame", () => {
  const webp = { mimeType: "image/webp", extension: "webp" } as const;
  const file = (chunk: string, body: number[]) =>
    new Uint8Array(
      [..."RIFF"]
        .map((ch) => ch.charCodeAt(0))
        .concat(
          [0, 0, 0, 0],
          [...("WEBP" + chunk)].map((ch) => ch.charCodeAt(0)),
          [0, 0, 0, 0],
          body,
          new Array(10).fill(0),
        ),
    );
  // 1600 x 1200: minus one, 24 bits little-endian each, after 4 bytes of flags.
  assert.deepStrictEqual(imageDimensions(file("VP8X", [0, 0, 0, 0, 0x3f, 0x06, 0, 0xaf, 0x04, 0]), webp), {
    width: 1600,
    height: 1200,
  });
  // VP8L: the signature 0x2f, then width-1 in 14 bits and height-1 in the next 14.
  const bits = (800 - 1) | ((600 - 1) << 14);
  assert.deepStrictEqual(
    imageDimensions(file("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]), webp),
    { width: 800, height: 600 },
  );
  // VP8: a 3-byte frame tag, the start code 9d 01 2a, then width and height in 14 bits each.
  assert.deepStrictEqual(imageDimensions(file("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x00, 0x60, 0x00]), webp), {
    width: 128,
    height: 96,
  });
  assert.deepStrictEqual(
    imageDimensions(file("VP8 ", [0, 0, 0, 0x00, 0x01, 0x2a, 0x80, 0x00, 0x60, 0x00]), webp),
    null,
  );
  assert.deepStrictEqual(imageDimensions(file("ALPH", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), webp), null);
});
