// The orders feature's query keys, one per endpoint: what realtime events and the status change
// name when they refresh or update a board.
import type { AdminOrderFilters } from "@/features/orders/api/get-admin-orders.ts";

export const ordersKeys = {
  all: ["orders"] as const,
  /** GET /admin/orders, every filter (the prefix realtime and a status change refresh) */
  admin: () => [...ordersKeys.all, "admin"] as const,
  /** GET /admin/orders with these filters */
  adminList: (filters: AdminOrderFilters) => [...ordersKeys.admin(), filters] as const,
  /** GET /orders/user/all (the latest ones) */
  mine: () => [...ordersKeys.all, "mine"] as const,
  /** GET /orders/stats/summary: the caller's exact counts (an admin's: every order) */
  summary: () => [...ordersKeys.all, "summary"] as const,
  /** POST /orders/packing-slips of these orders */
  packingSlips: (orderIds: readonly string[]) => [...ordersKeys.all, "packing-slips", ...orderIds] as const,
  /** GET /admin/couriers */
  couriers: () => [...ordersKeys.all, "couriers"] as const,
  /** GET /admin/couriers/{id}/links (apart from the couriers, which a courier's save refreshes) */
  courierLinks: (courierId: string) => [...ordersKeys.all, "courier-links", courierId] as const,
  /** GET /admin/couriers/{id}/remittances (a remittance recorded or reversed refreshes the couriers too) */
  remittances: (courierId: string) => [...ordersKeys.all, "remittances", courierId] as const,
};
