import { queryOptions } from "@tanstack/react-query";
import type { DistrictsResponse, Place } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

// GET /delivery-zones/districts?province= - the districts of one province
export function getDistricts(province: string, signal?: AbortSignal): Promise<Place[]> {
  return apiRequestUnparsed<DistrictsResponse>(`/delivery-zones/districts?province=${encodeURIComponent(province)}`, {
    signal,
    token: null,
  }).then((body) => body.districts);
}

// Read by the checkout form's reducer (it drops answers for a province left meanwhile); a failure
// leaves the list empty at once, so no retries.
export const districtsQuery = (province: string) =>
  queryOptions({
    queryKey: checkoutKeys.districts(province),
    queryFn: ({ signal }) => getDistricts(province, signal),
    staleTime: DELIVERY_ZONES_STALE_MS,
    retry: false,
  });
