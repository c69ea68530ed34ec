import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderReviewSchema } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// PUT /admin/orders/{id}/review - clear a flagged order, so its commission follows the holding
// period; 409 when it is not held (cleared meanwhile)
export function clearOrderReview(id: string, signal?: AbortSignal) {
  return apiCall(API.reviewOrder, { params: { id }, body: orderReviewSchema.parse({ decision: "clear" }), signal });
}

export function useClearOrderReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => clearOrderReview(id),
    // Cleared or refused, the board shows the order as it is now (the realtime echo coalesces).
    onSettled: () => refreshCoalesced(queryClient, ordersKeys.admin()),
  });
}
