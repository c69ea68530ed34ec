// POST /storage/v1/object/{bucket}/{key} (PUT, and POST with x-upsert: true, overwrite), in
// hosted Storage's order: token, bucket, key, type and declared size, RLS (before a byte of the
// body is stored), then the body under the size cap, then row and file together.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CallerVerifier } from "./caller.ts";
import { sendJsonOk, storageErrors } from "./errors.ts";
import type { ObjectFiles } from "./object-files.ts";
import { assertSafeKey, parseObjectRef } from "./object-path.ts";
import type { StorageTables } from "./storage-tables.ts";
import { openUploadBody } from "./upload-body.ts";
import { checkMimeType, maxObjectSize } from "./upload-rules.ts";

export interface UploadContext {
  callers: CallerVerifier;
  tables: StorageTables;
  files: ObjectFiles;
  globalLimit: number;
}

export async function handleUpload(
  ctx: UploadContext,
  req: IncomingMessage,
  res: ServerResponse,
  encodedRest: string,
  upsert: boolean,
): Promise<void> {
  const caller = await ctx.callers.identify(req);
  const ref = parseObjectRef(encodedRest);
  const bucket = await ctx.tables.findBucket(ref.bucket);
  if (!bucket) throw storageErrors.bucketNotFound();
  assertSafeKey(ref.key);
  const maxBytes = maxObjectSize(bucket.fileSizeLimit, ctx.globalLimit);

  const body = await openUploadBody(req);
  try {
    checkMimeType(body.mimeType, bucket.allowedMimeTypes);
    if (body.declaredSize !== undefined && body.declaredSize > maxBytes) throw storageErrors.entityTooLarge();

    const write = { ref, upsert, metadata: { mimetype: body.mimeType, contentLength: body.declaredLength } };
    await ctx.tables.checkWrite(caller, write);

    const received = await ctx.files.receive(body.chunks, maxBytes);
    try {
      const metadata = {
        eTag: received.eTag,
        size: received.size,
        mimetype: body.mimeType,
        cacheControl: body.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: received.size,
        httpStatusCode: 200,
      };
      const id = await ctx.tables.write(caller, { ...write, metadata }, () => ctx.files.place(received, ref));
      sendJsonOk(res, { Id: id, Key: `${ref.bucket}/${ref.key}` });
    } finally {
      await ctx.files.discard(received.tempPath); // nothing left to remove once it was placed
    }
  } finally {
    await body.release();
  }
}
