import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DistrictsResponse } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { t } from "@/features/checkout/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

// GET /delivery-zones/districts - every district (khan) of Phnom Penh
export function getDistricts(signal?: AbortSignal): Promise<string[]> {
  return apiRequestUnparsed<DistrictsResponse>("/delivery-zones/districts", { signal, token: null }).then(
    (body) => body.districts,
  );
}

export const districtsQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.districts(),
    queryFn: ({ signal }) => getDistricts(signal),
    staleTime: DELIVERY_ZONES_STALE_MS,
  });

export function useDistricts() {
  const query = useQuery(districtsQuery());
  return screenState(query, t("checkout.districtsFailed"));
}
