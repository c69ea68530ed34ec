import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import {
  orderStatusChangeSchema,
  type CancellationReason,
  type Order,
  type OrderStatus,
  type OrdersResponse,
} from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { mapPages } from "@/lib/paged-list.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

/** The note kept in the order history for a change made on the board (docs/product.md, "Orders"); data, not UI text. */
export const ADMIN_STATUS_NOTE = "Status changed by admin";

/** A cancellation's reason and the admin's own words, if any (kept in the order history). */
export interface Cancellation {
  reason: CancellationReason;
  notes?: string;
}

export interface StatusChange {
  id: string;
  status: OrderStatus;
  /** Required when status is cancelled, absent otherwise. */
  cancellation?: Cancellation;
}

// PUT /admin/orders/{id}/status - move an order one step forward or back (docs/product.md,
// "Orders"), cancel it with a reason or reopen it; 409 when it moved meanwhile
export function updateOrderStatus({ id, status, cancellation }: StatusChange, signal?: AbortSignal) {
  const notes = cancellation?.notes?.trim();
  const body = orderStatusChangeSchema.parse({
    new_status: status,
    notes: notes || ADMIN_STATUS_NOTE,
    ...(cancellation && { reason: cancellation.reason }),
  });
  return apiCall(API.setOrderStatus, { params: { id }, body, signal });
}

/** The board with `updated` in place of its older copy; the answer carries no phone, the board keeps it. */
export function withUpdatedOrder(orders: readonly Order[], updated: Order): Order[] {
  return orders.map((order) =>
    order.id === updated.id ? { ...updated, customer_phone: updated.customer_phone ?? order.customer_phone } : order,
  );
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => updateOrderStatus(change),
    // The answer is the order as it is now: it replaces its copy in every loaded page of every
    // filtered board without a refetch (the realtime echo of the change still refreshes the
    // board once, coalesced); the exact counts per status are the server's to give.
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<InfiniteData<OrdersResponse>>({ queryKey: ordersKeys.admin() }, (data) =>
        mapPages(data, (page) => ({ ...page, orders: withUpdatedOrder(page.orders, order) })),
      );
      refreshCoalesced(queryClient, ordersKeys.summary());
    },
    // Refused (409: it moved meanwhile) or failed: show the board as it is now.
    onError: () => {
      refreshCoalesced(queryClient, ordersKeys.admin());
      refreshCoalesced(queryClient, ordersKeys.summary());
    },
  });
}
