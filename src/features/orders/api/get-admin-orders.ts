import { queryOptions, useQuery } from "@tanstack/react-query";
import { ordersResponseSchema, type Order } from "@contract/orders.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/features/orders/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /admin/orders - every order with the customer's phone, newest first
export function getAdminOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest("/admin/orders", { schema: ordersResponseSchema, signal }).then((body) => body.orders);
}

export const adminOrdersQuery = () =>
  queryOptions({ queryKey: ordersKeys.admin(), queryFn: ({ signal }) => getAdminOrders(signal) });

export function useAdminOrders() {
  const query = useQuery(adminOrdersQuery());
  return screenState(query, t("orders.admin.loadFailed"));
}
