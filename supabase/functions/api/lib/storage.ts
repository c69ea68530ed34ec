// Uploads to Supabase Storage over its HTTP API with the project's secret key: no client role may write
// objects (the migrations give none an insert policy), so only bytes this function has checked
// and sniffed are ever stored, under names it makes. The bucket's size and type limits still
// apply. Hosted Storage (and the local stand-in) answer client errors as HTTP 400 with the
// meaning in the body's `statusCode` ("403", "413", "415", ...); that is what callers get back.
import type { SecretKeys } from "../../_shared/secret-keys.ts";

export interface StorageTarget {
  supabaseUrl: string;
  /** Server side only: the function's own credentials for Storage. */
  secretKeys: SecretKeys;
}

export class StorageUploadError extends Error {
  constructor(
    readonly statusCode: string,
    message: string,
  ) {
    super(message);
  }
}

function objectPath(bucket: string, path: string): string {
  return [bucket, ...path.split("/")].map(encodeURIComponent).join("/");
}

export async function uploadObject(
  target: StorageTarget,
  object: { bucket: string; path: string; bytes: Uint8Array; contentType: string },
): Promise<void> {
  const res = await fetch(`${target.supabaseUrl}/storage/v1/object/${objectPath(object.bucket, object.path)}`, {
    method: "POST",
    headers: {
      // Only `apikey`: the API gateway turns a secret key there into service access for Storage.
      // A secret key is not a JWT, so as `Authorization: Bearer` it would be refused (Invalid JWT).
      apikey: target.secretKeys.current,
      "content-type": object.contentType,
      // Every key is a fresh random name, so a cached copy can never go stale.
      "cache-control": "max-age=31536000",
      "x-upsert": "false",
    },
    body: object.bytes,
  });
  if (res.ok) {
    await res.body?.cancel();
    return;
  }
  const text = await res.text();
  let body: { statusCode?: string; message?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not Storage's JSON (a proxy's page): the HTTP status is all there is
  }
  throw new StorageUploadError(body.statusCode ?? String(res.status), body.message ?? text.slice(0, 200));
}

export function publicObjectUrl(target: StorageTarget, bucket: string, path: string): string {
  return `${target.supabaseUrl}/storage/v1/object/public/${objectPath(bucket, path)}`;
}
