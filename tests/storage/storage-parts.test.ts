// The Storage stand-in's pure parts, on inputs the HTTP test cannot easily aim at: the key rules,
// hosted Storage's MIME matching, config sizes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StorageError } from "../../local-stack/storage/errors.ts";
import { isSafeKey, objectFile, parseObjectRef } from "../../local-stack/storage/object-path.ts";
import {
  checkMimeType,
  globalLimitFromConfig,
  maxObjectSize,
  parseSize,
} from "../../local-stack/storage/upload-rules.ts";

describe("object keys", () => {
  it("decodes the bucket segment, then the key as one string", () => {
    expect(parseObjectRef("avatars/folder/cat%20one.png")).toEqual({ bucket: "avatars", key: "folder/cat one.png" });
    expect(parseObjectRef("avatars/a%2Fb.png")).toEqual({ bucket: "avatars", key: "a/b.png" });
    expect(() => parseObjectRef("..%2Fetc/x")).toThrow(StorageError);
    expect(() => parseObjectRef("%E0%A4%A/x")).toThrow("Bucket not found");
  });

  it("accepts hosted Storage's key alphabet and refuses what could leave the folder", () => {
    for (const key of ["a.png", "u/1/a b (2).png", "x/.hidden", "a..b", "!*'();:@&=+$,?-_.png"])
      expect(isSafeKey(key)).toBe(true);
    for (const key of [
      "",
      "..",
      "../a",
      "a/../b",
      "a/./b",
      "./a",
      "/abs",
      "a//b",
      "a/",
      "a\u0000b",
      "a\\b",
      "é.png",
      "a%2Fb",
    ]) {
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
    writeFileSync(
      join(root, "supabase", "config.toml"),
      '[api]\nfile_size_limit = "1KiB"\n\n[storage]\nenabled = true\nfile_size_limit = "7MiB"\n\n[auth]\n',
    );
    expect(globalLimitFromConfig(root)).toBe(7 * 1024 * 1024);
    writeFileSync(join(root, "supabase", "config.toml"), "[storage]\nenabled = true\n");
    expect(globalLimitFromConfig(root)).toBe(50 * 1024 * 1024);
    // This project's own setting.
    expect(globalLimitFromConfig()).toBe(10 * 1024 * 1024);
  });
});
