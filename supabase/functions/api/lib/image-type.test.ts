// Image types of uploads, told by their first bytes.
import { assertEquals } from "../../_shared/test-assert.ts";
import { sniffImageType } from "./image-type.ts";

Deno.test("image type comes from the bytes, never the name", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((ch) => ch.charCodeAt(0)) : [v])));
  assertEquals(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)), {
    mimeType: "image/png",
    extension: "png",
  });
  assertEquals(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0)), { mimeType: "image/jpeg", extension: "jpg" });
  assertEquals(sniffImageType(bytes("GIF87a")), { mimeType: "image/gif", extension: "gif" });
  assertEquals(sniffImageType(bytes("GIF89a", 1, 0)), { mimeType: "image/gif", extension: "gif" });
  assertEquals(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a)), null); // cut short
  assertEquals(sniffImageType(bytes("GIF88a")), null);
  assertEquals(sniffImageType(bytes("<svg xmlns=")), null);
  assertEquals(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBP")), null);
  assertEquals(sniffImageType(new Uint8Array()), null);
});
