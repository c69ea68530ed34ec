import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { cursorPaging, pageQuery, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/payouts/i18n.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// GET /payouts/history - payout requests, newest first, one page per cursor (a user's own; an
// admin sees everyone's)
export function getPayoutHistory(cursor: string | null, signal?: AbortSignal) {
  return apiCall(API.payoutHistory, { query: pageQuery(cursor), signal });
}

export const payoutHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: payoutsKeys.history(),
    queryFn: ({ pageParam, signal }) => getPayoutHistory(pageParam, signal),
    ...cursorPaging,
  });

export function usePayoutHistory() {
  const query = useInfiniteQuery(payoutHistoryQuery());
  return pagedScreenState(query, (page) => page.history, t("payouts.admin.loadFailed.history"));
}

/**
 * The caller's requests older than the summary's newest few, a page at a time from `after` (the
 * summary's next_cursor); nothing is fetched until `wanted` (the user asked for older ones).
 */
export function useOlderPayouts(after: string | null, wanted: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...payoutsKeys.history(), "after", after],
    queryFn: ({ pageParam, signal }) => getPayoutHistory(pageParam, signal),
    initialPageParam: after,
    getNextPageParam: cursorPaging.getNextPageParam,
    enabled: wanted && after !== null,
  });
  return pagedScreenState(query, (page) => page.history, t("payouts.loadFailed"));
}
