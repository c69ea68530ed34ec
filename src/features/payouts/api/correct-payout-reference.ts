import { useMutation, useQueryClient } from "@tanstack/react-query";
import { payoutReferenceCorrectionSchema } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { payoutHistoryQuery } from "@/features/payouts/api/get-payout-history.ts";
import { withPayouts } from "@/features/payouts/api/complete-payout.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// PUT /payouts/admin/reference/{requestId} - correct a completed payout's ABA reference with a reason (admin)
export function correctPayoutReference(requestId: string, abaReference: string, reason: string, signal?: AbortSignal) {
  const body = payoutReferenceCorrectionSchema.parse({ aba_reference: abaReference, reason });
  return apiCall(API.correctPayoutReference, { params: { requestId }, body, signal });
}

export function useCorrectPayoutReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, abaReference, reason }: { requestId: string; abaReference: string; reason: string }) =>
      correctPayoutReference(requestId, abaReference, reason),
    // The answer is the payout with its new reference: it replaces its copy in the history.
    onSuccess: ({ payout }) =>
      queryClient.setQueryData(payoutHistoryQuery().queryKey, (history) => withPayouts(history, [payout])),
    onError: () => refreshCoalesced(queryClient, payoutsKeys.history()),
  });
}
