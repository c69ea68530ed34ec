// An influencer's keyword triggers: the DM keyword and template each approved link received.
import { Hono } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asUser } from "../../_shared/db.ts";
import type { MyTriggersResponse } from "../../_shared/contract/links.ts";
import { readOwnTriggers, toTriggerJson } from "../read-models/links.ts";
import { requireRole, requireUser } from "../lib/require-user.ts";

export function keywordTriggerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser(deps));

  // GET /keyword-triggers/my-triggers - the caller's triggers, newest first
  app.get("/my-triggers", requireRole("influencer", { to: "see keyword triggers" }), async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readOwnTriggers(tx, user.id));
    return c.json({ triggers: rows.map((row) => toTriggerJson(row, deps.appUrl)) } satisfies MyTriggersResponse);
  });

  return app;
}
