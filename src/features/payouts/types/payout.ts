// The payout shapes of SPEC §3 as the api function returns them (see the payout API contract and
// docs/money.md): every amount comes twice, in dollars for display and in integer cents for
// arithmetic; the SPA only uses the cents (formatMoney).
import { z } from "zod";

const cents = z.number().int();
const dollars = z.number();

export const payoutUserTypeSchema = z.enum(["business", "influencer"]);
export type PayoutUserType = z.infer<typeof payoutUserTypeSchema>;

/** One payout request (a history item), pending or completed. */
export const payoutItemSchema = z.object({
  payout_request_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  user_type: payoutUserTypeSchema,
  status: z.enum(["pending", "completed"]),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  aba_reference: z.string().nullable(),
  /** What is paid (a business: net). */
  total_amount: dollars,
  total_amount_cents: cents,
  gross_amount: dollars,
  gross_amount_cents: cents,
  fee_amount: dollars,
  fee_amount_cents: cents,
  transaction_count: z.number().int(),
  product_names: z.array(z.string()),
});

export type PayoutItem = z.infer<typeof payoutItemSchema>;

/** GET /payouts/summary's balances; the last three only for businesses. */
export const payoutSummarySchema = z.object({
  earned_balance: dollars,
  earned_balance_cents: cents,
  requested_balance: dollars,
  requested_balance_cents: cents,
  total_completed: dollars,
  total_completed_cents: cents,
  /** Negative when the user owes it (a reversal after a payout). */
  available_for_payout: dollars,
  available_for_payout_cents: cents,
  total_earnings: dollars.optional(),
  total_earnings_cents: cents.optional(),
  total_platform_fees: dollars.optional(),
  total_platform_fees_cents: cents.optional(),
  total_influencer_commissions: dollars.optional(),
  total_influencer_commissions_cents: cents.optional(),
});

export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** A user's pending requests as the admin sees them (grouped per user). */
export const pendingPayoutSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  user_type: payoutUserTypeSchema,
  total_amount: dollars,
  total_amount_cents: cents,
  oldest_request: z.string(),
  request_count: z.number().int(),
  payout_request_ids: z.array(z.string()),
  transaction_count: z.number().int(),
  product_names: z.array(z.string()),
  /** Businesses only (null for influencers). */
  gross_amount: dollars.nullable(),
  gross_amount_cents: cents.nullable(),
  fee_amount: dollars.nullable(),
  fee_amount_cents: cents.nullable(),
  net_amount: dollars.nullable(),
  net_amount_cents: cents.nullable(),
});

export type PendingPayout = z.infer<typeof pendingPayoutSchema>;

/** GET /payouts/admin/stats (SPEC: returned, not displayed in full). */
export const payoutStatsSchema = z.object({
  pending_requests: z.number().int(),
  pending_amount: dollars,
  pending_amount_cents: cents,
  completed_payouts: z.number().int(),
  completed_amount: dollars,
  completed_amount_cents: cents,
  platform_fees: dollars,
  platform_fees_cents: cents,
  cash_collected: dollars,
  cash_collected_cents: cents,
  cash_held: dollars,
  cash_held_cents: cents,
});

export type PayoutStats = z.infer<typeof payoutStatsSchema>;
