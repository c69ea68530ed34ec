import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { payoutCompletionSchema, type PayoutHistoryResponse, type PayoutItem } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { payoutHistoryQuery } from "@/features/payouts/api/get-payout-history.ts";
import { pendingPayoutsQuery } from "@/features/payouts/api/get-pending-payouts.ts";
import { adminPayoutKeys, payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// PUT /payouts/admin/complete/{userId} - complete a user's pending requests with the ABA reference (admin); 409 on a repeat
export function completePayout(userId: string, abaReference: string, signal?: AbortSignal) {
  const body = payoutCompletionSchema.parse({ aba_reference: abaReference });
  return apiCall(API.completePayout, { params: { userId }, body, signal });
}

/**
 * The loaded pages of the history with each of `payouts` in place of its older copy, or at the
 * top of the first page when no loaded page holds it (it is new, and the history is newest first).
 */
export function withPayouts(
  history: InfiniteData<PayoutHistoryResponse> | undefined,
  payouts: readonly PayoutItem[],
): InfiniteData<PayoutHistoryResponse> | undefined {
  if (!history) return history;
  const byId = new Map(payouts.map((payout) => [payout.payout_request_id, payout]));
  const loaded = new Set(history.pages.flatMap((page) => page.history.map((item) => item.payout_request_id)));
  const added = payouts.filter((payout) => !loaded.has(payout.payout_request_id));
  const pages = history.pages.map((page, index) => {
    const known = page.history.map((item) => byId.get(item.payout_request_id) ?? item);
    return { ...page, history: index === 0 ? [...added, ...known] : known };
  });
  return { ...history, pages };
}

export function useCompletePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, abaReference }: { userId: string; abaReference: string }) =>
      completePayout(userId, abaReference),
    // The answer holds the completed requests: the user leaves the pending list and the history
    // shows them completed without a refetch. The totals are the server's to sum: stats refresh.
    onSuccess: (answer, { userId }) => {
      queryClient.setQueryData(pendingPayoutsQuery().queryKey, (requests) =>
        requests?.filter((request) => request.user_id !== userId),
      );
      queryClient.setQueryData(payoutHistoryQuery().queryKey, (history) => withPayouts(history, answer.payouts));
      refreshCoalesced(queryClient, payoutsKeys.stats());
    },
    // Refused (e.g. completed meanwhile by another admin): show everything as it is now.
    onError: () => {
      for (const queryKey of adminPayoutKeys()) refreshCoalesced(queryClient, queryKey);
    },
  });
}
