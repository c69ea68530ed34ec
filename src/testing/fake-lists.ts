// The paging and the order search of the fake API (src/testing/fake-api.ts), with the function's
// semantics: a list is newest first by (created_at, id), `limit` defaults to 50, a cursor names the
// last row shown in the format the function writes (@contract/paging.ts), and the query is read
// with the contract's own schemas, so a bad limit, cursor or search gets the server's message.
import type { z } from "zod";
import { orderFilterSchema, type Order } from "@contract/orders.ts";
import { encodeCursor, pageQuerySchema } from "@contract/paging.ts";
import { fail } from "./fake-api.ts";
import { TEST_TIME } from "./fixtures/ids.ts";

/** Which fields of a row hold its id and its time: a list's order and its cursor. */
interface Keys<T> {
  id: keyof T;
  time: keyof T;
}

/** The query's parameters read with `schema`, or the 400 the function would answer. */
function readQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> | Response {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  return fail("invalid_input", issue.message, issue.path.join(".") || undefined);
}

/**
 * The page of `rows` the query asks for, and where the next one starts (null after the last).
 * Rows are keyed by `id` and `created_at` unless `keys` names others (payout history:
 * `payout_request_id` and `requested_at`).
 */
export function pageOf<T extends object>(
  rows: readonly T[],
  query: URLSearchParams,
  keys: Keys<T> = { id: "id", time: "created_at" } as Keys<T>,
): { items: T[]; next_cursor: string | null } | Response {
  const page = readQuery(pageQuerySchema, query);
  if (page instanceof Response) return page;
  const { cursor, limit } = page;
  const idOf = (row: T) => String(row[keys.id]);
  const microsOf = (row: T) => Date.parse(String(row[keys.time])) * 1000;
  const byNewest = (a: T, b: T) => microsOf(b) - microsOf(a) || (idOf(a) < idOf(b) ? 1 : idOf(a) > idOf(b) ? -1 : 0);
  const after = [...rows]
    .sort(byNewest)
    .filter(
      (row) => !cursor || microsOf(row) < cursor.micros || (microsOf(row) === cursor.micros && idOf(row) < cursor.id),
    );
  const items = after.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: after.length > limit && last ? encodeCursor({ micros: microsOf(last), id: idOf(last) }) : null,
  };
}

/** How many rows have each of `statuses`, and how many there are: the `counts` of the admin lists. */
export function countByStatus<S extends string>(
  rows: readonly { status: S }[],
  statuses: readonly S[],
): Record<S, number> & { total: number } {
  const counts = Object.fromEntries(
    statuses.map((status) => [status, rows.filter((row) => row.status === status).length]),
  );
  return { ...(counts as Record<S, number>), total: rows.length };
}

/**
 * `rows` dated in the order given: the first created at TEST_TIME, each next one a second
 * earlier, so a list paged newest first shows them as given.
 */
export function newestFirst<T extends { created_at: string }>(rows: readonly T[]): T[] {
  return rows.map((row, i) => ({ ...row, created_at: new Date(Date.parse(TEST_TIME) - i * 1000).toISOString() }));
}

/** The calendar day in Cambodia (UTC+7, no daylight saving) of a time. */
const cambodianDay = (time: string) => new Date(Date.parse(time) + 7 * 3600_000).toISOString().slice(0, 10);

/**
 * The orders the list's filters keep (`q`, `status`, `from`, `to`), as the function filters them:
 * `q` finds an order number, and for an admin (`searchPhones`) also the phones holding its digits,
 * a leading 0 standing for +855.
 */
export function filterOrders(
  orders: readonly Order[],
  query: URLSearchParams,
  searchPhones: boolean,
): Order[] | Response {
  const filter = readQuery(orderFilterSchema, query);
  if (filter instanceof Response) return filter;
  const { q, status, from, to, to_confirm } = filter;
  return orders.filter((order) => {
    if (q) {
      const byNumber = q.order_number === order.order_number;
      const phone = order.customer_phone ?? "";
      const digits = q.phone_digits;
      const byPhone =
        searchPhones &&
        digits !== null &&
        (phone.includes(digits) || (digits.startsWith("0") && phone.startsWith(`+855${digits.slice(1)}`)));
      if (!byNumber && !byPhone) return false;
    }
    if (status && order.order_status !== status) return false;
    if (
      to_confirm &&
      !(order.confirmation === "unconfirmed" && ["new_order", "ready_for_pickup"].includes(order.order_status))
    ) {
      return false;
    }
    const day = cambodianDay(order.created_at);
    return (!from || day >= from) && (!to || day <= to);
  });
}
