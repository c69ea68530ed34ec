import { queryOptions, useQuery } from "@tanstack/react-query";
import { ordersResponseSchema, type Order } from "@contract/orders.ts";
import { fetchPages } from "@/lib/fetch-pages.ts";
import { t } from "@/features/orders/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /admin/orders - every order with the customer's phone, newest first: the newest 500, page by page
export function getAdminOrders(signal?: AbortSignal): Promise<Order[]> {
  return fetchPages("/admin/orders", ordersResponseSchema, (body) => body.orders, { signal, maxRows: 500 });
}

export const adminOrdersQuery = () =>
  queryOptions({ queryKey: ordersKeys.admin(), queryFn: ({ signal }) => getAdminOrders(signal) });

export function useAdminOrders() {
  const query = useQuery(adminOrdersQuery());
  return screenState(query, t("orders.admin.loadFailed"));
}
