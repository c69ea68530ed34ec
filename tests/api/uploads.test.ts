// Image uploads (POST /upload/image and /upload/images) through the gateway, the real api
// function and the Storage stand-in: real PNG, JPEG and GIF bytes stored and served back; every
// refusal answered with its status and message, and nothing stored. An image with its smaller
// sizes, WebP and metadata removal: image-sizes.test.ts.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "../../local-stack/keys.ts";
import { stackUrl, databaseUrl } from "../helpers/stack.ts";
import { storedImageCount } from "../helpers/stored-images.ts";
import { type Account, admin, business, influencer } from "../helpers/accounts.ts";
import { gif, jpeg, png } from "../helpers/images.ts";

const sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const MB = 1024 * 1024;

interface Part {
  name: string;
  bytes: Uint8Array;
  /** The type the sender declares; the server must not believe it. */
  type?: string;
}

async function upload(
  path: "/upload/image" | "/upload/images",
  field: string,
  parts: (Part | string)[],
  token?: string,
) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part === "string") form.append(field, part);
    else
      form.append(
        field,
        new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "application/octet-stream" }),
        part.name,
      );
  }
  const res = await fetch(`${stackUrl()}/functions/v1/api${path}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The objects stored in `owner`'s folder of the bucket. */
const storedCount = (owner: Account) => storedImageCount(sql, owner);

async function download(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    nosniff: res.headers.get("x-content-type-options"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A stored image without smaller sizes, as answered: its name says its size (contract/image-sets.ts). */
const storedImage = (owner: Account, extension: string, width: number, height: number) => ({
  url: expect.any(String),
  public_id: expect.stringMatching(new RegExp(`^${owner.user.id}/[0-9a-f-]{36}-${width}x${height}\\.${extension}$`)),
  width,
  height,
  placeholder: null,
  sizes: [{ url: expect.any(String), width, height }],
});

let shop: Account;
beforeAll(async () => {
  shop = await business();
});

describe("POST /upload/image", () => {
  it.each([
    ["a PNG", { name: "scarf.png", bytes: png(3, 2), type: "image/png" }, "png", "image/png", [3, 2]],
    ["a JPEG", { name: "scarf.jpg", bytes: jpeg(), type: "image/jpeg" }, "jpg", "image/jpeg", [8, 8]],
    ["a GIF", { name: "scarf.gif", bytes: gif(), type: "image/gif" }, "gif", "image/gif", [1, 1]],
    // Judged by its bytes: a real PNG with a misleading name and declared type is still a PNG.
    ["a PNG named .txt", { name: "scarf.txt", bytes: png(), type: "text/plain" }, "png", "image/png", [2, 2]],
  ] as const)(
    "stores %s in the caller's folder and serves the same bytes at its public URL",
    async (_what, part, extension, type, [width, height]) => {
      const owner = await business();
      const res = await upload("/upload/image", "image", [part], owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, ...storedImage(owner, extension, width, height) });
      expect(res.body.sizes[0].url).toBe(res.body.url);
      expect(res.body.url).toBe(`${stackUrl()}/storage/v1/object/public/campaign-images/${res.body.public_id}`);
      const served = await download(res.body.url);
      expect(served.status).toBe(200);
      expect(served.type).toBe(type);
      expect(served.nosniff).toBe("nosniff");
      expect(served.bytes.equals(Buffer.from(part.bytes))).toBe(true);
      expect(await storedCount(owner)).toBe(1);
    },
  );

  it("is the only way in: an approved business calling Storage directly stores nothing", async () => {
    const owner = await business();
    const res = await fetch(`${stackUrl()}/storage/v1/object/campaign-images/${owner.user.id}/evil.html`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, apikey: keys.publishableKey, "content-type": "image/png" },
      body: "<script>alert(document.cookie)</script>",
    });
    // Hosted Storage's shape: HTTP 400 with the meaning in statusCode.
    expect(res.status).toBe(400);
    expect((await res.json()).statusCode).toBe("403");
    expect(await storedCount(owner)).toBe(0);
  });

  it("takes the stack's secret key only as apikey, as the function sends it: as a bearer token it is refused", async () => {
    const owner = await business();
    const put = (headers: Record<string, string>, name: string) =>
      fetch(`${stackUrl()}/storage/v1/object/campaign-images/${owner.user.id}/${name}`, {
        method: "POST",
        headers: { ...headers, "content-type": "image/png" },
        body: new Uint8Array(png(8, 8)),
      });
    const asBearer = await put({ authorization: `Bearer ${keys.secretKey}`, apikey: keys.secretKey }, "bearer.png");
    expect(asBearer.status).toBe(401);
    expect((await asBearer.json()).message).toBe("Invalid JWT");
    expect(await storedCount(owner)).toBe(0);
    const publishable = await put({ apikey: keys.publishableKey }, "publishable.png");
    expect((await publishable.json()).statusCode).toBe("403");
    expect(await storedCount(owner)).toBe(0);
    const asApikey = await put({ apikey: keys.secretKey }, "service.png");
    expect(asApikey.status).toBe(200);
    expect(await storedCount(owner)).toBe(1);
  });

  it.each([
    [
      "a text file renamed .png",
      { name: "photo.png", bytes: Buffer.from("just some text, honestly"), type: "image/png" },
      "photo.png is not a PNG, JPEG, GIF or WebP image",
    ],
    [
      "a text file",
      { name: "photo.txt", bytes: Buffer.from("hello"), type: "text/plain" },
      "photo.txt is not a PNG, JPEG, GIF or WebP image",
    ],
    [
      "an SVG",
      { name: "logo.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: "image/svg+xml" },
      "logo.svg is not a PNG, JPEG, GIF or WebP image",
    ],
    [
      "an AVIF",
      { name: "photo.avif", bytes: Buffer.from("\0\0\0\x1cftypavif\0\0\0\0"), type: "image/avif" },
      "photo.avif is not a PNG, JPEG, GIF or WebP image",
    ],
    [
      "an empty file",
      { name: "empty.png", bytes: new Uint8Array(0), type: "image/png" },
      "empty.png is not a PNG, JPEG, GIF or WebP image",
    ],
    [
      "a truncated PNG signature",
      { name: "cut.png", bytes: png().subarray(0, 5), type: "image/png" },
      "cut.png is not a PNG, JPEG, GIF or WebP image",
    ],
  ])("refuses %s with 415 and stores nothing", async (_what, part, message) => {
    const owner = await business();
    const res = await upload("/upload/image", "image", [part], owner.token);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: "unsupported_media_type", field: "image", message });
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses an image one byte over 10 MB with 413 naming it, and stores nothing", async () => {
    const owner = await business();
    const bytes = Buffer.concat([png(), Buffer.alloc(10 * MB + 1 - png().length)]);
    const res = await upload("/upload/image", "image", [{ name: "huge.png", bytes, type: "image/png" }], owner.token);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "payload_too_large", field: "image", message: "huge.png is larger than 10 MB" });
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses a body over 20 MB (an image and its sizes) from its length alone, and stores nothing", async () => {
    const owner = await business();
    const bytes = Buffer.concat([png(), Buffer.alloc(21 * MB)]);
    const res = await upload("/upload/image", "image", [{ name: "giant.png", bytes, type: "image/png" }], owner.token);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: "payload_too_large",
      field: "image",
      message: "The image and its sizes are larger than 20 MB",
    });
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses an image wider or taller than 1600 px with 413 naming the limit, and stores nothing", async () => {
    const owner = await business();
    for (const [name, bytes, size] of [
      ["wide.png", png(1601, 2), "1601×2"],
      [
        "tall.gif",
        Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 0x40, 0x1f]), gif().subarray(10)]),
        "1×8000",
      ],
    ] as const) {
      const res = await upload("/upload/image", "image", [{ name, bytes }], owner.token);
      expect([res.status, res.body]).toEqual([
        413,
        {
          error: "payload_too_large",
          field: "image",
          message: `${name} is ${size} px: images can be at most 1600 px on their longest side`,
        },
      ]);
    }
    expect(await storedCount(owner)).toBe(0);
    const edge = await upload("/upload/image", "image", [{ name: "edge.png", bytes: png(1600, 3) }], owner.token);
    expect(edge.status).toBe(200);
  });

  it("refuses a JPEG whose size cannot be read", async () => {
    const owner = await business();
    const headless = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]);
    const res = await upload("/upload/image", "image", [{ name: "odd.jpg", bytes: headless }], owner.token);
    expect([res.status, res.body]).toEqual([
      400,
      { error: "invalid_input", field: "image", message: "odd.jpg is not a readable image: its size cannot be read" },
    ]);
  });

  it("accepts an image of exactly 10 MB, and stores it without what follows its end", async () => {
    const owner = await business();
    const bytes = Buffer.concat([png(), Buffer.alloc(10 * MB - png().length)]);
    const res = await upload("/upload/image", "image", [{ name: "big.png", bytes, type: "image/png" }], owner.token);
    expect(res.status).toBe(200);
    expect((await download(res.body.url)).bytes.equals(png())).toBe(true);
  });

  it.each([
    ["no file", [], "Please choose one image to upload"],
    [
      "two files",
      [
        { name: "a.png", bytes: png() },
        { name: "b.png", bytes: png() },
      ],
      "Please choose one image to upload",
    ],
    ["text instead of a file", ["https://example.com/a.png"], "image must be a file"],
  ])("refuses %s with 400 and stores nothing", async (_what, parts, message) => {
    const owner = await business();
    const res = await upload("/upload/image", "image", parts as (Part | string)[], owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "image", message });
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses a file sent in another field", async () => {
    const res = await upload("/upload/image", "photo", [{ name: "a.png", bytes: png() }], shop.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "image", message: "Please choose one image to upload" });
  });

  it("refuses a body that is not multipart", async () => {
    const res = await fetch(`${stackUrl()}/functions/v1/api/upload/image`, {
      method: "POST",
      headers: { authorization: `Bearer ${shop.token}`, "content-type": "image/png" },
      body: new Uint8Array(png()),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_input",
      field: "image",
      message: "Send the image as multipart/form-data in the field image",
    });
  });

  it.each([
    [
      "a pending business",
      () => business("pending"),
      "Your account is pending admin approval. You can upload images once it is approved.",
    ],
    ["an influencer", () => influencer(), "Only businesses can upload images"],
    ["an admin", () => admin(), "Only businesses can upload images"],
  ])("refuses %s with 403 and stores nothing", async (_who, account, message) => {
    const caller = await account();
    const res = await upload(
      "/upload/image",
      "image",
      [{ name: "a.png", bytes: png(), type: "image/png" }],
      caller.token,
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
    expect(await storedCount(caller)).toBe(0);
  });

  it("answers a refused caller even while a large image is still being sent", async () => {
    const caller = await business("pending");
    const bytes = Buffer.concat([png(), Buffer.alloc(8 * MB)]);
    const res = await upload("/upload/image", "image", [{ name: "big.png", bytes, type: "image/png" }], caller.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "forbidden",
      message: "Your account is pending admin approval. You can upload images once it is approved.",
    });
    expect(await storedCount(caller)).toBe(0);
  });

  it("refuses an anonymous caller with 401", async () => {
    const res = await upload("/upload/image", "image", [{ name: "a.png", bytes: png() }]);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: "Please sign in to continue" });
  });
});

describe("POST /upload/images", () => {
  it("stores 1 to 5 images of mixed types, in order, each served back", async () => {
    const owner = await business();
    const parts = [
      { name: "front.png", bytes: png(4, 4), type: "image/png" },
      { name: "side.jpg", bytes: jpeg(), type: "image/jpeg" },
      { name: "spin.gif", bytes: gif(), type: "image/gif" },
      { name: "back.png", bytes: png(1, 1, [0, 0, 0, 255]), type: "image/png" },
      { name: "label.jpg", bytes: jpeg(), type: "application/octet-stream" },
    ];
    const res = await upload("/upload/images", "images", parts, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      images: [
        storedImage(owner, "png", 4, 4),
        storedImage(owner, "jpg", 8, 8),
        storedImage(owner, "gif", 1, 1),
        storedImage(owner, "png", 1, 1),
        storedImage(owner, "jpg", 8, 8),
      ],
    });
    for (const [i, image] of res.body.images.entries()) {
      expect(image.url).toBe(`${stackUrl()}/storage/v1/object/public/campaign-images/${image.public_id}`);
      expect((await download(image.url)).bytes.equals(Buffer.from(parts[i].bytes))).toBe(true);
    }
    expect(await storedCount(owner)).toBe(5);
  });

  it("stores a single image too", async () => {
    const res = await upload("/upload/images", "images", [{ name: "one.gif", bytes: gif() }], shop.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      images: [storedImage(shop, "gif", 1, 1)],
    });
  });

  it("refuses 6 files with 400 and stores nothing", async () => {
    const owner = await business();
    const parts = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: png(), type: "image/png" }));
    const res = await upload("/upload/images", "images", parts, owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "images", message: "Maximum 5 images allowed" });
    expect(await storedCount(owner)).toBe(0);
  });

  it.each([
    [
      "a renamed text file",
      { name: "photo.png", bytes: Buffer.from("not an image") },
      415,
      { error: "unsupported_media_type", field: "images", message: "photo.png is not a PNG, JPEG, GIF or WebP image" },
    ],
    [
      "a file over 10 MB",
      { name: "huge.jpg", bytes: Buffer.concat([jpeg(), Buffer.alloc(10 * MB)]) },
      413,
      { error: "payload_too_large", field: "images", message: "huge.jpg is larger than 10 MB" },
    ],
  ])("refuses the whole request when one file is %s, storing none of them", async (_what, bad, status, body) => {
    const owner = await business();
    const parts = [{ name: "good.png", bytes: png() }, bad, { name: "also-good.gif", bytes: gif() }];
    const res = await upload("/upload/images", "images", parts, owner.token);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses no file with 400", async () => {
    const res = await upload("/upload/images", "images", [], shop.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "images",
      message: "Please choose 1 to 5 images to upload",
    });
  });

  it("refuses a body far over 5 x 10 MB from its length alone", async () => {
    const owner = await business();
    const parts = Array.from({ length: 5 }, (_, i) => ({
      name: `${i}.png`,
      bytes: Buffer.concat([png(), Buffer.alloc(10 * MB + MB / 2)]),
    }));
    const res = await upload("/upload/images", "images", parts, owner.token);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: "payload_too_large",
      field: "images",
      message: "The images are larger than 5 files of 10 MB each",
    });
    expect(await storedCount(owner)).toBe(0);
  });

  it("refuses an influencer with 403", async () => {
    const res = await upload("/upload/images", "images", [{ name: "a.png", bytes: png() }], (await influencer()).token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only businesses can upload images" });
  });
});
