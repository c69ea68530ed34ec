import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { OrderStatus } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { cursorPaging, pageQuery, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/orders/i18n.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

/** The board's server-side filters; an absent one does not filter. */
export interface AdminOrderFilters {
  /** An order number or at least 4 digits of the customer's phone. */
  q?: string;
  status?: OrderStatus;
  /** Only the orders still to confirm, oldest first. */
  to_confirm?: "true";
  /** A courier's id: the orders it carries; "none": those no courier has yet. */
  courier?: string;
  /** Calendar days YYYY-MM-DD in Cambodia, both included. */
  from?: string;
  to?: string;
}

// GET /admin/orders - every order with the customer's phone, newest first, one page per cursor
export function getAdminOrders(filters: AdminOrderFilters, cursor: string | null, signal?: AbortSignal) {
  return apiCall(API.adminOrders, { query: pageQuery(cursor, { ...filters }), signal });
}

export const adminOrdersQuery = (filters: AdminOrderFilters) =>
  infiniteQueryOptions({
    queryKey: ordersKeys.adminList(filters),
    queryFn: ({ pageParam, signal }) => getAdminOrders(filters, pageParam, signal),
    ...cursorPaging,
  });

export function useAdminOrders(filters: AdminOrderFilters) {
  const query = useInfiniteQuery(adminOrdersQuery(filters));
  return pagedScreenState(query, (page) => page.orders, t("orders.admin.loadFailed"));
}
