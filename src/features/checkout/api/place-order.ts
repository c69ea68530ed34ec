import { useMutation } from "@tanstack/react-query";
import { placeOrderResponseSchema, type CheckoutOrderInput, type PlacedOrder } from "@contract/orders.ts";
import { apiRequest } from "@/lib/api-client.ts";

// POST /checkout/order - place a cash-on-delivery order (anonymous; the server computes every amount)
export function placeOrder(input: CheckoutOrderInput, signal?: AbortSignal): Promise<PlacedOrder> {
  return apiRequest("/checkout/order", {
    method: "POST",
    body: input,
    schema: placeOrderResponseSchema,
    signal,
    token: null,
  }).then((body) => body.order);
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: (input: CheckoutOrderInput) => placeOrder(input) });
}
