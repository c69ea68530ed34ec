// An image uploaded with its smaller sizes (POST /upload/image, issue 27) through the gateway, the
// real api function and the Storage stand-in. The images are real encodings made here with sharp
// (libvips), camera-style with an EXIF block holding a GPS position: every size is stored, each
// answers at its URL with its type and dimensions, no stored file keeps the EXIF, and every
// malformed set is refused with a message naming the field, storing nothing.
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { stackUrl, databaseUrl } from "../helpers/stack.ts";
import { storedImageCount } from "../helpers/stored-images.ts";
import { type Account, business } from "../helpers/accounts.ts";

const sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

/** A camera's EXIF block: the phone's make and where the photo was taken (a shop in Phnom Penh). */
const cameraExif = {
  IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "11/1 33/1 2304/100",
    GPSLongitudeRef: "E",
    GPSLongitude: "104/1 55/1 4152/100",
  },
};

type Format = "webp" | "jpeg" | "png";

/** A noisy photo of `width`×`height` (so it does not compress to nothing) in `format`, with the camera's EXIF. */
function photo(width: number, height: number, format: Format = "webp"): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: "#b04a3a", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .withExif(cameraExif)
    .toFormat(format)
    .toBuffer();
}

type Field = [name: string, value: Buffer | string, filename?: string];

async function upload(fields: Field[], token: string) {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? `${name}.bin`);
  }
  const res = await fetch(`${stackUrl()}/functions/v1/api/upload/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The objects stored in `owner`'s folder of the bucket. */
const storedCount = (owner: Account) => storedImageCount(sql, owner);

/** What a browser gets at `url`: the type and cache header served, and the decoded format, size and EXIF. */
async function served(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    bytes,
  };
}

/**
 * True when nothing of the camera's EXIF block is left in the bytes: neither its "Exif\0\0" header
 * nor the phone's make. (The chunk's own four letters are not searched for: a megabyte of noisy
 * pixels holds a given four bytes about once in 4,000 files. Whether a chunk is left is what the
 * decoder's `exif` says.)
 */
const gpsFree = (bytes: Buffer) => !bytes.includes("Exif\0\0") && !bytes.includes("PhoneMaker");

describe("POST /upload/image with its sizes", () => {
  it("stores a 1600×1200 WebP with its 800, 400 and 128 px sizes; each answers with its type and size, without EXIF", async () => {
    const owner = await business();
    const main = await photo(1600, 1200);
    const sizes = { 800: [800, 600], 400: [400, 300], 128: [128, 96] } as const;
    const fields: Field[] = [
      ["image", main, "IMG_0001.webp"],
      ["placeholder", "#A0B1C2"],
    ];
    for (const [side, [width, height]] of Object.entries(sizes)) {
      fields.push([
        `image_${side}`,
        await sharp(main).resize(width, height, { fit: "fill" }).withExif(cameraExif).webp().toBuffer(),
      ]);
    }
    expect((await sharp(main).metadata()).exif).toBeDefined();

    const res = await upload(fields, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      url: `${stackUrl()}/storage/v1/object/public/campaign-images/${res.body.public_id}`,
      public_id: expect.stringMatching(new RegExp(`^${owner.user.id}/[0-9a-f-]{36}-1600x1200-a0b1c2\\.webp$`)),
      width: 1600,
      height: 1200,
      placeholder: "#a0b1c2",
      sizes: [
        { url: res.body.url, width: 1600, height: 1200 },
        { url: res.body.url.replace(/\.webp$/, "-800.webp"), width: 800, height: 600 },
        { url: res.body.url.replace(/\.webp$/, "-400.webp"), width: 400, height: 300 },
        { url: res.body.url.replace(/\.webp$/, "-128.webp"), width: 128, height: 96 },
      ],
    });
    for (const size of res.body.sizes as { url: string; width: number; height: number }[]) {
      const file = await served(size.url);
      expect({ ...file, bytes: undefined }).toEqual({
        status: 200,
        type: "image/webp",
        cache: "max-age=31536000",
        format: "webp",
        width: size.width,
        height: size.height,
        exif: undefined,
        bytes: undefined,
      });
      expect(gpsFree(file.bytes)).toBe(true);
    }
    expect(await storedCount(owner)).toBe(4);
  });

  it("stores a square logo of 256 px with its 128 px size", async () => {
    const owner = await business();
    const logo = await photo(256, 256, "png");
    const res = await upload(
      [
        ["image", logo, "logo.png"],
        ["image_128", await sharp(logo).resize(128, 128).png().toBuffer()],
        ["placeholder", "#ffffff"],
      ],
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.sizes.map((size: { width: number }) => size.width)).toEqual([256, 128]);
    for (const size of res.body.sizes) expect((await served(size.url)).exif).toBeUndefined();
  });

  it.each(["jpeg", "png", "webp"] as const)("removes a camera's EXIF (GPS) from a %s sent alone", async (format) => {
    const owner = await business();
    const original = await photo(640, 480, format);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload([["image", original, `IMG.${format}`]], owner.token);
    expect(res.status).toBe(200);
    expect(res.body.sizes).toHaveLength(1);
    const file = await served(res.body.url);
    expect([file.format, file.width, file.height, file.exif]).toEqual([format, 640, 480, undefined]);
    expect(gpsFree(file.bytes)).toBe(true);
  });

  it("refuses every malformed set with 400 naming the field, and stores nothing", async () => {
    const owner = await business();
    const main = await photo(1600, 1200);
    const scaled = (width: number, height: number, format: Format = "webp") =>
      sharp(main).resize(width, height, { fit: "fill" }).toFormat(format).toBuffer();
    const all: Field[] = [
      ["image", main, "main.webp"],
      ["image_800", await scaled(800, 600)],
      ["image_400", await scaled(400, 300)],
      ["image_128", await scaled(128, 96)],
    ];
    const without = (name: string) => all.filter(([field]) => field !== name);
    const cases: [Field[], string, string][] = [
      [all, "placeholder", "Send placeholder with the image's sizes"],
      [[...all, ["placeholder", "red"]], "placeholder", "placeholder must be a colour such as #a0b1c2"],
      [
        [...without("image_128"), ["placeholder", "#a0b1c2"]],
        "image_128",
        "image_128 is missing: an image of 1600×1200 px is sent with its sizes at 800, 400, 128 px",
      ],
      [
        [...without("image_800"), ["image_800", await scaled(800, 601)], ["placeholder", "#a0b1c2"]],
        "image_800",
        "image_800 is 800×601 px: it must be the image at 800×600 px",
      ],
      [
        [...without("image_400"), ["image_400", await scaled(400, 300, "jpeg")], ["placeholder", "#a0b1c2"]],
        "image_400",
        "image_400 must be in the image's format (webp)",
      ],
      [
        [
          ["image", await photo(600, 400), "small.webp"],
          ["image_800", await scaled(800, 600)],
          ["placeholder", "#a0b1c2"],
        ],
        "image_800",
        "image_800 is not needed: the image is 600×400 px",
      ],
      [
        [["image", Buffer.from("RIFF\0\0\0\0WEBPVP8 "), "cut.webp"]],
        "image",
        "cut.webp is not a readable image: its size cannot be read",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await upload(fields, owner.token);
      expect([res.status, res.body]).toEqual([400, { error: "invalid_input", field, message }]);
    }
    expect(await storedCount(owner)).toBe(0);
  });
});
