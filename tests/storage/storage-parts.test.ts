// The Storage stand-in's pure parts, on inputs the HTTP test cannot easily aim at: multipart bodies
// cut at every possible place, the key rules, hosted Storage's MIME matching, config sizes.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StorageError } from "../../local-stack/storage/errors.ts";
import { multipartBoundary, readMultipart, type MultipartEvent } from "../../local-stack/storage/multipart.ts";
import { isSafeKey, objectFile, parseObjectRef } from "../../local-stack/storage/object-path.ts";
import { checkMimeType, globalLimitFromConfig, maxObjectSize, parseSize } from "../../local-stack/storage/upload-rules.ts";

/** A body as undici's FormData (what storage-js sends) serialises it. */
async function formBody(form: FormData) {
  const response = new Response(form);
  return { type: response.headers.get("content-type")!, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function* inPieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The parts of a multipart body as { name, filename, type, data }. */
async function collect(events: AsyncIterable<MultipartEvent>) {
  const parts: { name: string; filename?: string; type?: string; data: Buffer }[] = [];
  const chunks: Buffer[] = [];
  for await (const event of events) {
    if (event.kind === "part") parts.push({ name: event.part.name, filename: event.part.filename, type: event.part.contentType, data: Buffer.alloc(0) });
    if (event.kind === "data") chunks.push(Buffer.from(event.chunk));
    if (event.kind === "part-end") parts[parts.length - 1].data = Buffer.concat(chunks.splice(0));
  }
  return parts;
}

describe("readMultipart", () => {
  it("reads storage-js's form the same however the body is cut into chunks", async () => {
    // File bytes that look like the start of a delimiter, to tempt a naive parser.
    const file = Buffer.concat([randomBytes(3000), Buffer.from("\r\n--\r\n-"), randomBytes(3000), Buffer.from("\r\n")]);
    const form = new FormData();
    form.append("cacheControl", "3600");
    form.append("metadata", JSON.stringify({ note: "ünïcode" }));
    form.append("", new Blob([file], { type: "image/png" }));
    const { type, bytes } = await formBody(form);
    const boundary = multipartBoundary(type)!;
    expect(boundary).toBeTruthy();

    for (const size of [1, 2, 3, 5, 17, 64, 1000, bytes.length]) {
      const parts = await collect(readMultipart(inPieces(bytes, size), boundary));
      expect(parts.map((p) => [p.name, p.filename, p.type])).toEqual([
        ["cacheControl", undefined, undefined],
        ["metadata", undefined, undefined],
        ["", "blob", "image/png"],
      ]);
      expect(parts[0].data.toString()).toBe("3600");
      expect(JSON.parse(parts[1].data.toString())).toEqual({ note: "ünïcode" });
      expect(parts[2].data.equals(file)).toBe(true);
    }
  });

  it("takes a quoted boundary, a preamble, a part without headers and an empty file", async () => {
    const body = Buffer.from(
      "ignored preamble\r\n--xyz\r\n\r\nbare\r\n--xyz\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a \\\"b\\\".png\"\r\n\r\n\r\n--xyz--\r\nepilogue",
    );
    const boundary = multipartBoundary('multipart/form-data; boundary="xyz"')!;
    const parts = await collect(readMultipart(inPieces(body, 4), boundary));
    expect(parts).toEqual([
      { name: "", filename: undefined, type: undefined, data: Buffer.from("bare") },
      { name: "f", filename: 'a "b".png', type: undefined, data: Buffer.alloc(0) },
    ]);
  });

  it("refuses a body that stops before its close delimiter", async () => {
    const body = Buffer.from("--xyz\r\nContent-Disposition: form-data; name=\"\"; filename=\"x\"\r\n\r\nhalf a fi");
    await expect(collect(readMultipart(inPieces(body, 8), "xyz"))).rejects.toThrow("ended before its close delimiter");
  });

  it("knows multipart content types from the others", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----formdata-undici-0123")).toBe("----formdata-undici-0123");
    expect(multipartBoundary("image/png")).toBeUndefined();
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});

describe("object keys", () => {
  it("decodes the bucket segment, then the key as one string", () => {
    expect(parseObjectRef("avatars/folder/cat%20one.png")).toEqual({ bucket: "avatars", key: "folder/cat one.png" });
    expect(parseObjectRef("avatars/a%2Fb.png")).toEqual({ bucket: "avatars", key: "a/b.png" });
    expect(() => parseObjectRef("..%2Fetc/x")).toThrow(StorageError);
    expect(() => parseObjectRef("%E0%A4%A/x")).toThrow("Bucket not found");
  });

  it("accepts hosted Storage's key alphabet and refuses what could leave the folder", () => {
    for (const key of ["a.png", "u/1/a b (2).png", "x/.hidden", "a..b", "!*'();:@&=+$,?-_.png"]) expect(isSafeKey(key)).toBe(true);
    for (const key of ["", "..", "../a", "a/../b", "a/./b", "./a", "/abs", "a//b", "a/", "a\u0000b", "a\\b", "é.png", "a%2Fb"]) {
      expect({ key, safe: isSafeKey(key) }).toEqual({ key, safe: false });
    }
  });

  it("places files inside the bucket folder only", () => {
    expect(objectFile("/data", { bucket: "b", key: "x/y.png" })).toBe("/data/b/x/y.png");
    expect(() => objectFile("/data", { bucket: "b", key: "../y.png" })).toThrow("Invalid key");
    expect(() => objectFile("/data", { bucket: "..", key: "y.png" })).toThrow("Bucket not found");
  });
});

describe("bucket rules", () => {
  it("matches MIME types exactly as hosted Storage does", () => {
    expect(() => checkMimeType("image/png", ["image/png"])).not.toThrow();
    expect(() => checkMimeType("image/webp", ["image/*"])).not.toThrow();
    expect(() => checkMimeType("anything", null)).not.toThrow();
    expect(() => checkMimeType("anything", [])).not.toThrow();
    for (const type of ["text/plain", "image/png; charset=utf-8", "image", "IMAGE/PNG"]) {
      expect(() => checkMimeType(type, ["image/png", "image/jpeg"])).toThrow(`mime type ${type} is not supported`);
    }
  });

  it("caps the bucket limit by the global one", () => {
    expect(maxObjectSize(1024, 10 * 1024)).toBe(1024);
    expect(maxObjectSize(null, 10 * 1024)).toBe(10 * 1024);
    expect(maxObjectSize(1 << 30, 10 * 1024)).toBe(10 * 1024);
  });

  const root = mkdtempSync(join(tmpdir(), "storage-config-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads the global limit from supabase/config.toml as the CLI does", () => {
    expect(parseSize("10MiB")).toBe(10 * 1024 * 1024);
    expect(parseSize("50MB")).toBe(50 * 1024 * 1024);
    expect(parseSize("1.5GiB")).toBe(1.5 * 1024 ** 3);
    expect(parseSize("500")).toBe(500);
    expect(parseSize("lots")).toBeUndefined();

    mkdirSync(join(root, "supabase"));
    writeFileSync(join(root, "supabase", "config.toml"), '[api]\nfile_size_limit = "1KiB"\n\n[storage]\nenabled = true\nfile_size_limit = "7MiB"\n\n[auth]\n');
    expect(globalLimitFromConfig(root)).toBe(7 * 1024 * 1024);
    writeFileSync(join(root, "supabase", "config.toml"), "[storage]\nenabled = true\n");
    expect(globalLimitFromConfig(root)).toBe(50 * 1024 * 1024);
    // This project's own setting.
    expect(globalLimitFromConfig()).toBe(10 * 1024 * 1024);
  });
});
