import { queryOptions } from "@tanstack/react-query";
import type { CommunesResponse, Place } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

// GET /delivery-zones/communes/{district} - the communes of one district (by its code)
export function getCommunes(district: string, signal?: AbortSignal): Promise<Place[]> {
  return apiRequestUnparsed<CommunesResponse>(`/delivery-zones/communes/${encodeURIComponent(district)}`, {
    signal,
    token: null,
  }).then((body) => body.communes);
}

// Read by the checkout form's reducer (it drops answers for a district left meanwhile). A failure
// leaves the list empty at once, so no retries (docs/product.md, "When something fails").
export const communesQuery = (district: string) =>
  queryOptions({
    queryKey: checkoutKeys.communes(district),
    queryFn: ({ signal }) => getCommunes(district, signal),
    staleTime: DELIVERY_ZONES_STALE_MS,
    retry: false,
  });
