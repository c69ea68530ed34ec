// The orders feature's query keys, one per endpoint: what realtime events and the status change
// name when they refresh or update a board.
export const ordersKeys = {
  all: ["orders"] as const,
  /** GET /admin/orders */
  admin: () => [...ordersKeys.all, "admin"] as const,
  /** GET /orders/user/all */
  mine: () => [...ordersKeys.all, "mine"] as const,
};
