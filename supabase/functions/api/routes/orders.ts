// Orders as their business or influencer sees them (RLS decides which), and per-status stats.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ordersOf, readOrders, readOrderStats, toOrderJson } from "../read-models/orders.ts";
import type { OrdersResponse, OrderStatsResponse } from "../../_shared/contract/orders.ts";
import { requireRole, requireUser } from "../lib/require-user.ts";

export function orderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // An admin sees every order on /admin/orders; these answer for one business or influencer.
  app.use("*", requireUser(deps), requireRole(["business", "influencer"], { to: "list their own orders" }));

  // GET /orders/user/all - the caller's orders (a business its sales, an influencer those through its links)
  app.get("/user/all", async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readOrders(tx, ordersOf(tx, user)));
    // The other party's email is not the caller's to know.
    return c.json({
      orders: rows.map((row) => ({
        ...toOrderJson(row),
        business_email: user.user_type === "business" ? row.business_email : null,
        influencer_email: user.user_type === "influencer" ? row.influencer_email : null,
      })),
    } satisfies OrdersResponse);
  });

  // GET /orders/stats/summary - counts per status and totals of the caller's orders
  app.get("/stats/summary", async (c) => {
    const user = c.get("user");
    const stats = await asUser(deps.sql, c.get("claims"), (tx) => readOrderStats(tx, ordersOf(tx, user)));
    return c.json({ stats } satisfies OrderStatsResponse);
  });

  return app;
}
