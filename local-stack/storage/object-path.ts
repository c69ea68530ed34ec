// Object names from request paths, and where their bytes live on disk.
//
// Hosted Storage keeps objects in S3, where a key is an opaque string; here a key becomes a file
// path under `${dataDir}/<bucket>/`, so anything that could climb out of that folder is refused.
// Keys are decoded the way hosted Storage's router does (the bucket segment alone, then the rest
// as one string, so "%2F" is a slash), then checked against hosted Storage's allowed characters
// plus the file-system rules: no empty, "." or ".." segments (so no absolute paths either).
import { resolve, sep } from "node:path";
import { storageErrors } from "./errors.ts";

// Hosted Storage's key alphabet (S3-safe characters). NUL, backslash, "%" and non-ASCII are out.
const KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const BUCKET_CHARACTERS = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

export interface ObjectRef {
  bucket: string;
  key: string;
}

/**
 * Splits the encoded rest of an object route ("avatars/folder/cat%20one.png") into bucket and
 * key. An impossible bucket name is a missing bucket; the key is checked separately (hosted
 * Storage looks the bucket up first), and once more by objectFile() before any disk access.
 */
export function parseObjectRef(encodedRest: string): ObjectRef {
  const slash = encodedRest.indexOf("/");
  const bucket = decodeSegment(slash === -1 ? encodedRest : encodedRest.slice(0, slash));
  if (bucket === undefined || !isBucketName(bucket)) throw storageErrors.bucketNotFound();
  const rawKey = slash === -1 ? "" : encodedRest.slice(slash + 1);
  // A malformed escape keeps its raw text, which the key alphabet ("%" is not in it) refuses.
  return { bucket, key: decodeSegment(rawKey) ?? rawKey };
}

/** Throws InvalidKey unless the key is safe to store (see the rules above). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw storageErrors.invalidKey(key);
}

export function isBucketName(name: string): boolean {
  return name !== "." && name !== ".." && BUCKET_CHARACTERS.test(name);
}

export function isSafeKey(key: string): boolean {
  if (!KEY_CHARACTERS.test(key)) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** The file holding an object's bytes; re-checked after resolving, as a second line of defence. */
export function objectFile(dataDir: string, ref: ObjectRef): string {
  if (!isBucketName(ref.bucket)) throw storageErrors.bucketNotFound();
  if (!isSafeKey(ref.key)) throw storageErrors.invalidKey(ref.key);
  const bucketDir = resolve(dataDir, ref.bucket);
  const file = resolve(bucketDir, ref.key);
  if (!file.startsWith(bucketDir + sep)) throw storageErrors.invalidKey(ref.key);
  return file;
}

function decodeSegment(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined; // malformed percent-encoding
  }
}
