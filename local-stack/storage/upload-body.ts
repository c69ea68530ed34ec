// What an upload request carries, in the two forms storage-js sends:
//   - a raw body (ArrayBuffer, typed array, string, stream): Content-Type is the object's type,
//     Cache-Control its cache-control;
//   - multipart/form-data (Blob, File, FormData): fields `cacheControl` (seconds), optional
//     `contentType` and `metadata`, then the file part, whose own Content-Type is the object's type.
// The object's bytes are not read here: `chunks` streams them once the upload has passed its
// checks (type, declared size, RLS), so a refused upload is refused before its bytes are taken.
// Multipart bodies are parsed by busboy (as hosted Storage's @fastify/multipart does); its file
// stream applies backpressure to the request, so a file part is never held in memory whole.
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import busboy, { type Busboy } from "busboy";
import { StorageError, storageErrors } from "./errors.ts";

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
  const form = multipartParser(req);
  if (form) return openMultipart(req, form, declaredLength);

  // The request is read through an iterator that leaves it intact when abandoned early, so a
  // refusal can still be answered (and the rest of the body drained) on the same connection.
  const source = req.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
  return {
    mimeType: req.headers["content-type"] || "application/octet-stream",
    cacheControl: req.headers["cache-control"] || "no-cache",
    declaredSize: declaredLength,
    declaredLength,
    chunks: source,
    release: async () => void (await source.return?.()),
  };
}

/** A parser for a multipart/form-data request; undefined for any other body (or one without a boundary). */
function multipartParser(req: IncomingMessage): Busboy | undefined {
  if (!/^multipart\/form-data\s*(;|$)/i.test(req.headers["content-type"] ?? "")) return undefined;
  try {
    // fieldSize one past the cap, so a value of exactly MAX_FIELD_BYTES is not reported truncated.
    return busboy({ headers: req.headers, limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES + 1, files: 1 } });
  } catch {
    return undefined; // no usable boundary: taken as a raw body, whose type the bucket then judges
  }
}

async function openMultipart(
  req: IncomingMessage,
  form: Busboy,
  declaredLength: number | undefined,
): Promise<UploadBody> {
  // The request is piped into the parser and only unpiped (never destroyed) when let go, so a
  // refusal can still be answered and the rest of the body drained on the same connection.
  const release = async () => {
    req.unpipe(form);
    form.destroy();
  };
  // How the form ends: an error here (the parser's, or the request cut short) is surfaced by the
  // file's chunks, or not at all when the upload is refused before they are read.
  let formError: unknown;
  const formDone = new Promise<void>((resolve, reject) => {
    form.once("close", resolve);
    form.once("error", (error) => reject((formError = malformed(error))));
  });
  formDone.catch(() => {});
  const onRequestClose = () => {
    if (!req.complete) form.destroy(new Error("request closed before its body ended"));
  };
  req.once("close", onRequestClose);
  formDone.finally(() => req.off("close", onRequestClose)).catch(() => {});

  const fields = new Map<string, string>();
  // Fields come before the file (storage-js appends them first); stop at the first file part.
  const opened = new Promise<{ file: Readable; fileContentType: string }>((resolve, reject) => {
    form.on("field", (name, value, info) => {
      if (info.valueTruncated) reject(storageErrors.entityTooLarge("user_metadata"));
      else fields.set(name, value);
    });
    form.once("fieldsLimit", () => reject(storageErrors.noContent("Too many form fields")));
    // busboy's mimeType is the part's Content-Type (RFC 7578: text/plain when it has none).
    form.once("file", (_name, file, info) => {
      file.on("error", () => {}); // a file left unread when the form is let go is destroyed with an error
      resolve({ file, fileContentType: info.mimeType });
    });
    formDone.then(() => reject(storageErrors.noContent()), reject);
  });
  req.pipe(form);

  try {
    const { file, fileContentType } = await opened;
    const cacheSeconds = fields.get("cacheControl");
    return {
      mimeType: fields.get("contentType") || fileContentType,
      cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : "no-cache",
      declaredLength,
      chunks: fileChunks(file, formDone, () => formError),
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The file part's bytes; then the rest of the form (its end, any trailing fields) is read and dropped. */
async function* fileChunks(file: Readable, formDone: Promise<void>, formError: () => unknown): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (error) {
    throw formError() ?? malformed(error);
  }
  await formDone;
}

function malformed(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  return storageErrors.noContent(`Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
}

function contentLength(req: IncomingMessage): number | undefined {
  const value = Number(req.headers["content-length"]);
  return req.headers["content-length"] !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
