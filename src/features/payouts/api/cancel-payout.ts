import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { payoutSummaryQuery } from "@/features/payouts/api/get-payout-summary.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// DELETE /payouts/request - cancel the caller's pending request; 409 when none is pending (completed meanwhile)
export function cancelPayout(signal?: AbortSignal) {
  return apiCall(API.cancelPayoutRequest, { signal });
}

export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPayout(),
    // The answer is the request, cancelled: it replaces its pending copy at once. The balances it
    // released are the server's to compute, so the summary refreshes too.
    onSuccess: ({ payout }) =>
      queryClient.setQueryData(
        payoutSummaryQuery().queryKey,
        (summary) =>
          summary && {
            ...summary,
            history: summary.history.map((item) =>
              item.payout_request_id === payout.payout_request_id ? payout : item,
            ),
          },
      ),
    onSettled: () => refreshCoalesced(queryClient, payoutsKeys.summary()),
  });
}
