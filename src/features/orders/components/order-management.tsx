// Admin Order Management (SPEC §2 admin tab 2, §4, §8): filters All / New Orders / Ready for
// Pickup / Out for Delivery / Delivered with counts, one card per order with its forward step and
// reverts. Live: any change to public.orders refreshes the board (a new checkout order appears, a
// status change moves the card; a burst of changes is coalesced), and so does every
// (re)subscription, so a lost connection never leaves a stale board. The admin's own change shows
// from the server's answer; one refused because the order moved meanwhile (409) says why and
// refreshes. Cancel asks why in a dialog (issue 14); the Cancelled filter and the refusal rate of
// the orders on the board show how many never reached a customer.
import { useMemo, useState } from "react";
import type { Order } from "@contract/orders.ts";
import {
  Alert,
  EmptyState,
  FilterGroup,
  LiveIndicator,
  LoadingState,
  RetryAlert,
  ShowMore,
  useToast,
} from "@/components/ui/index.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { useShowMore } from "@/lib/use-show-more.ts";
import { useAdminOrders } from "@/features/orders/api/get-admin-orders.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { useUpdateOrderStatus, type Cancellation } from "@/features/orders/api/update-order-status.ts";
import { useClearOrderReview } from "@/features/orders/api/review-order.ts";
import { countByFilter, filterOrders, ORDER_FILTERS, type OrderFilter } from "@/features/orders/utils/order-filters.ts";
import { statusLabel, type OrderStatus } from "@/features/orders/utils/order-status.ts";
import { AdminOrderCard } from "./admin-order-card.tsx";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { CancelOrderDialog } from "./cancel-order-dialog.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

/** Cards rendered at first, and added by each Show more. */
export const ORDER_PAGE = 50;

export function OrderManagement() {
  const toast = useToast();
  const orders = useAdminOrders();
  const updateStatus = useUpdateOrderStatus();
  const clearReview = useClearOrderReview();
  const [filter, setFilter] = useState<OrderFilter>("all");
  const [changing, setChanging] = useState<Record<string, OrderStatus>>({});
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const live = useTableInvalidation({
    name: "admin-orders",
    table: "orders",
    event: "*",
    invalidates: [ordersKeys.admin()],
  });

  // SPEC §7: when the list cannot be loaded it is empty (never a stale board) and the error shows.
  const list = useMemo(() => (orders.error ? [] : (orders.data ?? [])), [orders.error, orders.data]);
  const counts = useMemo(() => countByFilter(list), [list]);
  const shown = filterOrders(list, filter);
  const page = useShowMore(shown, ORDER_PAGE, filter);

  /** True when the change was made. */
  async function onChange(order: Order, to: OrderStatus, cancellation?: Cancellation): Promise<boolean> {
    setFailure(null);
    setChanging((current) => ({ ...current, [order.id]: to }));
    try {
      await updateStatus.mutateAsync({ id: order.id, status: to, cancellation });
      toast.success(t("orders.admin.updated.success", { number: order.order_number, status: statusLabel(to) }));
      return true;
    } catch (error) {
      const title = t("orders.admin.updated.failed");
      const detail = serverMessage(error);
      setFailure({ title, detail });
      toast.error(detail ? `${title} ${detail}` : title);
      return false;
    } finally {
      setChanging(({ [order.id]: _done, ...rest }) => rest);
    }
  }

  async function onClearReview(order: Order) {
    setFailure(null);
    try {
      await clearReview.mutateAsync(order.id);
      toast.success(t("orders.review.cleared.success", { number: order.order_number }));
    } catch (error) {
      const title = t("orders.review.failed");
      const detail = serverMessage(error);
      setFailure({ title, detail });
      toast.error(detail ? `${title} ${detail}` : title);
    }
  }

  async function onCancel(order: Order, cancellation: Cancellation) {
    // Closed either way: on a refusal the alert says why and the refreshed card shows what is possible.
    await onChange(order, "cancelled", cancellation);
    setCancelling(null);
  }

  return (
    <section className="stack" aria-labelledby="order-management-title">
      <div className="section-head">
        <h2 id="order-management-title" className="section-head__title">
          {t("orders.admin.title")}
        </h2>
        <LiveIndicator status={live} />
        <ExportOrdersButton path="/admin/orders/export" />
      </div>
      <RefusalRateNote orders={list} />
      <FilterGroup<OrderFilter>
        label={t("orders.admin.filters")}
        value={filter}
        onChange={setFilter}
        options={ORDER_FILTERS.map((value) => ({
          value,
          label: t(`orders.admin.filter.${value}`),
          count: counts[value],
        }))}
      />
      {failure && (
        <Alert tone="danger" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      {orders.error && (
        <RetryAlert onRetry={orders.refetch} retrying={orders.isFetching}>
          {orders.error}
        </RetryAlert>
      )}
      {orders.isLoading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        !orders.error && (
          <EmptyState
            icon="cash"
            title={
              filter === "all"
                ? t("orders.admin.empty.all")
                : t("orders.admin.empty.filtered", { status: statusLabel(filter) })
            }
            body={filter === "all" ? t("orders.admin.emptyBody") : undefined}
          />
        )
      ) : (
        <>
          <ul className="card-grid order-board" aria-label={t("orders.admin.list")}>
            {page.visible.map((order) => (
              <AdminOrderCard
                key={order.id}
                order={order}
                changingTo={changing[order.id] ?? null}
                onChange={onChange}
                onCancel={setCancelling}
                reviewing={clearReview.isPending && clearReview.variables === order.id}
                onClearReview={onClearReview}
              />
            ))}
          </ul>
          <ShowMore
            shown={page.visible.length}
            remaining={page.remaining}
            pageSize={ORDER_PAGE}
            onShowMore={page.showMore}
          />
        </>
      )}
      <CancelOrderDialog
        order={cancelling}
        busy={cancelling !== null && changing[cancelling.id] === "cancelled"}
        onCancel={onCancel}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}
