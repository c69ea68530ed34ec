// Limits every request meets before any route reads it: a small JSON body, and no control
// characters in the path or the query (Postgres refuses a NUL in text, which would surface as a
// 500, and the others are never part of an honest value).
import type { MiddlewareHandler } from "hono";
import { limitBody } from "./body-limit.ts";
import { ApiError, errorResponse } from "./errors.ts";

const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Control characters (C0, DEL and C1) other than tab, line feed and carriage return, which multi-line text uses. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The path of the first string in `value` holding a control character, e.g. "images.2". */
export function controlCharacterField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return hasControlCharacter(value) ? path.join(".") || "body" : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, key].join(".");
    const found = controlCharacterField(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** 413 for a JSON body over the limit (see body-limit.ts). Uploads are multipart and keep their own, larger limits. */
export function limitJsonBody(uploadPrefix: string): MiddlewareHandler {
  const limit = limitBody(JSON_BODY_LIMIT_BYTES, (c) =>
    errorResponse(
      c,
      new ApiError("payload_too_large", `The request body must be at most ${JSON_BODY_LIMIT_BYTES / 1024} KB`),
    ),
  );
  return (c, next) => (c.req.path.startsWith(uploadPrefix) ? next() : limit(c, next));
}

/** 400 naming the path or the query parameter that holds a control character (or bad escaping). */
export function refuseControlCharactersInUrl(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      throw new ApiError("invalid_input", "The path is not validly encoded", "path");
    }
    if (hasControlCharacter(path))
      throw new ApiError("invalid_input", "The path must not contain control characters", "path");
    for (const [name, value] of url.searchParams) {
      if (hasControlCharacter(name) || hasControlCharacter(value)) {
        throw new ApiError("invalid_input", `${name} must not contain control characters`, name);
      }
    }
    await next();
  };
}
