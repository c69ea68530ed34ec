// Reads a keyset-paged list (limit, cursor, next_cursor; see @contract/paging.ts) page after page
// up to a number of rows, for the boards that still show a whole list at once: they keep what
// they showed before the lists were paged (every row; the admin's orders, the newest 500) until
// they load the next page on scroll.
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";

/** Rows per request after the first (the most the API gives at once). */
const LATER_PAGE = 200;

interface PagedBody {
  next_cursor: string | null;
}

export async function fetchPages<S extends z.ZodType<PagedBody>, Row>(
  path: string,
  schema: S,
  rowsOf: (body: z.infer<S>) => Row[],
  options: { signal?: AbortSignal; maxRows?: number } = {},
): Promise<Row[]> {
  const { signal, maxRows = Infinity } = options;
  const rows: Row[] = [];
  let body = await apiRequest(path, { schema, signal });
  rows.push(...rowsOf(body));
  while (body.next_cursor && rows.length < maxRows) {
    const separator = path.includes("?") ? "&" : "?";
    const next = `${path}${separator}limit=${LATER_PAGE}&cursor=${encodeURIComponent(body.next_cursor)}`;
    body = await apiRequest(next, { schema, signal });
    rows.push(...rowsOf(body));
  }
  return rows.slice(0, maxRows);
}
