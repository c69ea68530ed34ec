import { queryOptions, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { Courier, CourierCreateInput, CourierUpdateInput } from "@contract/couriers.ts";
import type { OrdersResponse } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { mapPages } from "@/lib/paged-list.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/orders/i18n.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { withUpdatedOrder } from "@/features/orders/api/update-order-status.ts";

// GET /admin/couriers - every courier, active ones first, with the orders each carries now
export const couriersQuery = () =>
  queryOptions({
    queryKey: ordersKeys.couriers(),
    queryFn: ({ signal }) => apiCall(API.couriers, { signal }).then((body) => body.couriers),
  });

export function useCouriers() {
  return screenState(useQuery(couriersQuery()), t("couriers.loadFailed"));
}

// POST /admin/couriers and PUT /admin/couriers/{id} - the answer is the courier as saved
export function useSaveCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CourierCreateInput | CourierUpdateInput }) =>
      (id === null
        ? apiCall(API.createCourier, { body: input as CourierCreateInput })
        : apiCall(API.updateCourier, { params: { id }, body: input as CourierUpdateInput })
      ).then((body) => body.courier),
    // An edit shows at once; the list is asked again for its order (active first, by name) and a
    // new courier, which the server decides.
    onSuccess: (saved) => {
      queryClient.setQueryData<Courier[]>(ordersKeys.couriers(), (list) =>
        list?.map((courier) => (courier.id === saved.id ? saved : courier)),
      );
      refreshCoalesced(queryClient, ordersKeys.couriers());
    },
  });
}

// PUT /admin/orders/{id}/courier - give the order to a courier, or take it back (null); the answer
// replaces the order's copy on every loaded board, and the couriers' open orders are recounted
export function useAssignCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, courierId }: { orderId: string; courierId: string | null }) =>
      apiCall(API.assignCourier, { params: { id: orderId }, body: { courier_id: courierId } }),
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<InfiniteData<OrdersResponse>>({ queryKey: ordersKeys.admin() }, (data) =>
        mapPages(data, (page) => ({ ...page, orders: withUpdatedOrder(page.orders, order) })),
      );
      refreshCoalesced(queryClient, ordersKeys.couriers());
    },
    // Refused (the order moved meanwhile): the board shows it as it is now.
    onError: () => refreshCoalesced(queryClient, ordersKeys.admin()),
  });
}
