import { z } from "zod";
import { orderStatusChangeSchema, type OrderStatus } from "@contract/orders.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { useMutation } from "@/lib/use-mutation.ts";
import { orderSchema } from "@/features/orders/types/order.ts";

/** The note kept in the order history for a change made on the board (SPEC §4); data, not UI text. */
export const ADMIN_STATUS_NOTE = "Status changed by admin";

export const updateOrderStatusResponseSchema = z.object({
  message: z.string().optional(),
  order: orderSchema.optional(),
});

// PUT /admin/orders/{id}/status - move an order one step forward or back (SPEC §4); 409 when it moved meanwhile
export function updateOrderStatus(id: string, newStatus: OrderStatus, signal?: AbortSignal) {
  const body = orderStatusChangeSchema.parse({ new_status: newStatus, notes: ADMIN_STATUS_NOTE });
  return apiRequest(`/admin/orders/${encodeURIComponent(id)}/status`, {
    method: "PUT",
    body,
    schema: updateOrderStatusResponseSchema,
    signal,
  });
}

export function useUpdateOrderStatus() {
  return useMutation(updateOrderStatus);
}
