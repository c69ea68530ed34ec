// An influencer's affiliate links: apply for one campaign, list the own links and their stats.
import { Hono } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError, sqlStateOf } from "../../_shared/errors.ts";
import { readOwnLinks, toOwnLinkJson, type OwnLinkRow } from "../read-models/links.ts";
import {
  linkApplicationSchema,
  shortUrl,
  type LinkAppliedResponse,
  type MyLinksResponse,
} from "../../_shared/contract/links.ts";
import type { LinkStatsResponse } from "../../_shared/contract/attribution.ts";
import type { Database, Tables } from "../../_shared/database.types.ts";
import { noFigures, readAttribution, readDaily } from "../read-models/attribution.ts";
import { parseJsonBody } from "../../_shared/validation.ts";

/** An approved link as its stats name it. */
type StatsLinkRow = Pick<Tables<"affiliate_links">, "id" | "campaign_id" | "short_code"> & {
  campaign_name: Tables<"campaigns">["product_name"];
};

/** Why a campaign takes no orders today (inactive, not started, ended), or null. */
type ClosedReason = Database["private"]["Functions"]["campaign_closed_reason"]["Returns"] | null;

export function affiliateLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // POST /affiliate-links/apply - apply for a link to an active campaign (pending until an admin
  // decides), or apply again, once, after a rejection
  app.post("/apply", async (c) => {
    const user = c.get("user");
    const { campaign_id } = await parseJsonBody(c, linkApplicationSchema);
    const applied = (row: OwnLinkRow, message: string) =>
      c.json({ message, link: toOwnLinkJson(row, deps.appUrl) } satisfies LinkAppliedResponse, 201);
    try {
      const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
        const [link] = await tx<Pick<Tables<"affiliate_links">, "id">[]>`
          insert into public.affiliate_links (influencer_id, campaign_id) values (${user.id}, ${campaign_id})
          returning id`;
        return readOwnLinks(tx, tx`l.id = ${link.id}`);
      });
      return applied(row, "Your link application has been submitted and is pending admin approval.");
    } catch (error) {
      if (sqlStateOf(error) === "42501") throw await whyApplicationRefused(deps, campaign_id);
      // Any other error but the unique violation (one link per influencer and campaign) is the answer.
      if (sqlStateOf(error) !== "23505") throw error;
    }
    // The influencer holds a link to this campaign already: public.reapply_for_link puts a rejected
    // one back to pending, once. It refuses the rest, which the usual mapping answers: 409 with its
    // message for a link pending or approved (23505) or rejected twice (55000).
    try {
      const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
        const [link] = await tx<Pick<Tables<"affiliate_links">, "id">[]>`
          select id from public.reapply_for_link(${campaign_id})`;
        return readOwnLinks(tx, tx`l.id = ${link.id}`);
      });
      return applied(row, "Your link application has been submitted again and is pending admin approval.");
    } catch (error) {
      // The campaign closed, or the caller's approval changed, since the insert.
      if (sqlStateOf(error) === "42501") throw await whyApplicationRefused(deps, campaign_id);
      throw error;
    }
  });

  // GET /affiliate-links/my-links - the caller's links, newest first
  app.get("/my-links", async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readOwnLinks(tx, tx`l.influencer_id = ${user.id}`));
    return c.json({ links: rows.map((row) => toOwnLinkJson(row, deps.appUrl)) } satisfies MyLinksResponse);
  });

  // GET /affiliate-links/stats - clicks, orders and commission of each approved link, newest first
  app.get("/stats", async (c) => {
    const user = c.get("user");
    const answer = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const links = await tx<StatsLinkRow[]>`
        select l.id, l.campaign_id, c.product_name as campaign_name, l.short_code
        from public.affiliate_links l
        join public.campaigns c on c.id = l.campaign_id
        where l.influencer_id = ${user.id} and l.status = 'approved'
        order by l.created_at desc, l.id desc`;
      const scope = { clicks: tx`k.influencer_id = ${user.id}`, orders: tx`o.influencer_id = ${user.id}` };
      const figures = await readAttribution(tx, {
        ...scope,
        key: { clicks: tx`k.affiliate_link_id`, orders: tx`o.affiliate_link_id` },
      });
      return {
        links: links.map((link) => ({
          affiliate_link_id: link.id,
          campaign_id: link.campaign_id,
          campaign_name: link.campaign_name,
          short_url: link.short_code ? shortUrl(deps.appUrl, link.short_code) : null,
          ...(figures.byKey.get(link.id) ?? noFigures()),
        })),
        totals: figures.totals,
        daily: await readDaily(tx, scope),
      } satisfies LinkStatsResponse;
    });
    return c.json(answer);
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
    (tx) => tx<{ closed_reason: ClosedReason }[]>`
    select private.campaign_closed_reason(status, start_date, end_date) as closed_reason
    from public.campaigns where id = ${campaignId}`,
  );
  if (!campaign) return new ApiError("not_found", "Campaign not found");
  if (campaign.closed_reason) return new ApiError("conflict", campaign.closed_reason);
  // Active after all: the caller's approval changed since the check above.
  return new ApiError("forbidden", "Only approved influencers can apply for affiliate links");
}
