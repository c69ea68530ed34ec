// Long live lists (the admin boards hold up to 500 rows) render a first page and grow on demand:
// every realtime event re-renders the list, and hundreds of cards at once made that take seconds
// on a small machine. The page resets when `resetKey` (e.g. the filter) changes.
import { useState } from "react";

export interface ShowMoreState<T> {
  visible: T[];
  /** How many items are not shown yet. */
  remaining: number;
  showMore: () => void;
}

export function useShowMore<T>(items: readonly T[], pageSize: number, resetKey?: unknown): ShowMoreState<T> {
  // The limit belongs to one resetKey: another key starts again at one page.
  const [page, setPage] = useState({ resetKey, limit: pageSize });
  const limit = Object.is(page.resetKey, resetKey) ? page.limit : pageSize;
  return {
    visible: items.slice(0, limit),
    remaining: Math.max(0, items.length - limit),
    showMore: () => setPage({ resetKey, limit: limit + pageSize }),
  };
}
