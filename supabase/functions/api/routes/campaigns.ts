// Campaign paths: a business's own campaigns, the active ones influencers browse, one campaign,
// create and edit. Row-level security decides what each caller reads and writes; the checks
// here only turn its refusals into answers that say why.
import { Hono } from "hono";
import { campaignColumns, toCampaignJson, type CampaignRow } from "../read-models/campaigns.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError, sqlStateOf } from "../../_shared/errors.ts";
import {
  campaignCreateSchema,
  campaignUpdateSchema,
  type AvailableCampaignsResponse,
  type CampaignResponse,
  type CampaignSavedResponse,
  type CampaignsResponse,
} from "../../_shared/contract/campaigns.ts";
import type { LinkStatus } from "../../_shared/contract/links.ts";
import type { CampaignStatsResponse } from "../../_shared/contract/attribution.ts";
import { noFigures, readAttribution, readDaily } from "../read-models/attribution.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";

export function campaignRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /campaigns/business - the caller's own campaigns, newest first
  app.get("/business", async (c) => {
    const user = c.get("user");
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<CampaignRow[]>`
        select ${campaignColumns(tx)} from public.campaigns where business_id = ${user.id}
        order by created_at desc, id desc`,
    );
    return c.json({ campaigns: rows.map(toCampaignJson) } satisfies CampaignsResponse);
  });

  // GET /campaigns/active - campaigns open for applications, newest first, each with the caller's own
  // application status (approved influencers, admins)
  app.get("/active", async (c) => {
    const user = c.get("user");
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      // The answer says what the caller already applied to, so no client offers a second
      // application the server would refuse (409); one row per influencer and campaign (unique).
      (tx) => tx<(CampaignRow & { application_status: LinkStatus | null })[]>`
        select ${campaignColumns(tx)},
               (select l.status from public.affiliate_links l
                where l.campaign_id = campaigns.id and l.influencer_id = ${user.id}) as application_status
        from public.campaigns where status = 'active'
        order by created_at desc, id desc`,
    );
    return c.json({
      campaigns: rows.map((row) => ({ ...toCampaignJson(row), application_status: row.application_status })),
    } satisfies AvailableCampaignsResponse);
  });

  // GET /campaigns/stats - clicks, orders and commission of each of the caller's campaigns, newest first
  // (before /:id, which would take "stats" for an id)
  app.get("/stats", async (c) => {
    const user = c.get("user");
    const answer = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const campaigns = await tx<Pick<CampaignRow, "id" | "product_name">[]>`
        select id, product_name from public.campaigns where business_id = ${user.id}
        order by created_at desc, id desc`;
      const scope = { clicks: tx`k.business_id = ${user.id}`, orders: tx`o.business_id = ${user.id}` };
      const figures = await readAttribution(tx, {
        ...scope,
        key: { clicks: tx`k.campaign_id`, orders: tx`o.campaign_id` },
      });
      return {
        campaigns: campaigns.map((campaign) => ({
          campaign_id: campaign.id,
          campaign_name: campaign.product_name,
          ...(figures.byKey.get(campaign.id) ?? noFigures()),
        })),
        totals: figures.totals,
        daily: await readDaily(tx, scope),
      } satisfies CampaignStatsResponse;
    });
    return c.json(answer);
  });

  // GET /campaigns/{id} - one campaign the caller may see
  app.get("/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const [row] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<CampaignRow[]>`select ${campaignColumns(tx)} from public.campaigns where id = ${id}`,
    );
    if (!row) throw new ApiError("not_found", "Campaign not found");
    return c.json({ campaign: toCampaignJson(row) } satisfies CampaignResponse);
  });

  // POST /campaigns - create a campaign (the one payload of docs/api.md; unknown fields refused)
  app.post("/", async (c) => {
    const user = c.get("user");
    const record = await parseJsonBody(c, campaignCreateSchema);
    const values = { business_id: user.id, ...record };
    try {
      const [row] = await asUser(
        deps.sql,
        c.get("claims"),
        (tx) => tx<CampaignRow[]>`insert into public.campaigns ${tx(values)} returning ${campaignColumns(tx)}`,
      );
      return c.json(
        { message: "Campaign created successfully!", campaign: toCampaignJson(row) } satisfies CampaignSavedResponse,
        201,
      );
    } catch (error) {
      // The insert policy is the real guard (the check above reads the same row a moment earlier).
      if (sqlStateOf(error) === "42501")
        throw new ApiError("forbidden", "Only approved businesses can create campaigns");
      throw error;
    }
  });

  // PUT /campaigns/{id} - change some fields of an own campaign, or deactivate it (one-way)
  app.put("/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const changes = await parseJsonBody(c, campaignUpdateSchema);
    const columns = Object.keys(changes) as (keyof typeof changes)[];
    if (columns.length === 0) throw new ApiError("invalid_input", "Nothing to update");
    // Only one of the dates sent, crossing the other one already stored, fails campaigns_dates_in_order:
    // the error mapping answers it with end_date and its message (contract/constraints.ts).
    const [row] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<CampaignRow[]>`update public.campaigns set ${tx(changes, columns)} where id = ${id}
                        returning ${campaignColumns(tx)}`,
    );
    if (!row) throw await whyNotUpdated(deps, id);
    return c.json({
      message: "Campaign updated successfully",
      campaign: toCampaignJson(row),
    } satisfies CampaignSavedResponse);
  });

  return app;
}

/**
 * The update policy hides other businesses' campaigns, so "updated nothing" means either absent
 * or not the caller's. Telling the two apart needs a look past RLS: a bare existence check, as
 * service_role, that returns nothing of the campaign itself.
 */
async function whyNotUpdated(deps: AppDeps, id: string): Promise<ApiError> {
  const [found] = await asService(deps.sql, (tx) => tx`select 1 from public.campaigns where id = ${id}`);
  return found
    ? new ApiError("forbidden", "You can only edit your own campaigns")
    : new ApiError("not_found", "Campaign not found");
}
