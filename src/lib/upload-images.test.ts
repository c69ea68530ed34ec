import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { imageFileProblem, MAX_IMAGE_BYTES, uploadImages } from "./upload-images.ts";

beforeEach(() => {
  localStorage.setItem("token", "a.b.c");
  fakeApi.on(API.uploadImage, ({ body }) => ({
    success: true as const,
    url: `https://cdn.test/${(body.get("image") as File).name}`,
    public_id: `${testId(1)}/one.png`,
  }));
  fakeApi.on(API.uploadImages, ({ body }) => ({
    success: true as const,
    images: body.getAll("images").map((file) => ({
      url: `https://cdn.test/${(file as File).name}`,
      public_id: `${testId(1)}/${(file as File).name}`,
    })),
  }));
});

afterEach(() => {
  localStorage.clear();
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

describe("uploadImages", () => {
  it("sends one file to POST /upload/image as multipart field `image`", async () => {
    expect(await uploadImages([png("a.png")])).toEqual([
      { url: "https://cdn.test/a.png", public_id: `${testId(1)}/one.png` },
    ]);
    expect(fakeApi.calls(API.uploadImage)).toHaveLength(1);
    const [sent] = fakeApi.calls(API.uploadImage);
    expect(sent.url.pathname).toMatch(/\/functions\/v1\/api\/upload\/image$/);
    expect(sent.method).toBe("POST");
    expect(sent.body).toBeInstanceOf(FormData);
    expect(sent.headers.get("Content-Type")).toBeNull(); // the browser sets the multipart boundary
    expect(sent.headers.get("Authorization")).toBe("Bearer a.b.c");
  });

  it("sends several files to POST /upload/images as fields `images`", async () => {
    const answer = await uploadImages([png("a.png"), png("b.png"), png("c.png")]);
    expect(answer.map((image) => image.url)).toEqual([
      "https://cdn.test/a.png",
      "https://cdn.test/b.png",
      "https://cdn.test/c.png",
    ]);
    expect(fakeApi.calls(API.uploadImages)).toHaveLength(1);
    expect(fakeApi.calls(API.uploadImages)[0].url.pathname).toMatch(/\/upload\/images$/);
    expect(fakeApi.calls(API.uploadImage)).toHaveLength(0);
  });

  it("sends nothing for no files", async () => {
    expect(await uploadImages([])).toEqual([]);
    expect(fakeApi.calls(API.uploadImage)).toHaveLength(0);
    expect(fakeApi.calls(API.uploadImages)).toHaveLength(0);
  });

  it("fails with the server's message", async () => {
    fakeApi.on(API.uploadImage, fail("unsupported_media_type", "Only PNG, JPEG and GIF images are allowed"));
    await expect(uploadImages([png("a.png")])).rejects.toMatchObject({
      message: "Only PNG, JPEG and GIF images are allowed",
      fromServer: true,
    });
  });
});

describe("imageFileProblem", () => {
  it("accepts PNG, JPEG and GIF up to 10 MB", () => {
    expect(imageFileProblem({ name: "a.png", type: "image/png", size: 10 })).toBeNull();
    expect(imageFileProblem({ name: "a.jpg", type: "image/jpeg", size: MAX_IMAGE_BYTES })).toBeNull();
    expect(imageFileProblem({ name: "a.gif", type: "image/gif", size: 1 })).toBeNull();
  });

  it("refuses other types and files over 10 MB", () => {
    expect(imageFileProblem({ name: "a.webp", type: "image/webp", size: 10 })).toBe("type");
    expect(imageFileProblem({ name: "a.pdf", type: "application/pdf", size: 10 })).toBe("type");
    expect(imageFileProblem({ name: "a.png", type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe("size");
  });
});
