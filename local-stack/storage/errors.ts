// Errors as hosted Supabase Storage renders them. Its quirk is kept on purpose: the body's
// `statusCode` (a string) carries the meaning ("404", "409", "413", "415", "403"), while the HTTP
// status is 400 for every client error and 500 for server errors. storage-js turns that into
// StorageApiError { status: <HTTP status>, statusCode: <body statusCode>, message }, so client
// code written against the stand-in sees exactly what it will see in production.
import type { ServerResponse } from "node:http";

export class StorageError extends Error {
  constructor(
    /** The semantic status, sent as the body's `statusCode` string. */
    readonly statusCode: number,
    /** Supabase's error code (NoSuchBucket, EntityTooLarge, ...). */
    readonly code: string,
    /** The legacy `error` field storage-js users still read. */
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }

  /** The HTTP status hosted Storage answers with for this error. */
  get httpStatus(): number {
    // 401 is the API gateway's answer (a bearer token that is not a JWT), not Storage's quirk.
    if (this.statusCode === 401) return 401;
    return this.statusCode >= 500 ? 500 : 400;
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** The errors the stand-in can give, with hosted Storage's codes and messages. */
export const storageErrors = {
  bucketNotFound: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  objectNotFound: () => new StorageError(404, "NoSuchKey", "not_found", "Object not found"),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", "InvalidKey", `Invalid key: ${key}`),
  entityTooLarge: (entity = "object") =>
    new StorageError(413, "EntityTooLarge", "Payload too large", `The ${entity} exceeded the maximum allowed size`),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, "InvalidMimeType", "invalid_mime_type", `mime type ${mimeType} is not supported`),
  invalidJwt: () => new StorageError(401, "InvalidJWT", "Unauthorized", "Invalid JWT"),
  invalidApiKey: () => new StorageError(401, "InvalidApiKey", "Unauthorized", "Invalid API key"),
  accessDenied: (message: string) => new StorageError(403, "AccessDenied", "Unauthorized", message),
  alreadyExists: () => new StorageError(409, "KeyAlreadyExists", "Duplicate", "The resource already exists"),
  noContent: (message = "No content provided") => new StorageError(400, "InvalidRequest", "InvalidRequest", message),
  internal: () => new StorageError(500, "InternalError", "Internal", "Internal server error"),
};

export function sendStorageError(res: ServerResponse, error: StorageError, opts: { withBody?: boolean } = {}) {
  sendJson(res, error.httpStatus, error.body(), opts);
}

/**
 * A route hosted Storage has but the stand-in does not implement (or no route at all). Hosted
 * answers unknown routes with a real 404 in this shape; the message says what the stand-in covers.
 */
export function sendRouteNotFound(res: ServerResponse, method: string, path: string) {
  sendJson(
    res,
    404,
    {
      statusCode: "404",
      error: "Not Found",
      message: `Route ${method}:${path} not found (the local Storage stand-in serves uploads and public downloads only)`,
      code: "InvalidRequest",
    },
    { withBody: method !== "HEAD" },
  );
}

function sendJson(res: ServerResponse, status: number, body: object, opts: { withBody?: boolean } = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    // An error must never be cached in place of the object (hosted sends no-store on misses too).
    "cache-control": "no-store",
  });
  res.end(opts.withBody === false ? undefined : text);
}

export function sendJsonOk(res: ServerResponse, body: object) {
  sendJson(res, 200, body);
}
