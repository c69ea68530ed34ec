// The refusal rate of a board's orders, by the one definition in the contract (refusalRate):
// refused or unreachable cancellations over finished orders (delivered + cancelled).
import { CANCELLATION_REASONS, refusalRate, type CancellationReason, type Order } from "@contract/orders.ts";

type FinishedFields = Pick<Order, "order_status" | "cancellation_reason">;

/** The refusal rate of `orders`, a fraction from 0 to 1; null while none has finished. */
export function refusalRateOf(orders: readonly FinishedFields[]): number | null {
  const byReason = Object.fromEntries(CANCELLATION_REASONS.map((reason) => [reason, 0])) as Record<
    CancellationReason,
    number
  >;
  let delivered = 0;
  for (const order of orders) {
    if (order.order_status === "delivered") delivered++;
    else if (order.order_status === "cancelled" && order.cancellation_reason) byReason[order.cancellation_reason]++;
  }
  return refusalRate({ delivered, cancelled_by_reason: byReason });
}
