// The Order (docs/api.md, "Order") as the API returns it, with the queries that read orders and
// their stats: amounts in cents plus dollars for display.
import { centsToDollars, money } from "../../_shared/contract/money.ts";
import type { CashStatus, OrderCash } from "../../_shared/contract/remittances.ts";
import { ADMIN_ORDER_CSV_COLUMNS, ORDER_CSV_COLUMNS, SHOP_ORDER_CSV_COLUMNS } from "../../_shared/contract/exports.ts";
import {
  orderStatsFromTotals,
  type OrderTotalsRow,
  type Order,
  type OrderFilter,
  type OrderListQuery,
  type OrderStats,
  type OrderFlag,
  type PlacedOrder,
} from "../../_shared/contract/orders.ts";
import type { Database, Tables } from "../../_shared/database.types.ts";
import type { Fragment, Tx } from "../../_shared/db.ts";
import type { UserRow } from "./users.ts";
import { afterCursor, cursorMicros, cursorTime, rowsToRead } from "../lib/keyset.ts";
import type { CursorPosition } from "../../_shared/contract/paging.ts";
import { csvCellSql, csvLineSql } from "../lib/csv.ts";

export type OrderRow = Pick<
  Tables<"orders">,
  | "id"
  | "order_number"
  | "campaign_id"
  | "product_name"
  | "unit_price_cents"
  | "commission_rate"
  | "quantity"
  | "delivery_fee_cents"
  | "subtotal_cents"
  | "total_cents"
  | "delivery_district"
  | "delivery_commune"
  | "delivery_commune_code"
  | "status"
  | "cancellation_reason"
  | "source"
  | "review_status"
  | "confirmation"
  | "created_at"
  | "updated_at"
> & {
  business_name: Tables<"users">["business_name"];
  business_email: Tables<"users">["email"] | null;
  influencer_email: Tables<"users">["email"] | null;
  flags: OrderFlag[];
  /** The order's province, district and commune: code, name_en and name_km of each. */
  delivery_place: Order["delivery_place"];
  /** Null when none is assigned or the reader may not see it (RLS: admins and the order's shop). */
  courier: Order["courier"];
  /** The order's cash row (RLS: admins, and the order's shop and influencer); null without one. */
  cash_due_cents: number | null;
  cash_remitted_cents: number | null;
  cash_status: CashStatus | null;
  /** created_at in microseconds, for the next page's cursor. */
  cursor_micros: number;
};

/**
 * Orders `o` with both parties' emails and, for admins (RLS hides them from everyone else), the
 * fraud flags; `where` filters `o`. Newest first by (created_at, id), the order of the keyset
 * indexes, or oldest first; at most `limit` (null: all).
 */
export function readOrders(tx: Tx, where: Fragment, limit: number | null = null, oldestFirst = false) {
  return tx<OrderRow[]>`
    select ${orderColumns(tx)} from public.orders o ${orderJoins(tx)}
    where ${where}
    order by ${oldestFirst ? tx`o.created_at, o.id` : tx`o.created_at desc, o.id desc`}
    limit ${limit}`;
}

/** The columns of an OrderRow, read from `o` and the joins of orderJoins. */
function orderColumns(tx: Tx): Fragment {
  return tx`
    o.id, o.order_number, o.campaign_id, o.product_name, o.unit_price_cents, o.commission_rate, o.quantity,
    o.delivery_fee_cents, o.subtotal_cents, o.total_cents, o.delivery_district, o.delivery_commune,
    o.delivery_commune_code, ${deliveryPlaceSql(tx)} as delivery_place,
    o.status, o.cancellation_reason, o.source, o.review_status, o.confirmation, o.created_at, o.updated_at,
    b.business_name,
    case when cr.id is null then null else json_build_object('id', cr.id, 'name', cr.name, 'phone', cr.phone) end
      as courier,
    oc.due_cents as cash_due_cents, oc.remitted_cents as cash_remitted_cents, oc.status as cash_status,
    b.email as business_email, i.email as influencer_email, coalesce(f.flags::text[], '{}') as flags,
    ${cursorMicros(tx, tx`o.created_at`)} as cursor_micros`;
}

/**
 * The place of the order `o` in both scripts: the province, district and commune of its
 * delivery_commune_code (code, name_en and name_km of each). A subquery rather than three joins of the reading query:
 * with them the board's page joined nine tables, and choosing their order cost the planner 8 to 16
 * ms a request (planning is not kept between requests), ten times reading the page.
 */
export function deliveryPlaceSql(tx: Tx): Fragment {
  const place = (alias: string) =>
    tx`json_build_object('code', ${tx(alias)}.code, 'name', ${tx(alias)}.name_en, 'name_en', ${tx(alias)}.name_en, 'name_km', ${tx(alias)}.name_km)`;
  return tx`(
    select json_build_object('province', ${place("gp")}, 'district', ${place("gd")}, 'commune', ${place("gc")})
    from public.communes gc
    join public.districts gd on gd.code = gc.district_code
    join public.provinces gp on gp.code = gd.province_code
    where gc.code = o.delivery_commune_code)`;
}

function orderJoins(tx: Tx): Fragment {
  return tx`
    left join public.order_flags f on f.order_id = o.id
    left join public.users b on b.id = o.business_id
    left join public.users i on i.id = o.influencer_id
    left join public.couriers cr on cr.id = o.courier_id
    left join public.order_cash oc on oc.order_id = o.id`;
}

/**
 * One page of the orders matching `where` (a condition on `o`) and the list's filters: newest
 * first, or oldest first for the orders to confirm (the first placed is the first to call).
 */
export function readOrderPage(tx: Tx, where: Fragment, query: OrderListQuery, searchPhones: boolean) {
  const oldestFirst = query.to_confirm === true;
  const page = oldestFirst ? undefined : { cursor: query.cursor, rows: rowsToRead(query) };
  const condition = tx`${where} and ${orderFilterCondition(tx, query, searchPhones, page)}
    and ${afterCursor(tx, tx`o.created_at`, tx`o.id`, query.cursor, oldestFirst)}`;
  return readOrders(tx, condition, rowsToRead(query), oldestFirst);
}

/**
 * The list's filters as a condition on `o`. A search collects the matching ids first (the order
 * number's unique index, the phone's runs of digits), so the page is read by primary key instead
 * of by scanning the board for matches. Only an admin's search looks at phones. When the search
 * is all that narrows a newest-first `page`, the phone's matches are only those the page can
 * show: the first `rows` before its cursor. With other filters every match is collected, since
 * the filters may pass any of them.
 */
export function orderFilterCondition(
  tx: Tx,
  filter: OrderFilter,
  searchPhones: boolean,
  page?: { cursor: CursorPosition | undefined; rows: number },
): Fragment {
  const parts: Fragment[] = [];
  if (filter.status) parts.push(tx`o.status = ${filter.status}`);
  if (filter.courier === "none") parts.push(tx`o.courier_id is null`);
  else if (filter.courier) parts.push(tx`o.courier_id = ${filter.courier}`);
  // The condition of the partial index orders_to_confirm_idx, word for word, so it is used.
  if (filter.to_confirm) {
    parts.push(tx`o.confirmation = 'unconfirmed' and o.status in ('new_order', 'ready_for_pickup')`);
  }
  // Days are calendar days in Cambodia, as in the stats (Asia/Phnom_Penh, no daylight saving).
  if (filter.from) parts.push(tx`o.created_at >= (${filter.from}::date::timestamp at time zone 'Asia/Phnom_Penh')`);
  if (filter.to) parts.push(tx`o.created_at < ((${filter.to}::date + 1)::timestamp at time zone 'Asia/Phnom_Penh')`);
  const search = filter.q;
  if (search) {
    const pageOnly = page && parts.length === 0 ? page : undefined;
    const byNumber = search.order_number
      ? tx`select x.id from public.orders x where x.order_number = ${search.order_number}`
      : tx`select null::uuid where false`;
    const byPhone =
      searchPhones && search.phone_digits
        ? tx`select public.search_order_ids_by_phone(${search.phone_digits},
               ${pageOnly?.cursor ? cursorTime(tx, pageOnly.cursor) : null}, ${pageOnly?.cursor?.id ?? null},
               ${pageOnly?.rows ?? null})`
        : tx`select null::uuid where false`;
    parts.push(tx`o.id = any(array(${byNumber} union ${byPhone}))`);
  }
  return parts.reduce((all, part) => tx`${all} and ${part}`, tx`true`);
}

/**
 * The orders a business sold, or those an influencer's links brought: a condition on `o`. An
 * admin's are every order (RLS lets an admin read them all).
 */
export function ordersOf(tx: Tx, user: Pick<UserRow, "id" | "user_type">): Fragment {
  if (user.user_type === "admin") return tx`true`;
  return user.user_type === "influencer" ? tx`o.influencer_id = ${user.id}` : tx`o.business_id = ${user.id}`;
}

/** Who receives an order and where, as public.order_delivery_contacts answers an admin or its shop. */
export type DeliveryContactRow = Database["public"]["Functions"]["order_delivery_contacts"]["Returns"][number];

/** The recipients of the given orders the caller may read (admins: with phones), by order id. */
export async function readDeliveryContacts(tx: Tx, orderIds: string[]): Promise<Map<string, DeliveryContactRow>> {
  const rows = await tx<DeliveryContactRow[]>`
    select order_id, customer_phone, recipient_name, address_line, landmark, delivery_note
    from public.order_delivery_contacts(${orderIds}::uuid[])`;
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** The order's cash, when a courier carried its delivery. */
function orderCash(row: OrderRow): OrderCash | null {
  if (row.cash_status === null || row.cash_due_cents === null || row.cash_remitted_cents === null) return null;
  return {
    status: row.cash_status,
    ...money("due", row.cash_due_cents),
    ...money("remitted", row.cash_remitted_cents),
    ...money("short", row.cash_status === "short" ? row.cash_due_cents - row.cash_remitted_cents : 0),
  };
}

export function toOrderJson(row: OrderRow, contact: DeliveryContactRow | null = null): Order {
  return {
    id: row.id,
    order_number: row.order_number,
    campaign_id: row.campaign_id,
    product_name: row.product_name,
    customer_phone: contact?.customer_phone ?? null,
    delivery_commune: row.delivery_commune,
    delivery_district: row.delivery_district,
    delivery_province: row.delivery_place.province.code,
    delivery_place: row.delivery_place,
    recipient_name: contact?.recipient_name ?? null,
    address_line: contact?.address_line ?? null,
    landmark: contact?.landmark ?? null,
    delivery_note: contact?.delivery_note ?? null,
    quantity: row.quantity,
    product_price: centsToDollars(row.unit_price_cents),
    delivery_fee: centsToDollars(row.delivery_fee_cents),
    total_amount: centsToDollars(row.total_cents),
    unit_price_cents: row.unit_price_cents,
    delivery_fee_cents: row.delivery_fee_cents,
    subtotal_cents: row.subtotal_cents,
    total_cents: row.total_cents,
    commission_rate: row.commission_rate,
    business_name: row.business_name,
    business_email: row.business_email,
    influencer_email: row.influencer_email,
    order_status: row.status,
    cancellation_reason: row.cancellation_reason,
    source: row.source,
    flags: row.flags,
    review_status: row.review_status,
    confirmation: row.confirmation,
    courier: row.courier,
    cash: orderCash(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const PLACED_ORDER_COLUMNS = [
  "id",
  "order_number",
  "product_name",
  "quantity",
  "unit_price_cents",
  "delivery_fee_cents",
  "total_cents",
  "status",
  "created_at",
] as const;

/** What private.place_order returns of the new order, as the customer sees it. */
export type PlacedOrderRow = Pick<
  Database["private"]["Functions"]["place_order"]["Returns"],
  (typeof PLACED_ORDER_COLUMNS)[number]
>;

/** The columns of a PlacedOrderRow, for `select ${placedOrderColumns(tx)} from private.place_order(...)`. */
export function placedOrderColumns(tx: Tx) {
  return tx([...PLACED_ORDER_COLUMNS]);
}

export function toPlacedOrderJson(row: PlacedOrderRow): PlacedOrder {
  return {
    id: row.id,
    order_number: row.order_number,
    product_name: row.product_name,
    quantity: row.quantity,
    product_price: centsToDollars(row.unit_price_cents),
    delivery_fee: centsToDollars(row.delivery_fee_cents),
    total_amount: centsToDollars(row.total_cents),
    total_cents: row.total_cents,
    order_status: row.status,
    created_at: row.created_at,
  };
}

/**
 * Per status and cancellation reason: how many of the caller's orders, and their sales
 * (subtotals, without delivery fees). The reason is null for every status but cancelled.
 */
/**
 * Counts and sales of the caller's orders (an admin's: every order), from the counters that every
 * order change keeps (public.order_totals), so they cost the same at any number of orders.
 */
export async function readOrderStats(tx: Tx): Promise<OrderStats> {
  const rows = await tx<
    OrderTotalsRow[]
  >`select status, cancellation_reason, confirmation, orders, sales_cents from public.order_totals()`;
  return orderStatsFromTotals(rows);
}

/** Who reads an orders CSV: an influencer (no recipients), a shop (its recipients) or an admin (with flags and phones). */
export type OrderCsvReader = "influencer" | "business" | "admin";

/** The columns of an orders CSV for its reader. */
export function orderCsvHeader(reader: OrderCsvReader): string[] {
  return [
    ...{ influencer: ORDER_CSV_COLUMNS, business: SHOP_ORDER_CSV_COLUMNS, admin: ADMIN_ORDER_CSV_COLUMNS }[reader],
  ];
}

/**
 * The cells of an order's CSV line in SQL, as csvCell would write them (the columns of
 * orderCsvHeader; the recipient's from `p`, public.order_delivery_contacts): times in UTC with
 * milliseconds and money in dollars with two decimals, as the API writes them; a rate without
 * trailing zeros, as a JS number prints.
 */
function orderCsvCellsSql(tx: Tx, reader: OrderCsvReader): Fragment[] {
  const text = (value: Fragment) => csvCellSql(tx, value);
  const dollars = (cents: Fragment) => tx`round(${cents} / 100.0, 2)::text`;
  const cells = [
    text(tx`o.order_number`),
    tx`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    text(tx`o.status::text`),
    text(tx`o.cancellation_reason::text`),
    text(tx`o.product_name`),
    tx`o.quantity::text`,
    dollars(tx`o.unit_price_cents`),
    dollars(tx`o.delivery_fee_cents`),
    dollars(tx`o.total_cents`),
    tx`trim_scale(o.commission_rate)::text`,
    text(tx`b.business_name`),
    // A commune's code begins with its province's two digits.
    text(tx`(select gp.name_en from public.provinces gp where gp.code = left(o.delivery_commune_code, 2))`),
    text(tx`o.delivery_district`),
    text(tx`o.delivery_commune`),
    text(tx`o.source::text`),
    text(tx`o.review_status::text`),
  ];
  const recipient = [tx`p.recipient_name`, tx`p.address_line`, tx`p.landmark`, tx`p.delivery_note`].map(text);
  if (reader === "influencer") return cells;
  if (reader === "business") return [...cells, ...recipient];
  return [...cells, text(tx`array_to_string(f.flags::text[], ' ')`), ...recipient, text(tx`p.customer_phone`)];
}

/** How many rows an export reads from its database cursor at a time. */
export const EXPORT_BATCH = 500;

/**
 * Every order matching `where` and the filters, newest first, as CSV lines for the reader, in
 * batches from a database cursor. The loop that reads them must not query on the same
 * transaction: postgres.js queues that query behind the open cursor, which waits for the loop, for
 * ever. So whatever a line needs is in this one query. The recipients (and an admin's phones) come
 * from public.order_delivery_contacts, which answers only what the caller may read (so the
 * database still guards them), called once with every matching id: about 0.4 s of Postgres time
 * for 100,000 orders, where a call per row (a lateral join) took 9.9 s.
 */
export function orderCsvLineBatches(tx: Tx, where: Fragment, filter: OrderFilter, reader: OrderCsvReader) {
  const condition = tx`${where} and ${orderFilterCondition(tx, filter, reader === "admin")}`;
  const recipients =
    reader === "influencer"
      ? tx``
      : tx`left join public.order_delivery_contacts(array(select o.id from public.orders o where ${condition})) p
             on p.order_id = o.id`;
  return tx<{ line: string }[]>`
    select ${csvLineSql(tx, orderCsvCellsSql(tx, reader))} as line
    from public.orders o ${orderJoins(tx)} ${recipients}
    where ${condition}
    order by o.created_at desc, o.id desc`.cursor(EXPORT_BATCH);
}
