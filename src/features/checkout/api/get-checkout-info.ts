import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CheckoutInfoResponse } from "@contract/orders.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { t } from "@/features/checkout/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { checkoutKeys } from "@/features/checkout/api/query-keys.ts";
import { takeEarlyCheckoutInfo } from "./early-checkout-info.ts";

// GET /checkout/info?influencer_id&product_id - what a customer may see of the product, creator and store
export function getCheckoutInfo(
  influencerId: string,
  productId: string,
  signal?: AbortSignal,
): Promise<CheckoutInfoResponse> {
  const query = new URLSearchParams({ influencer_id: influencerId, product_id: productId });
  return apiRequestUnparsed<CheckoutInfoResponse>(`/checkout/info?${query}`, {
    signal,
    token: null,
    started: takeEarlyCheckoutInfo(query.toString()),
  });
}

export const checkoutInfoQuery = (influencerId: string, productId: string) =>
  queryOptions({
    queryKey: checkoutKeys.info(influencerId, productId),
    queryFn: ({ signal }) => getCheckoutInfo(influencerId, productId, signal),
  });

export function useCheckoutInfo(influencerId: string, productId: string) {
  const query = useQuery(checkoutInfoQuery(influencerId, productId));
  return screenState(query, t("checkout.loadFailed"));
}
