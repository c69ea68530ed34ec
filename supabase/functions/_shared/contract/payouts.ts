// Payouts (docs/api.md, "Payouts"; the figures are explained in docs/money.md): request and
// response schemas, shared by the SPA and the api function (no Deno APIs). Every amount comes
// twice, in dollars for display and in integer cents to compute with.
import { z } from "zod";
import { nextCursor } from "./paging.ts";
import { id, message, timestamp } from "./fields.ts";
import { ruleMessage } from "./constraints.ts";
import { cents, dollars, moneyShape } from "./money.ts";
import { PAYOUT_STATUSES, PAYOUT_USER_TYPES } from "./statuses.ts";

export { PAYOUT_STATUSES, PAYOUT_USER_TYPES, type PayoutStatus, type PayoutUserType } from "./statuses.ts";

export const ABA_REFERENCE_REQUIRED = "ABA reference number is required to complete payout.";

const abaReference = z
  .string({ error: ABA_REFERENCE_REQUIRED })
  .trim()
  .min(1, ABA_REFERENCE_REQUIRED)
  .max(64, ruleMessage("payout_requests_aba_reference_check"));

/** PUT /payouts/admin/complete/{userId} */
export const payoutCompletionSchema = z.object({ aba_reference: abaReference });

export const PAYOUT_REJECTION_REASON_REQUIRED = "A reason is required to reject a payout request";

/** PUT /payouts/admin/reject/{userId}: why, in words the requester reads. */
export const payoutRejectionSchema = z.object({
  reason: z
    .string({ error: PAYOUT_REJECTION_REASON_REQUIRED })
    .trim()
    .min(1, PAYOUT_REJECTION_REASON_REQUIRED)
    .max(500, ruleMessage("payout_requests_rejection_reason_length")),
});

export const CORRECTION_REASON_REQUIRED = "A reason is required to correct an ABA reference";

/** PUT /payouts/admin/reference/{requestId}: the right reference of a completed payout, and why it changed. */
export const payoutReferenceCorrectionSchema = z.object({
  aba_reference: abaReference,
  reason: z
    .string({ error: CORRECTION_REASON_REQUIRED })
    .trim()
    .min(1, CORRECTION_REASON_REQUIRED)
    .max(500, ruleMessage("payout_reference_corrections_reason_length")),
});

export type PayoutCompletionInput = z.input<typeof payoutCompletionSchema>;
export type PayoutRejectionInput = z.input<typeof payoutRejectionSchema>;
export type PayoutReferenceCorrectionInput = z.input<typeof payoutReferenceCorrectionSchema>;

/** One correction of a completed payout's ABA reference, oldest first. */
export const referenceCorrectionSchema = z.object({
  previous_reference: z.string(),
  aba_reference: z.string(),
  reason: z.string(),
  corrected_at: timestamp,
});

/** Where a request is paid: the requester's bank details when they asked, never edited since. */
const bankSnapshotShape = {
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
};

/** How long the payable KHQR of a pending request can be scanned after it is read. */
export const PAYABLE_KHQR_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** One payout request (a history item): pending, completed, cancelled by its owner or rejected by an admin. */
export const payoutItemSchema = z.object({
  payout_request_id: id,
  user_id: id,
  /** The requester's. */
  email: z.string(),
  /** A business requester's shop name (null for influencers and unnamed shops). */
  business_name: z.string().nullable(),
  user_type: z.enum(PAYOUT_USER_TYPES),
  status: z.enum(PAYOUT_STATUSES),
  requested_at: timestamp,
  completed_at: timestamp.nullable(),
  /** Set on completion; the corrected one after a correction. */
  aba_reference: z.string().nullable(),
  /** When the owner cancelled it (status cancelled), else null. */
  cancelled_at: timestamp.nullable(),
  /** When an admin rejected it (status rejected), else null. */
  rejected_at: timestamp.nullable(),
  /** Why an admin rejected it, for the requester; null unless rejected. */
  rejection_reason: z.string().nullable(),
  /** Every correction of the ABA reference of a completed request, oldest first (usually none). */
  reference_corrections: z.array(referenceCorrectionSchema),
  // The amount paid out (for a business: net).
  ...moneyShape("total_amount"),
  // Earnings covered before fees (for an influencer: the total).
  ...moneyShape("gross_amount"),
  // Platform fees covered (for an influencer: 0).
  ...moneyShape("fee_amount"),
  /** Ledger transactions the request covers. */
  transaction_count: z.number().int(),
  /** Products of the covered orders, sorted, distinct. */
  product_names: z.array(z.string()),
  ...bankSnapshotShape,
});

/** An influencer's balances (GET /payouts/summary). */
export const influencerPayoutSummarySchema = z.object({
  // Net earnings to date, after reversals.
  ...moneyShape("earned_balance"),
  // The pending request's amount, 0 if none.
  ...moneyShape("requested_balance"),
  // Everything paid out.
  ...moneyShape("total_completed"),
  // Not yet in any request and past the holding period; negative when the user owes it (a
  // reversal after a payout).
  ...moneyShape("available_for_payout"),
  // Delivered but still inside the holding period (docs/money.md): not yet requestable.
  ...moneyShape("pending_balance"),
  // Commissions of orders held for an admin's review, whatever the holding period says; the rule
  // that fired is never told. Always 0 for a business (its net is not held).
  ...moneyShape("held_for_review_balance"),
  // Earnings of delivered orders whose cash the courier has not remitted yet, while the marketplace
  // pays out only remitted cash (release_after_remittance): "waiting for the courier's cash".
  ...moneyShape("awaiting_cash_balance"),
});

/** A business's balances: an influencer's, plus gross, fees and the commissions on its orders. */
export const businessPayoutSummarySchema = influencerPayoutSummarySchema.extend({
  ...moneyShape("total_earnings"),
  ...moneyShape("total_platform_fees"),
  ...moneyShape("total_influencer_commissions"),
});

/** The caller's balances: a business's fields, or an influencer's. */
export const payoutSummarySchema = z.union([businessPayoutSummarySchema, influencerPayoutSummarySchema]);

/** A user's pending requests as the admin sees them (grouped per user). */
export const pendingPayoutSchema = z.object({
  user_id: id,
  email: z.string(),
  /** A business requester's shop name (null for influencers and unnamed shops). */
  business_name: z.string().nullable(),
  user_type: z.enum(PAYOUT_USER_TYPES),
  // To pay.
  ...moneyShape("total_amount"),
  oldest_request: timestamp,
  /** Normally 1. */
  request_count: z.number().int(),
  /** Oldest first. */
  payout_request_ids: z.array(id),
  transaction_count: z.number().int(),
  product_names: z.array(z.string()),
  /** Businesses only, null for influencers. */
  gross_amount: dollars.nullable(),
  gross_amount_cents: cents.nullable(),
  fee_amount: dollars.nullable(),
  fee_amount_cents: cents.nullable(),
  /** Equals the total. */
  net_amount: dollars.nullable(),
  net_amount_cents: cents.nullable(),
  // As the user had them when requesting (the oldest pending request's).
  ...bankSnapshotShape,
  /**
   * The requested KHQR made payable: dynamic, the total in USD, expiring
   * PAYABLE_KHQR_LIFETIME_MS after this answer; null when the user saved no KHQR, or saved one
   * before the checks refused repeated tags and it repeats one (pay the account number then).
   */
  khqr: z.string().nullable(),
});

/** Platform-wide totals for the admin. */
export const payoutStatsSchema = z.object({
  pending_requests: z.number().int(),
  ...moneyShape("pending_amount"),
  completed_payouts: z.number().int(),
  ...moneyShape("completed_amount"),
  // Fee revenue to date, after reversals.
  ...moneyShape("platform_fees"),
  // Product cash collected on delivery, after reversals.
  ...moneyShape("cash_collected"),
  // Collected and not yet paid out.
  ...moneyShape("cash_held"),
});

/**
 * How many of the caller's requests GET /payouts/summary carries. Every order change on an open
 * dashboard refetches the summary, so it holds the newest few, whose cost does not grow with the
 * years of history; older ones are paged from GET /payouts/history after its next_cursor.
 */
export const SUMMARY_HISTORY_SIZE = 10;

/** GET /payouts/summary: balances and the caller's newest requests, newest first */
export const payoutSummaryResponseSchema = z.object({
  summary: payoutSummarySchema,
  history: z.array(payoutItemSchema),
  // Where GET /payouts/history continues after `history`; null when it holds every request.
  next_cursor: nextCursor,
});

/**
 * One request as an action left it: POST /payouts/request (201), DELETE /payouts/request,
 * PUT /payouts/admin/reject/{userId} and PUT /payouts/admin/reference/{requestId}.
 */
export const payoutRequestedResponseSchema = z.object({ message, payout: payoutItemSchema });

/** GET /payouts/history, newest first */
export const payoutHistoryResponseSchema = z.object({ history: z.array(payoutItemSchema), next_cursor: nextCursor });

/** GET /payouts/admin/pending, the longest-waiting user first */
export const pendingPayoutsResponseSchema = z.object({ requests: z.array(pendingPayoutSchema) });

/** GET /payouts/admin/stats */
export const payoutStatsResponseSchema = z.object({ stats: payoutStatsSchema });

/** PUT /payouts/admin/complete/{userId}: the total paid and the requests it completed */
export const payoutCompletedResponseSchema = z.object({
  message,
  aba_reference: z.string(),
  ...moneyShape("total_amount"),
  payouts: z.array(payoutItemSchema),
});

export type PayoutItem = z.infer<typeof payoutItemSchema>;
export type InfluencerPayoutSummary = z.infer<typeof influencerPayoutSummarySchema>;
export type BusinessPayoutSummary = z.infer<typeof businessPayoutSummarySchema>;
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;
export type PendingPayout = z.infer<typeof pendingPayoutSchema>;
export type PayoutStats = z.infer<typeof payoutStatsSchema>;
export type PayoutSummaryResponse = z.infer<typeof payoutSummaryResponseSchema>;
export type PayoutRequestedResponse = z.infer<typeof payoutRequestedResponseSchema>;
export type PayoutHistoryResponse = z.infer<typeof payoutHistoryResponseSchema>;
export type PendingPayoutsResponse = z.infer<typeof pendingPayoutsResponseSchema>;
export type PayoutStatsResponse = z.infer<typeof payoutStatsResponseSchema>;
export type PayoutCompletedResponse = z.infer<typeof payoutCompletedResponseSchema>;
