// Order status rules (docs/product.md, "Orders"; issue 14) for the screens: labels, tones, the one
// forward step, the allowed reverts, cancelling before delivery and reopening a cancelled order.
// The server enforces the same transitions (anything else is a 409).
import {
  CANCELLATION_REASONS,
  ORDER_STATUSES,
  type CancellationReason,
  type Order,
  type OrderStatus,
} from "@contract/orders.ts";
import type { BadgeTone } from "@/components/ui/index.ts";
import { t } from "@/features/orders/i18n.ts";

export { CANCELLATION_REASONS, ORDER_STATUSES, type CancellationReason, type OrderStatus };

/** The way an order goes when nothing goes wrong; cancelled is off it. */
const FLOW = ["new_order", "ready_for_pickup", "out_for_delivery", "delivered"] as const satisfies OrderStatus[];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The status to display: an unknown status displays as new_order (docs/product.md, "Orders"). */
export function displayStatus(status: string | null | undefined): OrderStatus {
  return isOrderStatus(status) ? status : "new_order";
}

/** The one forward step: new_order -> ready_for_pickup -> out_for_delivery -> delivered; null after delivered or cancelled. */
export function nextStatus(status: string): OrderStatus | null {
  const shown = displayStatus(status);
  if (shown === "cancelled") return null;
  return FLOW[FLOW.indexOf(shown) + 1] ?? null;
}

/**
 * The allowed reverts, nearest first: every earlier status (ready_for_pickup -> new_order, ...).
 * A cancelled order has none: it is reopened (see canReopen).
 */
export function revertStatuses(status: string): OrderStatus[] {
  const shown = displayStatus(status);
  if (shown === "cancelled") return [];
  return FLOW.slice(0, FLOW.indexOf(shown)).reverse();
}

/** Before delivery an order can be cancelled; a delivered one must be reverted first. */
export function canCancel(status: string): boolean {
  const shown = displayStatus(status);
  return shown !== "delivered" && shown !== "cancelled";
}

/** A cancelled order can be reopened, as a new order and nothing else. */
export function canReopen(status: string): boolean {
  return displayStatus(status) === "cancelled";
}

/** True when the server allows moving from `from` to `to`. */
export function canChangeStatus(from: string, to: OrderStatus): boolean {
  if (to === "cancelled") return canCancel(from);
  if (canReopen(from)) return to === "new_order";
  return nextStatus(from) === to || revertStatuses(from).includes(to);
}

export function reasonLabel(reason: CancellationReason): string {
  return t(`orders.reason.${reason}`);
}

/** Whether the customer confirmed the order before dispatch, in words. */
export function confirmationLabel(confirmation: Order["confirmation"]): string {
  return t(`orders.confirmation.${confirmation}`);
}

/** An order still to confirm: unconfirmed, and the shop still has it (what a confirmation call is for). */
export function isToConfirm(order: Pick<Order, "confirmation" | "order_status">): boolean {
  const status = displayStatus(order.order_status);
  return order.confirmation === "unconfirmed" && (status === "new_order" || status === "ready_for_pickup");
}

export function statusLabel(status: string): string {
  return t(`orders.status.${displayStatus(status)}`);
}

export const statusTone: Record<OrderStatus, BadgeTone> = {
  new_order: "info",
  ready_for_pickup: "warning",
  out_for_delivery: "neutral",
  delivered: "success",
  cancelled: "danger",
};
