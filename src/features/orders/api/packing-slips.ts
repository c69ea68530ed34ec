import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/orders/i18n.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// POST /orders/packing-slips - the labels of the shop's chosen orders. A POST (each slip gets a new
// link of the customer's page), asked once for the page: never refetched behind the printer's back.
export function usePackingSlips(orderIds: readonly string[]) {
  const query = useQuery({
    queryKey: ordersKeys.packingSlips(orderIds),
    queryFn: ({ signal }) => apiCall(API.packingSlips, { body: { order_ids: [...orderIds] }, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return screenState(query, t("slips.loadFailed"));
}
