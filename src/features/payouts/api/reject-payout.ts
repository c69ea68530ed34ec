import { useMutation, useQueryClient } from "@tanstack/react-query";
import { payoutRejectionSchema } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { payoutHistoryQuery } from "@/features/payouts/api/get-payout-history.ts";
import { pendingPayoutsQuery } from "@/features/payouts/api/get-pending-payouts.ts";
import { withPayouts } from "@/features/payouts/api/complete-payout.ts";
import { adminPayoutKeys, payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// PUT /payouts/admin/reject/{userId} - reject a user's pending request with a reason (admin); 409 when none is pending
export function rejectPayout(userId: string, reason: string, signal?: AbortSignal) {
  const body = payoutRejectionSchema.parse({ reason });
  return apiCall(API.rejectPayout, { params: { userId }, body, signal });
}

export function useRejectPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => rejectPayout(userId, reason),
    // The user leaves the pending list; the rejected request joins the history.
    onSuccess: ({ payout }, { userId }) => {
      queryClient.setQueryData(pendingPayoutsQuery().queryKey, (requests) =>
        requests?.filter((request) => request.user_id !== userId),
      );
      queryClient.setQueryData(payoutHistoryQuery().queryKey, (history) => withPayouts(history, [payout]));
      refreshCoalesced(queryClient, payoutsKeys.stats());
    },
    onError: () => {
      for (const queryKey of adminPayoutKeys()) refreshCoalesced(queryClient, queryKey);
    },
  });
}
