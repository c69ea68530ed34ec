// Keyset paging shared by every board list (issue 15): `limit` and an opaque `cursor` in the query,
// `next_cursor` in the answer (null on the last page). A cursor names the last row of a page by
// its creation time in microseconds since 1970 and its id; the next page holds the rows strictly
// older in (created_at, id) order, so rows added while someone pages never shift a later page.
import { z } from "zod";
import { parseWholeNumber } from "./whole-number.ts";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A position in a list: the last row shown. */
export interface CursorPosition {
  /** created_at in whole microseconds since the Unix epoch (exact: below 2^53 until year 2255). */
  micros: number;
  id: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(`${position.micros}.${position.id}`);
}

/** The position a cursor names, or null when it is not one this API wrote. */
export function decodeCursor(cursor: string): CursorPosition | null {
  const text = fromBase64Url(cursor);
  const match = text?.match(/^(\d{1,16})\.(.+)$/);
  if (!match || !uuidPattern.test(match[2])) return null;
  const micros = Number(match[1]);
  return Number.isSafeInteger(micros) ? { micros, id: match[2] } : null;
}

const limitMessage = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
const limitField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const n = value === undefined ? DEFAULT_PAGE_SIZE : parseWholeNumber(value);
    if (n === null || n < 1 || n > MAX_PAGE_SIZE) {
      ctx.addIssue({ code: "custom", message: limitMessage });
      return z.NEVER;
    }
    return n;
  });

const cursorField = z
  .string()
  .transform((value, ctx) => {
    const position = decodeCursor(value);
    if (!position) {
      ctx.addIssue({ code: "custom", message: "cursor is not valid: pass the next_cursor of the previous page" });
      return z.NEVER;
    }
    return position;
  })
  .optional();

/** The query of every paged list: `?limit=50&cursor=...` (both optional). */
export const pageQuerySchema = z.object({ limit: limitField, cursor: cursorField });

/** What a paged list adds to its answer: where the next page starts, null after the last. */
export const nextCursor = z.string().nullable();

export type PageQuery = z.output<typeof pageQuerySchema>;
/** The query as a client writes it. */
export type PageQueryInput = z.input<typeof pageQuerySchema>;
