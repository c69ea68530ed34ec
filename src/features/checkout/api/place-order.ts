import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { checkoutOrderSchema } from "@contract/orders.ts";
import { apiRequest } from "@/lib/api-client.ts";

export const placedOrderSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  product_price: z.number().optional(),
  delivery_fee: z.number().optional(),
  total_amount: z.number(),
  total_cents: z.number().int().optional(),
  order_status: z.string().optional(),
  created_at: z.string().optional(),
});

export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const placeOrderResponseSchema = z.object({ message: z.string().optional(), order: placedOrderSchema });

// POST /checkout/order - place a cash-on-delivery order (anonymous; the server computes every amount)
export function placeOrder(input: z.output<typeof checkoutOrderSchema>, signal?: AbortSignal): Promise<PlacedOrder> {
  return apiRequest("/checkout/order", {
    method: "POST",
    body: input,
    schema: placeOrderResponseSchema,
    signal,
    token: null,
  }).then((body) => body.order);
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: (input: z.output<typeof checkoutOrderSchema>) => placeOrder(input) });
}
