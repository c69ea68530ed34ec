// An influencer's keyword triggers: the DM keyword and template each approved link received.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../_shared/context.ts";
import { asUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { ownTriggersQuery, toTriggerJson, type TriggerRow } from "../../_shared/links.ts";
import { requireUser } from "../../_shared/require-user.ts";

export function keywordTriggerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser(deps));

  // GET /keyword-triggers/my-triggers - the caller's triggers, newest first
  app.get("/my-triggers", async (c) => {
    const user = c.get("user");
    if (user.user_type !== "influencer") throw new ApiError("forbidden", "Only influencers have keyword triggers");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => tx.unsafe<TriggerRow[]>(ownTriggersQuery, [user.id]));
    return c.json({ triggers: rows.map(toTriggerJson) });
  });

  return app;
}
