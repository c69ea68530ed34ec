import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Remittance, RemittanceCreateInput } from "@contract/remittances.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/orders/i18n.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /admin/couriers/{id}/remittances - the cash a courier remitted, newest received first
export const remittancesQuery = (courierId: string) =>
  queryOptions({
    queryKey: ordersKeys.remittances(courierId),
    queryFn: ({ signal }) =>
      apiCall(API.remittances, { params: { id: courierId }, signal }).then((body) => body.remittances),
  });

export function useRemittances(courierId: string) {
  return screenState(useQuery(remittancesQuery(courierId)), t("couriers.cash.loadFailed"));
}

/**
 * What a remittance recorded or reversed changes besides its list: the cash the courier holds
 * (the couriers) and the cash status of the orders it pays (the admin board).
 */
function refreshAfterRemittance(queryClient: QueryClient, courierId: string) {
  refreshCoalesced(queryClient, ordersKeys.remittances(courierId));
  refreshCoalesced(queryClient, ordersKeys.couriers());
  refreshCoalesced(queryClient, ordersKeys.admin());
}

// POST /admin/couriers/{id}/remittances - cash received from the courier and the orders it pays;
// the list is asked again, since where it goes (by the time received) is the server's to say
export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courierId, input }: { courierId: string; input: RemittanceCreateInput }) =>
      apiCall(API.recordRemittance, { params: { id: courierId }, body: input }),
    onSuccess: (_answer, { courierId }) => refreshAfterRemittance(queryClient, courierId),
  });
}

// POST /admin/couriers/{id}/remittances/{remittance_id}/reverse - undo a wrong remittance, with a
// reason; the answer replaces it in the list at once
export function useReverseRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courierId, remittanceId, reason }: { courierId: string; remittanceId: string; reason: string }) =>
      apiCall(API.reverseRemittance, { params: { id: courierId, remittance_id: remittanceId }, body: { reason } }),
    onSuccess: ({ remittance }, { courierId }) => {
      queryClient.setQueryData<Remittance[]>(ordersKeys.remittances(courierId), (list) =>
        list?.map((saved) => (saved.id === remittance.id ? remittance : saved)),
      );
      refreshAfterRemittance(queryClient, courierId);
    },
    // Refused (reversed meanwhile, by another admin): the list shows it as it is now.
    onError: (_error, { courierId }) => refreshCoalesced(queryClient, ordersKeys.remittances(courierId)),
  });
}
