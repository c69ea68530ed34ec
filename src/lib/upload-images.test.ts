import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { uploadedImage } from "@/testing/fixtures/images.ts";
import { imageFileProblem, MAX_IMAGE_BYTES, uploadImage, type UploadProgress } from "./upload-images.ts";

beforeEach(() => {
  localStorage.setItem("token", "a.b.c");
  fakeApi.on(API.uploadImage, ({ body }) => uploadedImage(`https://cdn.test/${(body.get("image") as File).name}`));
});

afterEach(() => {
  localStorage.clear();
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

describe("uploadImage", () => {
  it("sends the file to POST /upload/image as multipart field `image`, telling its progress", async () => {
    const progress: UploadProgress[] = [];
    const { url, sizes } = await uploadImage(png("a.png"), { onProgress: (step) => progress.push(step) });
    expect([url, sizes]).toEqual(["https://cdn.test/a.png", [{ url: "https://cdn.test/a.png", width: 1, height: 1 }]]);
    // jsdom cannot decode images: the file goes as it is, without smaller sizes.
    const [sent] = fakeApi.calls(API.uploadImage);
    expect(sent.url.pathname).toMatch(/\/functions\/v1\/api\/upload\/image$/);
    expect(sent.method).toBe("POST");
    expect([...sent.body.keys()]).toEqual(["image"]);
    expect(sent.headers.get("Content-Type")).toBeNull(); // the browser sets the multipart boundary
    expect(sent.headers.get("Authorization")).toBe("Bearer a.b.c");
    expect(progress).toEqual([{ stage: "preparing" }, { stage: "sending", sent: 0 }, { stage: "sending", sent: 1 }]);
  });

  it("fails with the server's message", async () => {
    fakeApi.on(API.uploadImage, fail("unsupported_media_type", "a.png is not a PNG, JPEG, GIF or WebP image"));
    await expect(uploadImage(png("a.png"))).rejects.toMatchObject({
      message: "a.png is not a PNG, JPEG, GIF or WebP image",
      fromServer: true,
    });
  });

  it("sends nothing once cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadImage(png("a.png"), { signal: controller.signal })).rejects.toBeDefined();
    expect(fakeApi.calls(API.uploadImage)).toHaveLength(0);
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
