import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderStats } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

// GET /orders/stats/summary - exact counts over all the caller's orders (an admin's: every order)
export async function getOrderSummary(signal?: AbortSignal): Promise<OrderStats> {
  const { stats } = await apiCall(API.orderStats, { signal });
  return stats;
}

export const orderSummaryQuery = () =>
  queryOptions({ queryKey: ordersKeys.summary(), queryFn: ({ signal }) => getOrderSummary(signal) });

/** `failedMessage`: what the screen says when the counts cannot be loaded. */
export function useOrderSummary(failedMessage: string) {
  return screenState(useQuery(orderSummaryQuery()), failedMessage);
}
