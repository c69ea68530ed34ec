import { useMutation } from "@tanstack/react-query";
import type { CheckoutOrderInput, PlacedOrder, PlaceOrderResponse } from "@contract/orders.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";

// POST /checkout/order - place a cash-on-delivery order (anonymous; the server computes every amount)
export function placeOrder(input: CheckoutOrderInput, signal?: AbortSignal): Promise<PlacedOrder> {
  return apiRequestUnparsed<PlaceOrderResponse>("/checkout/order", {
    method: "POST",
    body: input,
    signal,
    token: null,
  }).then((body) => body.order);
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: (input: CheckoutOrderInput) => placeOrder(input) });
}
