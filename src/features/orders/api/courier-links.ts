import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CourierLink } from "@contract/rider.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/orders/i18n.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /admin/couriers/{id}/links - a courier's rider links, newest first (never their tokens)
export const courierLinksQuery = (courierId: string) =>
  queryOptions({
    queryKey: ordersKeys.courierLinks(courierId),
    queryFn: ({ signal }) =>
      apiCall(API.courierLinks, { params: { id: courierId }, signal }).then((body) => body.links),
  });

export function useCourierLinks(courierId: string) {
  return screenState(useQuery(courierLinksQuery(courierId)), t("couriers.links.loadFailed"));
}

// POST /admin/couriers/{id}/link - a new rider link; its URL is in this answer only, so it is
// handed to the screen and never kept in the cache, and the list is asked again for the link
export function useCreateCourierLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courierId: string) =>
      apiCall(API.createCourierLink, { params: { id: courierId } }).then((body) => body.link.url),
    onSuccess: (_url, courierId) => refreshCoalesced(queryClient, ordersKeys.courierLinks(courierId)),
  });
}

// DELETE /admin/couriers/{id}/links/{link_id} - revoke a rider link: it opens nothing from then on
export function useRevokeCourierLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courierId, linkId }: { courierId: string; linkId: string }) =>
      apiCall(API.revokeCourierLink, { params: { id: courierId, link_id: linkId } }),
    // Revoked at once on screen; the list is asked again for the time the server wrote (a link
    // revoked before keeps its first revocation).
    onSuccess: (_answer, { courierId, linkId }) => {
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData<CourierLink[]>(ordersKeys.courierLinks(courierId), (links) =>
        links?.map((link) => (link.id === linkId ? { ...link, revoked_at: link.revoked_at ?? revokedAt } : link)),
      );
      refreshCoalesced(queryClient, ordersKeys.courierLinks(courierId));
    },
  });
}
