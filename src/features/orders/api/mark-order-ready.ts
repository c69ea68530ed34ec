import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// PUT /orders/{id}/ready - the shop's own new order, packed and ready for pickup; the answer
// replaces its copy in the shop's list (409 when it moved meanwhile: the list is refreshed)
export function useMarkOrderReady() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(API.markOrderReady, { params: { id } }).then((body) => body.order),
    onSuccess: (saved) => {
      queryClient.setQueryData<Order[]>(ordersKeys.mine(), (orders) =>
        orders?.map((order) => (order.id === saved.id ? saved : order)),
      );
      refreshCoalesced(queryClient, ordersKeys.summary());
    },
    onError: () => refreshCoalesced(queryClient, ordersKeys.mine()),
  });
}
