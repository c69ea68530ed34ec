import { queryOptions, useQuery } from "@tanstack/react-query";
import { payoutHistoryResponseSchema, type PayoutItem } from "@contract/payouts.ts";
import { fetchPages } from "@/lib/fetch-pages.ts";
import { t } from "@/features/payouts/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// GET /payouts/history - payout requests, newest first (a user's own; an admin sees everyone's)
export function getPayoutHistory(signal?: AbortSignal): Promise<PayoutItem[]> {
  // The newest 500, as before the history was paged.
  return fetchPages("/payouts/history", payoutHistoryResponseSchema, (body) => body.history, { signal, maxRows: 500 });
}

export const payoutHistoryQuery = () =>
  queryOptions({ queryKey: payoutsKeys.history(), queryFn: ({ signal }) => getPayoutHistory(signal) });

export function usePayoutHistory() {
  const query = useQuery(payoutHistoryQuery());
  return screenState(query, t("payouts.admin.loadFailed.history"));
}
