import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmationCallInput } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

export type ConfirmationOutcome = ConfirmationCallInput["outcome"];

// PUT /admin/orders/{id}/confirmation - record a call made to confirm the order; 409 once it has
// left the shop (nothing left to confirm)
export function recordConfirmationCall(id: string, body: ConfirmationCallInput, signal?: AbortSignal) {
  return apiCall(API.recordConfirmationCall, { params: { id }, body, signal });
}

export function useRecordConfirmationCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: ConfirmationOutcome }) =>
      recordConfirmationCall(id, { outcome }),
    // Recorded or refused, the board and its counts show the order as it is now (a confirmed
    // order leaves "To confirm"; the realtime echo coalesces with this).
    onSettled: () => {
      refreshCoalesced(queryClient, ordersKeys.admin());
      refreshCoalesced(queryClient, ordersKeys.summary());
    },
  });
}
