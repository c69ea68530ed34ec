// Payouts (docs/api.md, "Payouts"; for the payout cards and the admin's Payout Management tab,
// docs/product.md, "Payout requests"): a user's balance and history, their payout request and its
// cancellation, and an admin's completion by ABA transfer, rejection and reference correction. The
// amounts, the one-pending rule and each step's state are decided in the database
// (public.request_payout, public.cancel_payout_request, public.complete_payouts,
// public.reject_payout_request, public.correct_payout_reference); see docs/money.md.
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import {
  PAYOUT_CSV_HEADER,
  payoutCsvBatches,
  readPayoutPage,
  readPayouts,
  readPayoutStats,
  readPendingByUser,
  readSummary,
} from "../read-models/payouts.ts";
import { money } from "../../_shared/contract/money.ts";
import { csvLine, csvResponse, exportDate } from "../lib/csv.ts";
import { asUserExporting } from "../lib/export-statement.ts";
import {
  payoutCompletionSchema,
  payoutReferenceCorrectionSchema,
  payoutRejectionSchema,
  type PayoutCompletedResponse,
  type PayoutHistoryResponse,
  type PayoutRequestedResponse,
  type PayoutStatsResponse,
  type PayoutSummaryResponse,
  type PayoutUserType,
  type PendingPayoutsResponse,
  SUMMARY_HISTORY_SIZE,
} from "../../_shared/contract/payouts.ts";
import type { Database } from "../../_shared/database.types.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { pageQuerySchema } from "../../_shared/contract/paging.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";

type PublicFunctions = Database["public"]["Functions"];

export function payoutRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /payouts/summary - the caller's balances and newest payout requests
  app.get("/summary", async (c) => {
    const user = c.get("user");
    const answer = await asUser(deps.sql, c.get("claims"), async (tx) => {
      // Both queries leave together (one round trip); the route table lets only businesses and
      // influencers here.
      const [summary, { history, next_cursor }] = await Promise.all([
        readSummary(tx, user.id, user.user_type as PayoutUserType),
        readPayoutPage(tx, { limit: SUMMARY_HISTORY_SIZE, cursor: undefined }, tx`r.user_id = ${user.id}`),
      ]);
      return { summary, history, next_cursor } satisfies PayoutSummaryResponse;
    });
    return c.json(answer);
  });

  // POST /payouts/request - request everything available (no body)
  app.post("/request", async (c) => {
    const payout = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [request] = await tx<Pick<PublicFunctions["request_payout"]["Returns"], "id">[]>`
        select id from public.request_payout()`;
      const [item] = await readPayouts(tx, tx`r.id = ${request.id}`);
      return item;
    });
    return c.json(
      {
        message: "Payout requested. An admin will send it to your bank account by ABA transfer.",
        payout,
      } satisfies PayoutRequestedResponse,
      201,
    );
  });

  // DELETE /payouts/request - cancel the caller's pending request; what it covered is available again
  app.delete("/request", async (c) => {
    const payout = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [request] = await tx<Pick<PublicFunctions["cancel_payout_request"]["Returns"], "id">[]>`
        select id from public.cancel_payout_request()`;
      const [item] = await readPayouts(tx, tx`r.id = ${request.id}`);
      return item;
    });
    return c.json({
      message: "Payout request cancelled. Its amount is available again.",
      payout,
    } satisfies PayoutRequestedResponse);
  });

  // GET /payouts/history - one page of payout requests, newest first (a user's own; an admin sees
  // everyone's; ?limit, cursor)
  app.get("/history", async (c) => {
    const page = parseQuery(c, pageQuerySchema);
    const answer = await asUser(deps.sql, c.get("claims"), (tx) => readPayoutPage(tx, page));
    return c.json(answer satisfies PayoutHistoryResponse);
  });

  // GET /payouts/history/export - every payout request the caller may read (their own; an admin's:
  // everyone's) as CSV
  app.get("/history/export", (c) =>
    csvResponse(`payouts-${exportDate()}.csv`, PAYOUT_CSV_HEADER, (write) =>
      asUserExporting(deps.sql, c.get("claims"), async (tx) => {
        for await (const rows of payoutCsvBatches(tx)) await write(rows.map(csvLine).join(""));
      }),
    ),
  );

  // GET /payouts/admin/pending - pending requests grouped per user, oldest first, with where to pay them
  app.get("/admin/pending", async (c) => {
    const requests = await asUser(deps.sql, c.get("claims"), (tx) => readPendingByUser(tx));
    return c.json({ requests } satisfies PendingPayoutsResponse);
  });

  // GET /payouts/admin/stats - request counts and amounts, fee revenue, cash collected and held
  app.get("/admin/stats", async (c) => {
    const stats = await asUser(deps.sql, c.get("claims"), readPayoutStats);
    return c.json({ stats } satisfies PayoutStatsResponse);
  });

  // PUT /payouts/admin/complete/{userId} - complete a user's pending request (one at most) with the ABA reference
  app.put("/admin/complete/:userId", async (c) => {
    const userId = uuidParam(c.req.param("userId"), "userId");
    const { aba_reference } = await parseJsonBody(c, payoutCompletionSchema);
    const { email, payouts } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [completed] = await tx<Pick<PublicFunctions["complete_payouts"]["Returns"], "id">[]>`
        select id from public.complete_payouts(${userId}, ${aba_reference})`;
      const payouts = await readPayouts(tx, tx`r.id = ${completed.id}`);
      return { email: payouts[0].email, payouts };
    });
    // The completion queued the user's "payout completed" notice.
    sendTelegramNoticesAfterResponse(deps);
    const total = payouts.reduce((sum, payout) => sum + payout.total_amount_cents, 0);
    return c.json({
      message: `Payout completed successfully for ${email}!`,
      aba_reference,
      ...money("total_amount", total),
      payouts,
    } satisfies PayoutCompletedResponse);
  });

  // PUT /payouts/admin/reject/{userId} - reject a user's pending request with a reason; its amount is available again
  app.put("/admin/reject/:userId", async (c) => {
    const userId = uuidParam(c.req.param("userId"), "userId");
    const { reason } = await parseJsonBody(c, payoutRejectionSchema);
    const payout = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [rejected] = await tx<Pick<PublicFunctions["reject_payout_request"]["Returns"], "id">[]>`
        select id from public.reject_payout_request(${userId}, ${reason})`;
      const [item] = await readPayouts(tx, tx`r.id = ${rejected.id}`);
      return item;
    });
    return c.json({
      message: `Payout request rejected for ${payout.email}`,
      payout,
    } satisfies PayoutRequestedResponse);
  });

  // PUT /payouts/admin/reference/{requestId} - correct a completed payout's ABA reference, with a reason
  app.put("/admin/reference/:requestId", async (c) => {
    const requestId = uuidParam(c.req.param("requestId"), "requestId");
    const { aba_reference, reason } = await parseJsonBody(c, payoutReferenceCorrectionSchema);
    const payout = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select from public.correct_payout_reference(${requestId}, ${aba_reference}, ${reason})`;
      const [item] = await readPayouts(tx, tx`r.id = ${requestId}`);
      return item;
    });
    return c.json({ message: "ABA reference corrected", payout } satisfies PayoutRequestedResponse);
  });

  return app;
}
