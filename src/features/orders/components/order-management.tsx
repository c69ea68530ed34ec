// Admin Order Management (the admin dashboard's second tab; docs/product.md, "Screens" and
// "Orders"; issue 15): a search by order number or phone digits and a range of days, filters All /
// New Orders / … / Cancelled with the exact counts of every order (GET /orders/stats/summary), all
// applied by the server, and one card per order with its forward step and reverts, a page at a time
// (the next page loads on scroll, or with Load more). Live: any change to public.orders refreshes
// the loaded pages and the counts (a new checkout order appears, a status change moves the card; a
// burst of changes is coalesced), and so does every (re)subscription, so a lost connection never
// leaves a stale board. The admin's own change shows from the server's answer; one refused because
// the order moved meanwhile (409) says why and refreshes. Cancel asks why in a dialog (issue 14);
// the Cancelled filter and the refusal rate over all orders show how many never reached a customer.
// To confirm lists the orders no one has confirmed yet, oldest first, each card with the outcomes
// of a confirmation call (issue 28). A courier filter (once there are couriers) shows what one
// courier carries, or the orders no courier has yet; each open card gives its order to a courier.
import { useMemo, useState } from "react";
import type { Order } from "@contract/orders.ts";
import {
  Alert,
  EmptyState,
  FilterGroup,
  LiveIndicator,
  LoadingState,
  LoadMore,
  RetryAlert,
  SelectField,
  useToast,
} from "@/components/ui/index.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useAdminOrders, type AdminOrderFilters } from "@/features/orders/api/get-admin-orders.ts";
import { useOrderSummary } from "@/features/orders/api/get-order-summary.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { useUpdateOrderStatus, type Cancellation } from "@/features/orders/api/update-order-status.ts";
import { useClearOrderReview } from "@/features/orders/api/review-order.ts";
import { useAssignCourier, useCouriers } from "@/features/orders/api/couriers.ts";
import { useRecordConfirmationCall, type ConfirmationOutcome } from "@/features/orders/api/record-confirmation-call.ts";
import { countsFromSummary, ORDER_FILTERS, type OrderFilter } from "@/features/orders/utils/order-filters.ts";
import { statusLabel, type OrderStatus } from "@/features/orders/utils/order-status.ts";
import { AdminOrderCard } from "./admin-order-card.tsx";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { CancelOrderDialog } from "./cancel-order-dialog.tsx";
import { NO_SEARCH, OrderSearchForm, type OrderSearch } from "./order-search-form.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

export function OrderManagement() {
  const toast = useToast();
  const [search, setSearch] = useState<OrderSearch>(NO_SEARCH);
  const [filter, setFilter] = useState<OrderFilter>("all");
  /** A courier's id, "none", or "" for every order. */
  const [courier, setCourier] = useState("");
  const filters = useMemo<AdminOrderFilters>(
    () => ({
      ...(search.q && { q: search.q }),
      ...(filter === "to_confirm" ? { to_confirm: "true" as const } : filter !== "all" && { status: filter }),
      ...(search.from && { from: search.from }),
      ...(search.to && { to: search.to }),
      ...(courier && { courier }),
    }),
    [search, filter, courier],
  );
  const couriers = useCouriers();
  const assignCourier = useAssignCourier();
  const orders = useAdminOrders(filters);
  const summary = useOrderSummary(t("orders.admin.countsFailed"));
  const updateStatus = useUpdateOrderStatus();
  const clearReview = useClearOrderReview();
  const confirmationCall = useRecordConfirmationCall();
  const [changing, setChanging] = useState<Record<string, OrderStatus>>({});
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const live = useTableInvalidation({
    topic: liveTopics.admin,
    table: "orders",
    event: "*",
    invalidates: [ordersKeys.admin(), ordersKeys.summary()],
  });

  // When the list cannot be loaded it is empty (never a stale board) and the error shows
  // (docs/product.md, "When something fails").
  const shown = orders.error ? [] : (orders.data ?? []);
  const counts = summary.data ? countsFromSummary(summary.data) : undefined;
  const searching = Boolean(search.q || search.from || search.to);

  /** A refused change: the alert above the board and a toast, each with the server's reason. */
  function reportFailure(title: string, error: unknown) {
    const detail = serverMessage(error);
    setFailure({ title, detail });
    toast.error(detail ? `${title} ${detail}` : title);
  }

  /** True when the change was made. */
  async function onChange(order: Order, to: OrderStatus, cancellation?: Cancellation): Promise<boolean> {
    setFailure(null);
    setChanging((current) => ({ ...current, [order.id]: to }));
    try {
      await updateStatus.mutateAsync({ id: order.id, status: to, cancellation });
      toast.success(t("orders.admin.updated.success", { number: order.order_number, status: statusLabel(to) }));
      return true;
    } catch (error) {
      reportFailure(t("orders.admin.updated.failed"), error);
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
      reportFailure(t("orders.review.failed"), error);
    }
  }

  async function onAssignCourier(order: Order, courierId: string | null) {
    setFailure(null);
    try {
      const { order: saved } = await assignCourier.mutateAsync({ orderId: order.id, courierId });
      toast.success(
        saved.courier
          ? t("orders.courier.assigned", { number: order.order_number, name: saved.courier.name })
          : t("orders.courier.unassigned", { number: order.order_number }),
      );
    } catch (error) {
      reportFailure(t("orders.courier.failed"), error);
    }
  }

  async function onConfirmationCall(order: Order, outcome: ConfirmationOutcome) {
    setFailure(null);
    try {
      await confirmationCall.mutateAsync({ id: order.id, outcome });
      toast.success(t("orders.call.recorded", { number: order.order_number, outcome: t(`orders.call.${outcome}`) }));
    } catch (error) {
      reportFailure(t("orders.call.failed"), error);
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
        <ExportOrdersButton path="/admin/orders/export" filters={{ ...filters }} />
      </div>
      <OrderSearchForm onSearch={setSearch} />
      {couriers.data && couriers.data.length > 0 && (
        <SelectField
          className="order-board__courier-filter"
          label={t("orders.admin.courierFilter")}
          name="courier"
          value={courier}
          onChange={(event) => setCourier(event.target.value)}
          options={[
            { value: "", label: t("orders.admin.courierFilter.all") },
            { value: "none", label: t("orders.courier.none") },
            ...couriers.data.map((option) => ({ value: option.id, label: option.name })),
          ]}
        />
      )}
      <RefusalRateNote rate={summary.data?.refusal_rate} />
      <FilterGroup<OrderFilter>
        label={t("orders.admin.filters")}
        value={filter}
        onChange={setFilter}
        options={ORDER_FILTERS.map((value) => ({
          value,
          label: t(`orders.admin.filter.${value}`),
          count: counts?.[value],
        }))}
      />
      {summary.error && <Alert tone="warning">{summary.error}</Alert>}
      {failure && (
        <Alert tone="danger" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      {orders.error &&
        (orders.canRetry ? (
          <RetryAlert onRetry={orders.refetch} retrying={orders.isFetching}>
            {orders.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{orders.error}</Alert>
        ))}
      {orders.isLoading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        !orders.error && (
          <EmptyState
            icon="cash"
            title={
              searching
                ? t("orders.admin.empty.search")
                : filter === "all"
                  ? t("orders.admin.empty.all")
                  : filter === "to_confirm"
                    ? t("orders.admin.empty.to_confirm")
                    : t("orders.admin.empty.filtered", { status: statusLabel(filter) })
            }
            body={filter === "all" && !searching ? t("orders.admin.emptyBody") : undefined}
          />
        )
      ) : (
        <>
          <ul className="card-grid order-board" aria-label={t("orders.admin.list")}>
            {shown.map((order) => (
              <AdminOrderCard
                key={order.id}
                order={order}
                changingTo={changing[order.id] ?? null}
                onChange={onChange}
                onCancel={setCancelling}
                reviewing={clearReview.isPending && clearReview.variables === order.id}
                onClearReview={onClearReview}
                calling={
                  confirmationCall.isPending && confirmationCall.variables.id === order.id
                    ? confirmationCall.variables.outcome
                    : null
                }
                onConfirmationCall={onConfirmationCall}
                couriers={couriers.data}
                assigning={assignCourier.isPending && assignCourier.variables.orderId === order.id}
                onAssignCourier={onAssignCourier}
              />
            ))}
          </ul>
          <LoadMore
            shown={shown.length}
            total={searching ? undefined : counts?.[filter]}
            hasMore={orders.hasMore}
            loading={orders.loadingMore}
            onLoadMore={orders.loadMore}
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
