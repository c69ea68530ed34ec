import { queryOptions, useQuery } from "@tanstack/react-query";
import { ordersResponseSchema, type Order } from "@contract/orders.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/features/orders/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /orders/user/all - the caller's orders (a business its sales, an influencer those through its links), newest first
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest("/orders/user/all", { schema: ordersResponseSchema, signal }).then((body) => body.orders);
}

export const myOrdersQuery = () =>
  queryOptions({ queryKey: ordersKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });

/** `failedMessage`: what the screen says when they cannot be loaded. */
export function useMyOrders(failedMessage: string = t("orders.business.loadFailed")) {
  const query = useQuery(myOrdersQuery());
  return screenState(query, failedMessage);
}
