// GET /admin/attribution/stats: the platform's clicks and the orders they led to (the route
// table lets only approved admins here). Read as the admin: the admin policies of
// link_clicks and orders show every row.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { PlatformStatsResponse } from "../../_shared/contract/attribution.ts";
import { readAttribution, readDaily } from "../read-models/attribution.ts";

export function adminAttributionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/attribution/stats - platform totals by source, and per day
  app.get("/stats", async (c) => {
    const answer = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const scope = { clicks: tx`true`, orders: tx`true` };
      const figures = await readAttribution(tx, { ...scope, key: null });
      return { totals: figures.totals, daily: await readDaily(tx, scope) } satisfies PlatformStatsResponse;
    });
    return c.json(answer);
  });

  return app;
}
