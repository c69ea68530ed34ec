// Keyset paging in SQL for the board lists (see _shared/contract/paging.ts): each list orders by
// (created_at desc, id desc), selects its time in microseconds as `cursor_micros`, reads one row
// more than the page to learn whether another page follows, and starts after the cursor's row.
import type { Fragment, Tx } from "../../_shared/db.ts";
import { encodeCursor, type CursorPosition, type PageQuery } from "../../_shared/contract/paging.ts";

/** The exact creation time of `column` in whole microseconds, the cursor's measure of time. */
export function cursorMicros(tx: Tx, column: Fragment): Fragment {
  return tx`(extract(epoch from ${column}) * 1000000)::bigint`;
}

/** The cursor's creation time as a timestamptz (exact for whole microseconds below 2^53). */
export function cursorTime(tx: Tx, cursor: CursorPosition): Fragment {
  return tx`('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond')`;
}

/**
 * Rows strictly after the cursor's row in (created_at desc, id desc) order, or in (created_at,
 * id) order for a list read oldest first; every row without a cursor.
 */
export function afterCursor(
  tx: Tx,
  createdAt: Fragment,
  id: Fragment,
  cursor: CursorPosition | undefined,
  oldestFirst = false,
): Fragment {
  if (!cursor) return tx`true`;
  // A row comparison matches the (created_at, id) indexes, so the next page starts with an index
  // range scan.
  const position = tx`(${cursorTime(tx, cursor)}, ${cursor.id}::uuid)`;
  return oldestFirst ? tx`(${createdAt}, ${id}) > ${position}` : tx`(${createdAt}, ${id}) < ${position}`;
}

/** How many rows to read for a page: one more, to know whether another follows. */
export const rowsToRead = (page: PageQuery) => page.limit + 1;

/** The page's rows and the cursor after its last one (null when no row follows). */
export function pageOf<T extends { id: string; cursor_micros: number }>(
  rows: T[],
  page: PageQuery,
): { rows: T[]; next_cursor: string | null } {
  if (rows.length <= page.limit) return { rows, next_cursor: null };
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return { rows: shown, next_cursor: encodeCursor({ micros: last.cursor_micros, id: last.id }) };
}
