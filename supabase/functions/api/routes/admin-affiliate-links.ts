// Admin paths for affiliate links: every application, the pending ones, approve or reject one.
// The route table lets only approved admins here; RLS lets admins read every link.
import { Hono, type Context } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { asUser, type Fragment, type Tx } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { readApplications, toApplicationJson } from "../read-models/links.ts";
import {
  linkApplicationsQuerySchema,
  linkRejectionSchema,
  type LinkApplicationsResponse,
  type LinkCounts,
  type LinkDecisionResponse,
} from "../../_shared/contract/links.ts";
import { parseOptionalJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { pageQuerySchema, type PageQuery } from "../../_shared/contract/paging.ts";
import { afterCursor, pageOf, rowsToRead } from "../lib/keyset.ts";

const decisions = { approve: "approved", reject: "rejected" } as const;

export function adminLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // One page of the applications `where` picks, newest first, and every status's exact count over
  // all applications (not the page), so the admin's filters show true numbers while paging.
  const list = async (c: Context<AppEnv>, where: (tx: Tx) => Fragment, page: PageQuery) => {
    const [rows, [counts]] = await asUser(deps.sql, c.get("claims"), (tx) =>
      Promise.all([
        readApplications(
          tx,
          tx`${where(tx)} and ${afterCursor(tx, tx`l.created_at`, tx`l.id`, page.cursor)}`,
          rowsToRead(page),
        ),
        tx<LinkCounts[]>`
          select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'approved')::int as approved,
                 count(*) filter (where status = 'rejected')::int as rejected,
                 count(*)::int as total
          from public.affiliate_links`,
      ]),
    );
    const { rows: shown, next_cursor } = pageOf(rows, page);
    return c.json({
      applications: shown.map((row) => toApplicationJson(row, deps.appUrl)),
      next_cursor,
      counts,
    } satisfies LinkApplicationsResponse);
  };

  // GET /admin/affiliate-links/all - one page of every application (or those with ?status),
  // newest first (?limit, cursor); affiliate_links_status_created_at_id_idx serves the filter
  app.get("/all", (c) => {
    const query = parseQuery(c, linkApplicationsQuerySchema);
    const status = query.status;
    return list(c, (tx) => (status ? tx`l.status = ${status}` : tx`true`), query);
  });

  // GET /admin/affiliate-links/pending - one page of the applications awaiting a decision, newest first
  app.get("/pending", (c) => list(c, (tx) => tx`l.status = 'pending'`, parseQuery(c, pageQuerySchema)));

  // PUT /admin/affiliate-links/{id}/approve and /reject - decide a pending application (a rejection
  // carries {reason}, which the influencer reads)
  for (const [action, decision] of Object.entries(decisions)) {
    app.put(`/:id/${action}`, async (c) => {
      const id = uuidParam(c.req.param("id"), "id");
      const reason = decision === "rejected" ? (await parseOptionalJsonBody(c, linkRejectionSchema)).reason : null;
      const row = await asUser(deps.sql, c.get("claims"), async (tx) => {
        const [link] = await tx<Pick<Tables<"affiliate_links">, "influencer_id" | "campaign_id">[]>`
          select influencer_id, campaign_id from public.affiliate_links where id = ${id}`;
        if (!link) throw new ApiError("not_found", "Affiliate link not found");
        // The function checks the admin, the state, the campaign and the cap of 10 under lock.
        await tx`select 1 from public.decide_affiliate_link(${id}, ${decision}, ${reason})`;
        const [decided] = await readApplications(tx, tx`l.id = ${id}`);
        return decided;
      });
      return c.json({
        message: `Affiliate link ${decision}`,
        link: toApplicationJson(row, deps.appUrl),
      } satisfies LinkDecisionResponse);
    });
  }

  return app;
}
