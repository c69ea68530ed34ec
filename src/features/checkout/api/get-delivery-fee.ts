import { queryOptions } from "@tanstack/react-query";
import type { DeliveryFeeResponse } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

/** The fee to a commune in cents and how long delivery takes there, in hours. */
export interface DeliveryQuote {
  feeCents: number;
  hoursMin: number;
  hoursMax: number;
}

// GET /delivery-zones/fee/{commune}/{district} - the delivery fee and estimate to one commune (by codes)
export function getDeliveryQuote(commune: string, district: string, signal?: AbortSignal): Promise<DeliveryQuote> {
  return apiRequestUnparsed<DeliveryFeeResponse>(
    `/delivery-zones/fee/${encodeURIComponent(commune)}/${encodeURIComponent(district)}`,
    { signal, token: null },
  ).then((body) => ({
    feeCents: body.delivery_fee_cents,
    hoursMin: body.estimate_hours_min,
    hoursMax: body.estimate_hours_max,
  }));
}

// Read by the checkout form's reducer (it drops answers for a commune left meanwhile); a failure
// clears the fee at once, so no retries.
export const deliveryFeeQuery = (commune: string, district: string) =>
  queryOptions({
    queryKey: checkoutKeys.deliveryFee(commune, district),
    queryFn: ({ signal }) => getDeliveryQuote(commune, district, signal),
    staleTime: DELIVERY_ZONES_STALE_MS,
    retry: false,
  });
