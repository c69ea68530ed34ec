// The audit log's page cursor: the id of the last entry of a page, wrapped so callers treat it as
// opaque (base64url of "audit:<id>"). Entries are read newest first by id, so the next page is
// every entry with a smaller id: entries written while paging land before the first page and
// never shift the pages after it.
import { ApiError } from "../../_shared/errors.ts";

const PREFIX = "audit:";

export function encodeAuditCursor(id: number): string {
  return btoa(PREFIX + id)
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The id a cursor carries; a cursor this server did not give is a 400 naming the field. */
export function decodeAuditCursor(cursor: string): number {
  let text = "";
  if (/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) {
    try {
      text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    } catch {
      text = "";
    }
  }
  const match = /^audit:([1-9]\d{0,14})$/.exec(text);
  if (!match)
    throw new ApiError("invalid_input", "cursor is not one this server gave; start again without it", "cursor");
  return Number(match[1]);
}
