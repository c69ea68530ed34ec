import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { ordersResponseSchema, type Order } from "@/features/orders/types/order.ts";

// GET /admin/orders - every order with the customer's phone, newest first
export function getAdminOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest("/admin/orders", { schema: ordersResponseSchema, signal }).then((body) => body.orders);
}

export function useAdminOrders() {
  return useRequest((signal) => getAdminOrders(signal), [], t("orders.admin.loadFailed"));
}
