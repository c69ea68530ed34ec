import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { pageQuery } from "@/lib/paged-list.ts";
import { t } from "@/features/orders/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";

/** The dashboards show the latest 10 orders (docs/product.md, "Screens"); the total comes from the stats summary. */
export const LATEST_ORDERS = 10;

// GET /orders/user/all - the caller's latest orders (a business its sales, an influencer those
// through its links), newest first: one page of LATEST_ORDERS; the whole list is the CSV export.
export async function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const body = await apiCall(API.myOrders, { query: pageQuery(null, {}, LATEST_ORDERS), signal });
  return body.orders;
}

export const myOrdersQuery = () =>
  queryOptions({ queryKey: ordersKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });

/** `failedMessage`: what the screen says when they cannot be loaded. */
export function useMyOrders(failedMessage: string = t("orders.business.loadFailed")) {
  const query = useQuery(myOrdersQuery());
  return screenState(query, failedMessage);
}
