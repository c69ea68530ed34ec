// The admin board's filters (docs/product.md, "Screens"): All, To confirm (unconfirmed orders the
// shop still has, oldest first) and one per status, each with its exact count.
import { ORDER_STATUSES, displayStatus, type OrderStatus } from "./order-status.ts";

export type OrderFilter = "all" | "to_confirm" | OrderStatus;

export const ORDER_FILTERS: readonly OrderFilter[] = ["all", "to_confirm", ...ORDER_STATUSES];

/** How many orders each filter shows, from the exact counts of GET /orders/stats/summary. */
export function countsFromSummary(summary: {
  total_orders: number;
  to_confirm: number;
  by_status: Partial<Record<OrderStatus, number>>;
}): Record<OrderFilter, number> {
  const counts = { all: summary.total_orders, to_confirm: summary.to_confirm } as Record<OrderFilter, number>;
  for (const status of ORDER_STATUSES) counts[status] = summary.by_status[status] ?? 0;
  return counts;
}

/** Ids of orders that were known and not delivered in `before`, and are delivered in `after`. */
export function newlyDelivered(
  before: ReadonlyMap<string, string>,
  after: readonly { id: string; order_status: string }[],
): string[] {
  return after
    .filter((order) => {
      const previous = before.get(order.id);
      return (
        previous !== undefined &&
        displayStatus(previous) !== "delivered" &&
        displayStatus(order.order_status) === "delivered"
      );
    })
    .map((order) => order.id);
}
