// A camera photo uploaded through the campaign screen in real Chromium (issue 27, first step): a
// 4032×3024 JPEG of noise (so it does not compress away), carrying an EXIF block, is stored at
// 1600 px on its long side, a fraction of its size, and without the EXIF block. The photo is made
// by the browser's own canvas and the EXIF block spliced in here, byte by byte.
import { expect, test } from "@playwright/test";
import { business } from "../helpers/accounts.ts";
import { budget } from "./time-budget.ts";

const phone = { width: 360, height: 780 };

/** An APP1 segment holding a minimal big-endian EXIF block (no entries) with a GPS marker text. */
function exifSegment(): Buffer {
  const body = Buffer.concat([
    Buffer.from("Exif\0\0", "latin1"),
    Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from("GPS 11.5564N 104.9282E", "latin1"),
  ]);
  const length = body.length + 2;
  return Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), body]);
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error("no start-of-frame segment");
}

test("a 4032x3024 camera photo is stored at 1600 px, a fraction of its size, without its EXIF", async ({ browser }) => {
  // Drawing 12 million noisy pixels and carrying the 9 MB file out of the page takes a while.
  test.setTimeout(budget(120_000));
  const shop = await business();
  const page = await (await browser.newContext({ viewport: phone })).newPage();
  await page.goto("/?lang=en");
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("token", access);
      localStorage.setItem("refresh_token", refresh);
    },
    [shop.token, shop.refresh_token!],
  );
  await page.goto("/business/create-campaign");

  const drawn = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 4032;
    canvas.height = 3024;
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(canvas.width, canvas.height);
    let seed = 20261126;
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      pixels.data[i] = seed & 0xff;
      pixels.data[i + 1] = (seed >> 8) & 0xff;
      pixels.data[i + 2] = (seed >> 16) & 0xff;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
    // As a data URL: far quicker out of the page than an array of numbers.
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  });
  const plain = Buffer.from(drawn.slice(drawn.indexOf(",") + 1), "base64");
  const photo = Buffer.concat([plain.subarray(0, 2), exifSegment(), plain.subarray(2)]);
  expect(jpegSize(photo)).toEqual({ width: 4032, height: 3024 });
  expect(photo.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(true);

  const upload = page.waitForResponse(
    (response) => response.url().endsWith("/functions/v1/api/upload/image") && response.request().method() === "POST",
  );
  const started = Date.now();
  await page.getByLabel("Upload Images").setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  const answer = await upload;
  const took = Date.now() - started;
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };

  const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
  console.log(
    `photo upload: original ${photo.length} bytes (4032x3024), ` +
      `stored ${stored.length} bytes ${JSON.stringify(jpegSize(stored))}, ${took} ms from choosing to the answer`,
  );
  expect(jpegSize(stored)).toEqual({ width: 1600, height: 1200 });
  expect(stored.length).toBeLessThan(photo.length / 2);
  expect(stored.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
  expect(stored.includes(Buffer.from("GPS 11.5564N", "latin1"))).toBe(false);
  await expect(page.getByLabel("Image URL 1")).toHaveValue(url);
});
