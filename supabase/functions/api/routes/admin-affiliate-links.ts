// Admin paths for affiliate links: every application, the pending ones, approve or reject one.
// Mounted behind the /admin/* guard (an approved admin); RLS lets admins read every link.
import { Hono, type Context } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { asUser, type Fragment, type Tx } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { readApplications, toApplicationJson } from "../read-models/links.ts";
import {
  linkRejectionSchema,
  type LinkApplicationsResponse,
  type LinkDecisionResponse,
} from "../../_shared/contract/links.ts";
import { parseOptionalJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { pageQuerySchema } from "../../_shared/contract/paging.ts";
import { afterCursor, pageOf, rowsToRead } from "../lib/keyset.ts";

const decisions = { approve: "approved", reject: "rejected" } as const;

const everyLink = (tx: Tx) => tx`true`;
const pendingLinks = (tx: Tx) => tx`l.status = 'pending'`;

export function adminLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const list = (where: (tx: Tx) => Fragment) => async (c: Context<AppEnv>) => {
    const page = parseQuery(c, pageQuerySchema);
    const rows = await asUser(deps.sql, c.get("claims"), (tx) =>
      readApplications(
        tx,
        tx`${where(tx)} and ${afterCursor(tx, tx`l.created_at`, tx`l.id`, page.cursor)}`,
        rowsToRead(page),
      ),
    );
    const { rows: shown, next_cursor } = pageOf(rows, page);
    return c.json({
      applications: shown.map((row) => toApplicationJson(row, deps.appUrl)),
      next_cursor,
    } satisfies LinkApplicationsResponse);
  };

  // GET /admin/affiliate-links/all - one page of every application, newest first (?limit, cursor)
  app.get("/all", list(everyLink));

  // GET /admin/affiliate-links/pending - one page of the applications awaiting a decision, newest first
  app.get("/pending", list(pendingLinks));

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
