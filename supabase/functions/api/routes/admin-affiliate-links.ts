// Admin paths for affiliate links: every application, the pending ones, approve or reject one.
// Mounted behind the /admin/* guard (an approved admin); RLS lets admins read every link.
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { applicationsQuery, newestLinksFirst, toApplicationJson, type ApplicationRow } from "../read-models/links.ts";
import { affiliateUrl } from "../../_shared/contract/links.ts";
import { uuidParam } from "../../_shared/validation.ts";

const decisions = { approve: "approved", reject: "rejected" } as const;

export function adminLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const list = (where: string) => async (c: Context<AppEnv>) => {
    const rows = await asUser(deps.sql, c.get("claims"), (tx) =>
      tx.unsafe<ApplicationRow[]>(`${applicationsQuery} ${where} ${newestLinksFirst}`),
    );
    return c.json({ applications: rows.map((row) => toApplicationJson(row, deps.appUrl)) });
  };

  // GET /admin/affiliate-links/all - every application, newest first
  app.get("/all", list(""));

  // GET /admin/affiliate-links/pending - applications awaiting a decision, newest first
  app.get("/pending", list("where l.status = 'pending'"));

  // PUT /admin/affiliate-links/{id}/approve and /reject - decide a pending application
  for (const [action, decision] of Object.entries(decisions)) {
    app.put(`/:id/${action}`, async (c) => {
      const id = uuidParam(c.req.param("id"), "id");
      const row = await asUser(deps.sql, c.get("claims"), async (tx) => {
        const [link] = await tx<{ influencer_id: string; campaign_id: string }[]>`
          select influencer_id, campaign_id from public.affiliate_links where id = ${id}`;
        if (!link) throw new ApiError("not_found", "Affiliate link not found");
        // The function checks the admin, the state, the campaign and the cap of 10 under lock.
        const url = affiliateUrl(deps.appUrl, link.influencer_id, link.campaign_id);
        await tx`select 1 from public.decide_affiliate_link(${id}, ${decision}, ${url})`;
        const [decided] = await tx.unsafe<ApplicationRow[]>(`${applicationsQuery} where l.id = $1`, [id]);
        return decided;
      });
      return c.json({ message: `Affiliate link ${decision}`, link: toApplicationJson(row, deps.appUrl) });
    });
  }

  return app;
}
