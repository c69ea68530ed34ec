import { queryOptions } from "@tanstack/react-query";
import type { DeliveryFeeResponse } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

// GET /delivery-zones/fee/{commune}/{district} - the delivery fee to one commune, in cents here
export function getDeliveryFeeCents(commune: string, district: string, signal?: AbortSignal): Promise<number> {
  return apiRequestUnparsed<DeliveryFeeResponse>(
    `/delivery-zones/fee/${encodeURIComponent(commune)}/${encodeURIComponent(district)}`,
    {
      signal,
      token: null,
    },
  ).then((body) => body.delivery_fee_cents);
}

// Read by the checkout form's reducer (it drops answers for a commune left meanwhile); a failure
// clears the fee at once, so no retries.
export const deliveryFeeQuery = (commune: string, district: string) =>
  queryOptions({
    queryKey: checkoutKeys.deliveryFee(commune, district),
    queryFn: ({ signal }) => getDeliveryFeeCents(commune, district, signal),
    staleTime: DELIVERY_ZONES_STALE_MS,
    retry: false,
  });
