// GET and HEAD /storage/v1/object/public/{bucket}/{key}: what getPublicUrl() points at. No token
// is needed, but only buckets marked public serve (a private one is "Bucket not found", as hosted
// Storage says). The response carries the headers hosted Storage sends: the stored content type,
// Content-Length, Cache-Control from the upload, ETag and Last-Modified; a matching If-None-Match
// gets 304.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { storageErrors } from "./errors.ts";
import type { ObjectFiles } from "./object-files.ts";
import { isSafeKey, parseObjectRef } from "./object-path.ts";
import type { StorageTables } from "./storage-tables.ts";

export interface DownloadContext {
  tables: StorageTables;
  files: ObjectFiles;
}

export async function handlePublicDownload(
  ctx: DownloadContext,
  req: IncomingMessage,
  res: ServerResponse,
  encodedRest: string,
  query: URLSearchParams,
): Promise<void> {
  const ref = parseObjectRef(encodedRest);
  const bucket = await ctx.tables.findBucket(ref.bucket);
  if (!bucket || !bucket.public) throw storageErrors.bucketNotFound();
  // A key that could never have been stored is simply not there.
  if (!isSafeKey(ref.key)) throw storageErrors.objectNotFound();
  const object = await ctx.tables.findObject(ref);
  if (!object) throw storageErrors.objectNotFound();

  const file = ctx.files.fileOf(ref);
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) throw storageErrors.objectNotFound(); // a row whose bytes are gone

  const { metadata } = object;
  const lastModified = new Date(metadata.lastModified ?? object.updatedAt);
  const headers: Record<string, string | number> = {
    "content-type": metadata.mimetype || "application/octet-stream",
    "content-length": size,
    "cache-control": metadata.cacheControl || "no-cache",
    "last-modified": lastModified.toUTCString(),
    "x-robots-tag": "none",
    // Served as the type stored with it, never as what the bytes look like.
    "x-content-type-options": "nosniff",
  };
  if (metadata.eTag) headers.etag = metadata.eTag;
  const download = query.get("download");
  if (download !== null) {
    const name = encodeURIComponent(download);
    headers["content-disposition"] = name ? `attachment; filename=${name}; filename*=UTF-8''${name}` : "attachment;";
  }

  if (metadata.eTag && req.headers["if-none-match"] === metadata.eTag) {
    delete headers["content-length"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res);
}
