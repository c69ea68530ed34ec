import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { ordersResponseSchema, type Order } from "@/features/orders/types/order.ts";

// GET /orders/user/all - the caller's orders (a business its sales), newest first
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest("/orders/user/all", { schema: ordersResponseSchema, signal }).then((body) => body.orders);
}

export function useMyOrders() {
  return useRequest((signal) => getMyOrders(signal), [], t("orders.business.loadFailed"));
}
