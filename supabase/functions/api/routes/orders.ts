// Orders as their business or influencer sees them (RLS decides which), and per-status stats.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { orderSelect, toOrderJson, type OrderRow } from "../read-models/orders.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";
import { ORDER_STATUSES } from "../../_shared/contract/orders.ts";
import { requireRole, requireUser } from "../lib/require-user.ts";

export function orderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // An admin sees every order on /admin/orders; these answer for one business or influencer.
  app.use("*", requireUser(deps), requireRole(["business", "influencer"], { to: "list their own orders" }));

  // GET /orders/user/all - the caller's orders (a business its sales, an influencer those through its links)
  app.get("/user/all", async (c) => {
    const user = c.get("user");
    const column = user.user_type === "influencer" ? "o.influencer_id" : "o.business_id";
    const rows = await asUser(deps.sql, c.get("claims"), (tx) =>
      tx.unsafe<OrderRow[]>(`select ${orderSelect} where ${column} = $1 order by o.created_at desc, o.id`, [user.id]),
    );
    // The other party's email is not the caller's to know.
    return c.json({
      orders: rows.map((row) => ({
        ...toOrderJson(row),
        business_email: user.user_type === "business" ? row.business_email : null,
        influencer_email: user.user_type === "influencer" ? row.influencer_email : null,
      })),
    });
  });

  // GET /orders/stats/summary - counts per status and totals of the caller's orders
  app.get("/stats/summary", async (c) => {
    const user = c.get("user");
    const column = user.user_type === "influencer" ? "influencer_id" : "business_id";
    const rows = await asUser(deps.sql, c.get("claims"), (tx) =>
      tx.unsafe<{ status: string; orders: number; sales_cents: string }[]>(
        `select status, count(*)::int as orders, coalesce(sum(subtotal_cents), 0)::text as sales_cents
         from public.orders where ${column} = $1 group by status`,
        [user.id],
      ),
    );
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
    let total = 0;
    let sales = 0;
    let deliveredSales = 0;
    for (const row of rows) {
      byStatus[row.status] = row.orders;
      total += row.orders;
      sales += Number(row.sales_cents);
      if (row.status === "delivered") deliveredSales += Number(row.sales_cents);
    }
    return c.json({
      stats: {
        total_orders: total,
        by_status: byStatus,
        total_sales_cents: sales,
        total_sales: centsToDollars(sales),
        delivered_sales_cents: deliveredSales,
        delivered_sales: centsToDollars(deliveredSales),
      },
    });
  });

  return app;
}
