// The influencer's orders (issue 14): the latest 10 orders through their links (one page; the
// total and the refusal rate come from the stats summary, the whole list is the CSV export), live, each with its
// status and, when cancelled, why, so a refused delivery is understood rather than a commission
// silently missing. Never a customer's phone (the API gives influencers none). Live: changes to
// orders through the influencer's links refresh it (realtime filtered to influencer_id, RLS on
// top).
import { Badge, Card, EmptyState, LiveIndicator, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { formatCount } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { LATEST_ORDERS, useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import { useOrderSummary } from "@/features/orders/api/get-order-summary.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { OrderRow } from "./order-row.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

export function InfluencerOrders({ influencerId }: { influencerId: string }) {
  const orders = useMyOrders(t("orders.influencer.loadFailed"));
  const summary = useOrderSummary(t("orders.influencer.loadFailed"));
  const live = useTableInvalidation({
    name: "influencer-orders",
    table: "orders",
    event: "*",
    filter: `influencer_id=eq.${influencerId}`,
    invalidates: [ordersKeys.mine(), ordersKeys.summary()],
  });
  const latest = orders.data ?? [];
  const total = summary.data?.total_orders;

  return (
    <Card
      title={t("orders.influencer.title")}
      className="influencer-orders"
      actions={
        <>
          <LiveIndicator status={live} />
          <ExportOrdersButton path="/orders/export" />
          {total !== undefined && (
            <Badge tone="neutral">
              <span aria-hidden="true">{t("orders.influencer.total", { count: formatCount(total) })}</span>
              <span className="visually-hidden">
                {t("orders.influencer.totalLabel", { count: formatCount(total) })}
              </span>
            </Badge>
          )}
        </>
      }
    >
      {orders.error && (
        <RetryAlert onRetry={orders.refetch} retrying={orders.isFetching}>
          {orders.error}
        </RetryAlert>
      )}
      {orders.isLoading ? (
        <LoadingState />
      ) : latest.length === 0 ? (
        !orders.error && <EmptyState icon="cash" title={t("orders.influencer.empty")} />
      ) : (
        <>
          <RefusalRateNote rate={summary.data?.refusal_rate} />
          <ul className="order-list" aria-label={t("orders.influencer.list")}>
            {latest.map((order) => (
              <OrderRow key={order.id} order={order} showReview />
            ))}
          </ul>
          {total !== undefined && total > LATEST_ORDERS && (
            <p className="muted-note order-list__more">
              {t("orders.influencer.latest", { shown: LATEST_ORDERS, total: formatCount(total) })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
