// An influencer's affiliate links: apply for one campaign, list the own links.
import { Hono } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError, sqlStateOf } from "../../_shared/errors.ts";
import { newestLinksFirst, ownLinksQuery, toOwnLinkJson, type OwnLinkRow } from "../read-models/links.ts";
import { requireRole, requireUser } from "../lib/require-user.ts";
import { linkApplicationSchema } from "../../_shared/contract/links.ts";
import { parseJsonBody } from "../../_shared/validation.ts";

export function affiliateLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser(deps));

  // POST /affiliate-links/apply - apply for a link to an active campaign (pending until an admin decides)
  app.post("/apply", requireRole("influencer", { approved: true, to: "apply for affiliate links" }), async (c) => {
    const user = c.get("user");
    const { campaign_id } = await parseJsonBody(c, linkApplicationSchema);
    try {
      const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
        const [link] = await tx<{ id: string }[]>`
          insert into public.affiliate_links (influencer_id, campaign_id) values (${user.id}, ${campaign_id})
          returning id`;
        return tx.unsafe<OwnLinkRow[]>(`${ownLinksQuery} where l.id = $1`, [link.id]);
      });
      return c.json(
        {
          message: "Your link application has been submitted and is pending admin approval.",
          link: toOwnLinkJson(row, deps.appUrl),
        },
        201,
      );
    } catch (error) {
      if (sqlStateOf(error) === "23505") throw new ApiError("conflict", "You have already applied for this campaign");
      if (sqlStateOf(error) === "42501") throw await whyApplicationRefused(deps, campaign_id);
      throw error;
    }
  });

  // GET /affiliate-links/my-links - the caller's links, newest first
  app.get("/my-links", requireRole("influencer", { to: "see affiliate links" }), async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) =>
      tx.unsafe<OwnLinkRow[]>(`${ownLinksQuery} where l.influencer_id = $1 ${newestLinksFirst}`, [user.id]),
    );
    return c.json({ links: rows.map((row) => toOwnLinkJson(row, deps.appUrl)) });
  });

  return app;
}

/**
 * The insert policy refused: the campaign is unknown, inactive, not started or ended (the caller
 * was checked above). An approved influencer cannot see an inactive campaign it holds no link to,
 * so the reason is read past RLS, as service_role, and nothing else of the campaign is returned.
 */
async function whyApplicationRefused(deps: AppDeps, campaignId: string): Promise<ApiError> {
  const [campaign] = await asService(
    deps.sql,
    (tx) => tx<{ closed_reason: string | null }[]>`
    select private.campaign_closed_reason(status, start_date, end_date) as closed_reason
    from public.campaigns where id = ${campaignId}`,
  );
  if (!campaign) return new ApiError("not_found", "Campaign not found");
  if (campaign.closed_reason) return new ApiError("conflict", campaign.closed_reason);
  // Active after all: the caller's approval changed since the check above.
  return new ApiError("forbidden", "Only approved influencers can apply for affiliate links");
}
