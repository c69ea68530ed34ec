import { useMutation } from "@tanstack/react-query";
import type { CheckoutOrderInput, PlaceOrderResponse } from "@contract/orders.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";

export interface PlaceOrderRequest {
  input: CheckoutOrderInput;
  /** One per attempt (utils/checkout-form.ts): the server places at most one order per key. */
  idempotencyKey: string;
}

// POST /checkout/order - place a cash-on-delivery order (anonymous; the server computes every amount), once per key
export function placeOrder(
  { input, idempotencyKey }: PlaceOrderRequest,
  signal?: AbortSignal,
): Promise<PlaceOrderResponse> {
  return apiRequestUnparsed<PlaceOrderResponse>("/checkout/order", {
    method: "POST",
    body: input,
    // The contract's IDEMPOTENCY_KEY_HEADER, written out: importing a value from the contract
    // would bring zod into the checkout's first screen (see loadOrderSchema).
    headers: { "Idempotency-Key": idempotencyKey },
    signal,
    token: null,
  });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: (request: PlaceOrderRequest) => placeOrder(request) });
}
