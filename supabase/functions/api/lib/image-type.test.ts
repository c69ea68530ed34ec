// Image types of uploads, told by their first bytes.
import assert from "node:assert/strict";
import { sniffImageType } from "./image-type.ts";

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
