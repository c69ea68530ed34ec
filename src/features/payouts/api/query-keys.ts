// The payouts feature's query keys, one per endpoint: what realtime events and the payout
// actions name when they refresh or update a view.
export const payoutsKeys = {
  all: ["payouts"] as const,
  /** GET /payouts/summary: the caller's balances and requests. */
  summary: () => [...payoutsKeys.all, "summary"] as const,
  /** GET /payouts/history */
  history: () => [...payoutsKeys.all, "history"] as const,
  /** GET /payouts/admin/stats */
  stats: () => [...payoutsKeys.all, "stats"] as const,
  /** GET /payouts/admin/pending */
  pending: () => [...payoutsKeys.all, "pending"] as const,
};

/** What the admin's payout tab shows: a change of payout_requests makes all three stale. */
export const adminPayoutKeys = () => [payoutsKeys.pending(), payoutsKeys.history(), payoutsKeys.stats()];
