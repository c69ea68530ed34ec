// Order status rules of SPEC §4 for the screens: labels, tones, the one forward step and the
// allowed reverts. The server enforces the same transitions (anything else is a 409).
import { ORDER_STATUSES, type OrderStatus } from "@contract/orders.ts";
import type { BadgeTone } from "@/components/ui/index.ts";
import { t } from "@/features/orders/i18n.ts";

export { ORDER_STATUSES, type OrderStatus };

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The status to display: an unknown status displays as new_order (SPEC §4). */
export function displayStatus(status: string | null | undefined): OrderStatus {
  return isOrderStatus(status) ? status : "new_order";
}

/** The one forward step: new_order -> ready_for_pickup -> out_for_delivery -> delivered; null after delivered. */
export function nextStatus(status: string): OrderStatus | null {
  const index = ORDER_STATUSES.indexOf(displayStatus(status));
  return ORDER_STATUSES[index + 1] ?? null;
}

/** The allowed reverts, nearest first: every earlier status (ready_for_pickup -> new_order, ...). */
export function revertStatuses(status: string): OrderStatus[] {
  const index = ORDER_STATUSES.indexOf(displayStatus(status));
  return ORDER_STATUSES.slice(0, index).reverse();
}

/** True when SPEC §4 allows moving from `from` to `to`. */
export function canChangeStatus(from: string, to: OrderStatus): boolean {
  return nextStatus(from) === to || revertStatuses(from).includes(to);
}

export function statusLabel(status: string): string {
  return t(`orders.status.${displayStatus(status)}`);
}

export const statusTone: Record<OrderStatus, BadgeTone> = {
  new_order: "info",
  ready_for_pickup: "warning",
  out_for_delivery: "neutral",
  delivered: "success",
};

/** A short reference for phone calls: the first 8 characters of the id, upper case. */
export function orderNumber(id: string): string {
  return id.replace(/-/g, "").slice(0, 8).toUpperCase();
}
