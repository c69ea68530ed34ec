// What an image's name says about it: its size, its placeholder colour and its smaller sizes.
import assert from "node:assert/strict";
import { imageObjectName, parseImageUrl, scaledSize, variantSides } from "./contract/image-sets.ts";

const base = "https://x.supabase.co/storage/v1/object/public/campaign-images/u1";
const id = "0b0e5c4e-6f1a-4c39-9d36-2f4f5bb7d1a0";

Deno.test("sizes are the image scaled to each side below its own, rounded, never upscaled", () => {
  assert.deepStrictEqual(scaledSize(1600, 1200, 800), { width: 800, height: 600 });
  assert.deepStrictEqual(scaledSize(1200, 1600, 128), { width: 96, height: 128 });
  assert.deepStrictEqual(scaledSize(1600, 901, 400), { width: 400, height: 225 });
  assert.deepStrictEqual(scaledSize(1600, 1, 128), { width: 128, height: 1 });
  assert.deepStrictEqual(scaledSize(300, 200, 800), { width: 300, height: 200 });
  assert.deepStrictEqual(variantSides(1600, 1200), [800, 400, 128]);
  assert.deepStrictEqual(variantSides(256, 256), [128]);
  assert.deepStrictEqual(variantSides(128, 100), []);
});

Deno.test("a name with a colour has every smaller size; without one, only itself", () => {
  const name = imageObjectName("u1", { id, width: 1600, height: 1200, placeholder: "#a0b1c2", extension: "webp" });
  assert.equal(name, `u1/${id}-1600x1200-a0b1c2.webp`);
  assert.equal(
    imageObjectName("u1", { id, width: 1600, height: 1200, placeholder: "#a0b1c2", extension: "webp" }, 400),
    `u1/${id}-1600x1200-a0b1c2-400.webp`,
  );
  assert.deepStrictEqual(parseImageUrl(`${base}/${id}-1600x1200-a0b1c2.webp`), {
    width: 1600,
    height: 1200,
    placeholder: "#a0b1c2",
    sizes: [
      { url: `${base}/${id}-1600x1200-a0b1c2.webp`, width: 1600, height: 1200 },
      { url: `${base}/${id}-1600x1200-a0b1c2-800.webp`, width: 800, height: 600 },
      { url: `${base}/${id}-1600x1200-a0b1c2-400.webp`, width: 400, height: 300 },
      { url: `${base}/${id}-1600x1200-a0b1c2-128.webp`, width: 128, height: 96 },
    ],
  });
  assert.deepStrictEqual(parseImageUrl(`${base}/${id}-640x480.jpg`), {
    width: 640,
    height: 480,
    placeholder: null,
    sizes: [{ url: `${base}/${id}-640x480.jpg`, width: 640, height: 480 }],
  });
});

Deno.test("any other URL is not a set", () => {
  for (const url of [
    `${base}/${id}.png`, // stored before sizes existed
    `${base}/${id}-1600x1200-a0b1c2-800.webp`, // one of the smaller sizes itself
    `${base}/${id}-1601x1200-a0b1c2.webp`, // larger than any stored image
    `${base}/${id}-0x1200.webp`,
    `${base}/${id}-1600x1200-a0b1c2.webp?download`,
    "https://i.imgur.com/AbC123.jpg",
    "",
  ]) {
    assert.equal(parseImageUrl(url), null, url);
  }
});
