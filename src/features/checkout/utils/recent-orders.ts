// The customer's last orders on this phone (localStorage), so an order placed is never lost: the
// checkout lists them with links to their pages. Kept on the phone only; the server knows them by
// their page's token alone.

export interface RecentOrder {
  /** The order's page on this origin: /o/<token>. */
  path: string;
  order_number: string;
  product_name: string;
  /** When it was placed (ISO). */
  placed_at: string;
}

const KEY = "shoplink.recentOrders";
/** Enough to find last week's orders, few enough to read at a glance. */
export const MAX_RECENT_ORDERS = 5;

export function recentOrders(): RecentOrder[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(stored)
      ? stored.filter((item): item is RecentOrder => typeof item?.path === "string" && item.path.startsWith("/o/"))
      : [];
  } catch {
    return []; // no storage (private mode) or a broken entry: nothing to show
  }
}

/** Remembers an order, newest first; the same page again moves to the top. */
export function rememberOrder(order: RecentOrder): void {
  const kept = [order, ...recentOrders().filter((item) => item.path !== order.path)].slice(0, MAX_RECENT_ORDERS);
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the order's page still works, it just is not listed.
  }
}
