// The admin board's filters (SPEC §2): All and one per status, each with a count.
import { ORDER_STATUSES, displayStatus, type OrderStatus } from "./order-status.ts";

export type OrderFilter = "all" | OrderStatus;

export const ORDER_FILTERS: readonly OrderFilter[] = ["all", ...ORDER_STATUSES];

/** How many orders each filter shows; an unknown status counts as new_order, as it displays. */
export function countByFilter(orders: readonly { order_status: string }[]): Record<OrderFilter, number> {
  const counts = {
    all: orders.length,
    new_order: 0,
    ready_for_pickup: 0,
    out_for_delivery: 0,
    delivered: 0,
    cancelled: 0,
  };
  for (const order of orders) counts[displayStatus(order.order_status)]++;
  return counts;
}

export function filterOrders<T extends { order_status: string }>(orders: readonly T[], filter: OrderFilter): T[] {
  return filter === "all" ? [...orders] : orders.filter((order) => displayStatus(order.order_status) === filter);
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
