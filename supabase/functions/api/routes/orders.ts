// Orders as their business or influencer sees them (RLS decides which), per-status stats, and the
// shop's own step: its new order packed and ready for pickup.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import {
  orderCsvHeader,
  orderCsvLineBatches,
  ordersOf,
  readOrderPage,
  readOrders,
  readDeliveryContacts,
  readOrderStats,
  deliveryPlaceSql,
  toOrderJson,
  type DeliveryContactRow,
  type OrderRow,
} from "../read-models/orders.ts";
import type { UserRow } from "../read-models/users.ts";
import { csvResponse, exportDate } from "../lib/csv.ts";
import { asUserExporting } from "../lib/export-statement.ts";
import { pageOf } from "../lib/keyset.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";
import { trackingPath } from "../../_shared/contract/order-tracking.ts";
import {
  packingSlipsRequestSchema,
  type PackingSlip,
  type PackingSlipsResponse,
} from "../../_shared/contract/packing-slips.ts";
import type { Database } from "../../_shared/database.types.ts";
import {
  orderFilterSchema,
  orderListQuerySchema,
  type Order,
  type OrderReadyResponse,
  type OrdersResponse,
  type OrderStatsResponse,
} from "../../_shared/contract/orders.ts";

type PackingSlipRow = Omit<Database["public"]["Functions"]["packing_slips"]["Returns"][number], "order_id"> & {
  delivery_place: PackingSlip["delivery_place"];
};

/** An order as its shop or influencer reads it: never the customer's phone (admins only), nor the other party's email. */
function toOwnOrderJson(row: OrderRow, contact: DeliveryContactRow | null, user: Pick<UserRow, "user_type">): Order {
  return {
    ...toOrderJson(row, contact),
    customer_phone: null,
    business_email: user.user_type === "business" ? row.business_email : null,
    influencer_email: user.user_type === "influencer" ? row.influencer_email : null,
  };
}

export function orderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /orders/user/all - one page of the caller's orders, newest first (a business its sales, an
  // influencer those through its links; ?q (order number), status, from, to, limit, cursor)
  app.get("/user/all", async (c) => {
    const user = c.get("user");
    const query = parseQuery(c, orderListQuerySchema);
    const { page, contacts } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const page = pageOf(await readOrderPage(tx, ordersOf(tx, user), query, false), query);
      // The shop packs its orders, so it reads who receives them and where; an influencer never does.
      const contacts =
        user.user_type === "influencer"
          ? new Map<string, DeliveryContactRow>()
          : await readDeliveryContacts(
              tx,
              page.rows.map((row) => row.id),
            );
      return { page, contacts };
    });
    return c.json({
      orders: page.rows.map((row) => toOwnOrderJson(row, contacts.get(row.id) ?? null, user)),
      next_cursor: page.next_cursor,
    } satisfies OrdersResponse);
  });

  // POST /orders/packing-slips - the labels of 1 to 50 of the shop's own orders, each with a new
  // link of the customer's page for its QR code
  app.post("/packing-slips", async (c) => {
    const { order_ids } = await parseJsonBody(c, packingSlipsRequestSchema);
    const user = c.get("user");
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<PackingSlipRow[]>`
        select s.order_number, s.product_name, s.quantity, s.total_cents, s.recipient_name, s.address_line,
               s.landmark, s.delivery_note, s.tracking_token, ${deliveryPlaceSql(tx)} as delivery_place
        from public.packing_slips(${order_ids}::uuid[]) s
        join public.orders o on o.id = s.order_id
        order by o.created_at, o.id`,
    );
    return c.json({
      shop: { business_name: user.business_name, store_phone: user.store_phone },
      slips: rows.map((row) => ({
        order_number: row.order_number,
        product_name: row.product_name,
        quantity: row.quantity,
        amount_to_collect: centsToDollars(row.total_cents),
        amount_to_collect_cents: row.total_cents,
        recipient_name: row.recipient_name,
        address_line: row.address_line,
        landmark: row.landmark,
        delivery_note: row.delivery_note,
        delivery_place: row.delivery_place,
        tracking_url: `${deps.appUrl}${trackingPath(row.tracking_token)}`,
      })),
    } satisfies PackingSlipsResponse);
  });

  // PUT /orders/{id}/ready - the shop marks its own new order packed and ready for pickup
  app.put("/:id/ready", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const user = c.get("user");
    const { row, contact } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.mark_order_ready(${id})`;
      const [row] = await readOrders(tx, tx`o.id = ${id}`);
      return { row, contact: (await readDeliveryContacts(tx, [id])).get(id) ?? null };
    });
    return c.json({
      message: "Order marked ready for pickup",
      order: toOwnOrderJson(row, contact, user),
    } satisfies OrderReadyResponse);
  });

  // GET /orders/export - every one of the caller's orders as CSV (no customer phones; a shop's with recipients and addresses), same filters as the list
  app.get("/export", (c) => {
    const user = c.get("user");
    const filter = parseQuery(c, orderFilterSchema);
    const reader = user.user_type === "influencer" ? "influencer" : "business";
    return csvResponse(`orders-${exportDate()}.csv`, orderCsvHeader(reader), (write) =>
      asUserExporting(deps.sql, c.get("claims"), async (tx) => {
        for await (const rows of orderCsvLineBatches(tx, ordersOf(tx, user), filter, reader)) {
          await write(rows.map((row) => row.line).join(""));
        }
      }),
    );
  });

  // GET /orders/stats/summary - counts per status and totals of every one of the caller's orders (an
  // admin's: all orders), whatever page a board shows
  app.get("/stats/summary", async (c) => {
    const stats = await asUser(deps.sql, c.get("claims"), (tx) => readOrderStats(tx));
    return c.json({ stats } satisfies OrderStatsResponse);
  });

  return app;
}
