// Pure rules of the payout screens (docs/product.md, "Payout requests" and "Payout cards"): which
// requests are history, which one is pending, whether a payout can be requested, and which requests
// were completed meanwhile.
import type { User } from "@contract/auth.ts";
import type { BusinessPayoutSummary, PayoutItem, PayoutSummary } from "@contract/payouts.ts";

/** When a request stopped being pending: completed, cancelled or rejected (else when it was made). */
export function endedAt(item: PayoutItem): string {
  return item.completed_at ?? item.cancelled_at ?? item.rejected_at ?? item.requested_at;
}

/**
 * A user's payout history (docs/product.md, "Payout cards"): the requests that ended, completed,
 * cancelled or rejected, the most recently ended first. The pending one is shown on its own.
 */
export function endedPayouts(items: readonly PayoutItem[]): PayoutItem[] {
  return items.filter((item) => item.status !== "pending").sort((a, b) => time(endedAt(b)) - time(endedAt(a)));
}

/** The admin's Completed tab: completed requests only, the most recently completed first. */
export function completedPayouts(items: readonly PayoutItem[]): PayoutItem[] {
  return endedPayouts(items).filter((item) => item.status === "completed");
}

function time(value: string): number {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

/** The caller's pending request (there is at most one per user), or null. */
export function pendingPayout(items: readonly PayoutItem[]): PayoutItem | null {
  return items.find((item) => item.status === "pending") ?? null;
}

/** Bank name, account name and account number all filled (docs/product.md, "Payout requests"). */
export function hasBankDetails(user: Pick<User, "bank_name" | "account_name" | "account_number">): boolean {
  return [user.bank_name, user.account_name, user.account_number].every(
    (value) => typeof value === "string" && value.trim() !== "",
  );
}

export type RequestBlock = "pending" | "bank-details" | "nothing-available" | null;

/** Why Request Payout is disabled (the first reason that applies), or null when it is allowed. */
export function requestBlock(summary: PayoutSummary, pending: PayoutItem | null, bankDetails: boolean): RequestBlock {
  if (pending || summary.requested_balance_cents > 0) return "pending";
  if (!bankDetails) return "bank-details";
  if (summary.available_for_payout_cents <= 0) return "nothing-available";
  return null;
}

/** Requests that `previousPending` held as pending and `items` now shows completed. */
export function newlyCompleted(previousPending: ReadonlySet<string>, items: readonly PayoutItem[]): PayoutItem[] {
  return items.filter((item) => item.status === "completed" && previousPending.has(item.payout_request_id));
}

/** The ids of the pending requests in `items`. */
export function pendingIds(items: readonly PayoutItem[]): Set<string> {
  return new Set(items.filter((item) => item.status === "pending").map((item) => item.payout_request_id));
}

/** The figures shown when the summary cannot be loaded (zero amounts; docs/product.md, "When something fails"), a business's included. */
export const ZERO_SUMMARY: BusinessPayoutSummary = {
  earned_balance: 0,
  earned_balance_cents: 0,
  requested_balance: 0,
  requested_balance_cents: 0,
  total_completed: 0,
  total_completed_cents: 0,
  available_for_payout: 0,
  available_for_payout_cents: 0,
  pending_balance: 0,
  pending_balance_cents: 0,
  held_for_review_balance: 0,
  held_for_review_balance_cents: 0,
  awaiting_cash_balance: 0,
  awaiting_cash_balance_cents: 0,
  total_earnings: 0,
  total_earnings_cents: 0,
  total_platform_fees: 0,
  total_platform_fees_cents: 0,
  total_influencer_commissions: 0,
  total_influencer_commissions_cents: 0,
};
