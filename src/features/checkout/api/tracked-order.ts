import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  OrderFollowLinkInput,
  TrackedOrder,
  TrackedOrderChangedResponse,
  TrackedOrderResponse,
} from "@contract/order-tracking.ts";
import type { TelegramLinkResponse } from "@contract/telegram.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { checkoutKeys } from "@/features/checkout/api/query-keys.ts";

/** How often an open order page asks again while the order can still change. */
export const ORDER_PAGE_POLL_MS = 30_000;

// GET /orders/track/{token} - the order as its customer reads it
export function getTrackedOrder(token: string, signal?: AbortSignal): Promise<TrackedOrder> {
  return apiRequestUnparsed<TrackedOrderResponse>(`/orders/track/${encodeURIComponent(token)}`, {
    signal,
    token: null,
  }).then((body) => body.order);
}

const finished = (order: TrackedOrder | undefined) =>
  order?.order_status === "delivered" || order?.order_status === "cancelled";

/** The order, asked again every 30 s (and when the customer comes back to the tab) until it is finished. */
export function useTrackedOrder(token: string) {
  return useQuery({
    queryKey: checkoutKeys.trackedOrder(token),
    queryFn: ({ signal }) => getTrackedOrder(token, signal),
    refetchInterval: (query) => (finished(query.state.data) ? false : ORDER_PAGE_POLL_MS),
    refetchOnWindowFocus: true,
  });
}

// POST /orders/track/{token}/confirm and /cancel - what the customer may do on the page
export function useTrackedOrderAction(token: string, action: "confirm" | "cancel") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequestUnparsed<TrackedOrderChangedResponse>(`/orders/track/${encodeURIComponent(token)}/${action}`, {
        method: "POST",
        token: null,
      }),
    onSuccess: (body) => client.setQueryData(checkoutKeys.trackedOrder(token), body.order),
    // Refused (the shop moved it meanwhile): show the order as it is now.
    onError: () => client.invalidateQueries({ queryKey: checkoutKeys.trackedOrder(token) }),
  });
}

// POST /orders/track/{token}/telegram - the t.me link that makes the customer's Telegram chat
// follow the order (in the page's language); opening it leaves the page for Telegram
export function useOrderFollowLink(token: string) {
  return useMutation({
    mutationFn: (language: OrderFollowLinkInput["language"]) =>
      apiRequestUnparsed<TelegramLinkResponse>(`/orders/track/${encodeURIComponent(token)}/telegram`, {
        method: "POST",
        body: { language } satisfies OrderFollowLinkInput,
        token: null,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
