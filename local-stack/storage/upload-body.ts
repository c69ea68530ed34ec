// What an upload request carries, in the two forms storage-js sends:
//   - a raw body (ArrayBuffer, typed array, string, stream): Content-Type is the object's type,
//     Cache-Control its cache-control;
//   - multipart/form-data (Blob, File, FormData): fields `cacheControl` (seconds), optional
//     `contentType` and `metadata`, then the file part, whose own Content-Type is the object's type.
// The object's bytes are not read here: `chunks` streams them once the upload has passed its
// checks (type, declared size, RLS), so a refused upload is refused before its bytes are taken.
import type { IncomingMessage } from "node:http";
import { storageErrors } from "./errors.ts";
import { MultipartError, multipartBoundary, readMultipart, type MultipartEvent } from "./multipart.ts";

export interface UploadBody {
  mimeType: string;
  cacheControl: string;
  /** The object's size when the request states it up front (raw bodies with Content-Length). */
  declaredSize?: number;
  /** The request's Content-Length, which hosted Storage shows RLS policies as metadata.contentLength. */
  declaredLength?: number;
  chunks: AsyncIterable<Buffer>;
  /** Lets go of the request stream (without destroying it), read or not, so it can be drained. */
  release(): Promise<void>;
}

// @fastify/multipart's limits as hosted Storage configures them (10 fields, 1 MB each).
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024 * 1024;

export async function openUploadBody(req: IncomingMessage): Promise<UploadBody> {
  const declaredLength = contentLength(req);
  // The request is read through an iterator that leaves it intact when abandoned early, so a
  // refusal can still be answered (and the rest of the body drained) on the same connection.
  const source = req.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
  const boundary = multipartBoundary(req.headers["content-type"]);
  if (boundary) {
    const events = readMultipart(source, boundary);
    try {
      return await openMultipart(events, declaredLength);
    } catch (error) {
      await events.return(undefined);
      throw error;
    }
  }
  return {
    mimeType: req.headers["content-type"] || "application/octet-stream",
    cacheControl: req.headers["cache-control"] || "no-cache",
    declaredSize: declaredLength,
    declaredLength,
    chunks: source,
    release: async () => void (await source.return?.()),
  };
}

async function openMultipart(events: AsyncGenerator<MultipartEvent>, declaredLength: number | undefined): Promise<UploadBody> {
  const fields = new Map<string, string>();
  let field: { name: string; chunks: Buffer[]; size: number } | undefined;
  let fileContentType: string | undefined;

  // Fields come before the file (storage-js appends them first); stop at the first file part.
  for (;;) {
    const next = await nextEvent(events);
    if (next.done) throw storageErrors.noContent();
    const event = next.value;
    if (event.kind === "part") {
      if (event.part.filename !== undefined) {
        fileContentType = event.part.contentType;
        break;
      }
      if (fields.size >= MAX_FIELDS) throw storageErrors.noContent("Too many form fields");
      field = { name: event.part.name, chunks: [], size: 0 };
    } else if (event.kind === "data" && field) {
      field.size += event.chunk.length;
      if (field.size > MAX_FIELD_BYTES) throw storageErrors.entityTooLarge("user_metadata");
      field.chunks.push(Buffer.from(event.chunk));
    } else if (event.kind === "part-end" && field) {
      fields.set(field.name, Buffer.concat(field.chunks).toString("utf8"));
      field = undefined;
    }
  }

  const cacheSeconds = fields.get("cacheControl");
  return {
    // RFC 7578: a part without Content-Type is text/plain.
    mimeType: fields.get("contentType") || fileContentType || "text/plain",
    cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : "no-cache",
    declaredLength,
    chunks: fileChunks(events),
    release: async () => void (await events.return(undefined)),
  };
}

/** The file part's bytes; then the rest of the form (its end, any trailing fields) is read and dropped. */
async function* fileChunks(events: AsyncGenerator<MultipartEvent>): AsyncGenerator<Buffer> {
  for (;;) {
    const next = await nextEvent(events);
    if (next.done || next.value.kind === "part-end") break;
    if (next.value.kind === "data") yield next.value.chunk;
  }
  while (!(await nextEvent(events)).done);
}

async function nextEvent(events: AsyncGenerator<MultipartEvent>): Promise<IteratorResult<MultipartEvent>> {
  try {
    return await events.next();
  } catch (error) {
    if (error instanceof MultipartError) throw storageErrors.noContent(`Malformed multipart body: ${error.message}`);
    throw error;
  }
}

function contentLength(req: IncomingMessage): number | undefined {
  const value = Number(req.headers["content-length"]);
  return req.headers["content-length"] !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
