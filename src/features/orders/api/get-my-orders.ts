import { queryOptions, useQuery } from "@tanstack/react-query";
import { ordersResponseSchema, type Order } from "@contract/orders.ts";
import { fetchPages } from "@/lib/fetch-pages.ts";
import { t } from "@/features/orders/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /orders/user/all - the caller's orders (a business its sales, an influencer those through its links), newest first
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return fetchPages("/orders/user/all", ordersResponseSchema, (body) => body.orders, { signal });
}

export const myOrdersQuery = () =>
  queryOptions({ queryKey: ordersKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });

/** `failedMessage`: what the screen says when they cannot be loaded. */
export function useMyOrders(failedMessage: string = t("orders.business.loadFailed")) {
  const query = useQuery(myOrdersQuery());
  return screenState(query, failedMessage);
}
