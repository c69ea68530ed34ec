import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProvincesResponse } from "@contract/delivery-zones.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { t } from "@/features/checkout/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { checkoutKeys, DELIVERY_ZONES_STALE_MS } from "@/features/checkout/api/query-keys.ts";

export type Province = ProvincesResponse["provinces"][number];

// GET /delivery-zones/provinces - Cambodia's 25 provinces, by code
export function getProvinces(signal?: AbortSignal): Promise<Province[]> {
  return apiRequestUnparsed<ProvincesResponse>("/delivery-zones/provinces", { signal, token: null }).then(
    (body) => body.provinces,
  );
}

export function useProvinces() {
  const query = useQuery(
    queryOptions({
      queryKey: checkoutKeys.provinces(),
      queryFn: ({ signal }) => getProvinces(signal),
      staleTime: DELIVERY_ZONES_STALE_MS,
    }),
  );
  return screenState(query, t("checkout.districtsFailed"));
}
