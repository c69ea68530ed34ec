// Orders as their business or influencer sees them (RLS decides which), and per-status stats.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import {
  orderCsvHeader,
  orderCsvLineBatches,
  ordersOf,
  readOrderPage,
  readDeliveryContacts,
  readOrderStats,
  toOrderJson,
  type DeliveryContactRow,
} from "../read-models/orders.ts";
import { csvResponse, exportDate } from "../lib/csv.ts";
import { asUserExporting } from "../lib/export-statement.ts";
import { pageOf } from "../lib/keyset.ts";
import { parseQuery } from "../../_shared/validation.ts";
import {
  orderFilterSchema,
  orderListQuerySchema,
  type OrdersResponse,
  type OrderStatsResponse,
} from "../../_shared/contract/orders.ts";

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
    // The other party's email is not the caller's to know, nor the customer's phone (admins only).
    return c.json({
      orders: page.rows.map((row) => ({
        ...toOrderJson(row, contacts.get(row.id) ?? null),
        customer_phone: null,
        business_email: user.user_type === "business" ? row.business_email : null,
        influencer_email: user.user_type === "influencer" ? row.influencer_email : null,
      })),
      next_cursor: page.next_cursor,
    } satisfies OrdersResponse);
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
