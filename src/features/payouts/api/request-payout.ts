import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { payoutSummaryQuery } from "@/features/payouts/api/get-payout-summary.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// POST /payouts/request - request everything available (no body); 400 without bank details, 409 when pending or nothing available
export function requestPayout(signal?: AbortSignal) {
  return apiCall(API.requestPayout, { signal });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestPayout(),
    // The answer is the new pending request: it shows at once. The balances it moved are the
    // server's to compute, so the summary refreshes too.
    onSuccess: ({ payout }) =>
      queryClient.setQueryData(
        payoutSummaryQuery().queryKey,
        (summary) => summary && { ...summary, history: [payout, ...summary.history] },
      ),
    // Success or refusal (e.g. a request made meanwhile in another tab): show the state as it is now.
    onSettled: () => refreshCoalesced(queryClient, payoutsKeys.summary()),
  });
}
