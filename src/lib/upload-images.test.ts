import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testId } from "@/testing/fixtures/ids.ts";
import { imageFileProblem, MAX_IMAGE_BYTES, uploadImages } from "./upload-images.ts";
import { json } from "@/testing/http.ts";

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.setItem("token", "a.b.c");
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const form = init.body as FormData;
    if (url.endsWith("/upload/image")) {
      return json(200, {
        success: true,
        url: `https://cdn.test/${(form.get("image") as File).name}`,
        public_id: `${testId(1)}/one.png`,
      });
    }
    if (url.endsWith("/upload/images")) {
      return json(200, {
        success: true,
        images: form.getAll("images").map((file) => ({
          url: `https://cdn.test/${(file as File).name}`,
          public_id: `${testId(1)}/${(file as File).name}`,
        })),
      });
    }
    return json(404, { error: "not_found", message: "No such API path" });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

describe("uploadImages", () => {
  it("sends one file to POST /upload/image as multipart field `image`", async () => {
    expect(await uploadImages([png("a.png")])).toEqual([
      { url: "https://cdn.test/a.png", public_id: `${testId(1)}/one.png` },
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/functions\/v1\/api\/upload\/image$/);
    expect(init.method).toBe("POST");
    expect(init.body).toBeInstanceOf(FormData);
    const headers = init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBeUndefined(); // the browser sets the multipart boundary
    expect(headers.Authorization).toBe("Bearer a.b.c");
  });

  it("sends several files to POST /upload/images as fields `images`", async () => {
    const answer = await uploadImages([png("a.png"), png("b.png"), png("c.png")]);
    expect(answer.map((image) => image.url)).toEqual([
      "https://cdn.test/a.png",
      "https://cdn.test/b.png",
      "https://cdn.test/c.png",
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/upload\/images$/);
  });

  it("sends nothing for no files", async () => {
    expect(await uploadImages([])).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails with the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(415, { error: "bad_request", message: "Only PNG, JPEG and GIF images are allowed" }),
    );
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
