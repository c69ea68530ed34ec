// The influencer's orders (issue 14): the latest orders through their links, live, each with its
// status and, when cancelled, why, so a refused delivery is understood rather than a commission
// silently missing. Never a customer's phone (the API gives influencers none). Live: changes to
// orders through the influencer's links refresh it (realtime filtered to influencer_id, RLS on
// top).
import { Badge, Card, EmptyState, LiveIndicator, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { formatCount } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { OrderRow } from "./order-row.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

/** A compact list: the latest orders, as the business dashboard shows. */
export const LATEST_INFLUENCER_ORDERS = 10;

export function InfluencerOrders({ influencerId }: { influencerId: string }) {
  const orders = useMyOrders(t("orders.influencer.loadFailed"));
  const live = useTableInvalidation({
    name: "influencer-orders",
    table: "orders",
    event: "*",
    filter: `influencer_id=eq.${influencerId}`,
    invalidates: [ordersKeys.mine()],
  });
  const all = orders.data ?? [];
  const latest = all.slice(0, LATEST_INFLUENCER_ORDERS);

  return (
    <Card
      title={t("orders.influencer.title")}
      className="influencer-orders"
      actions={
        <>
          <LiveIndicator status={live} />
          <ExportOrdersButton path="/orders/export" />
          {orders.data && (
            <Badge tone="neutral">
              <span aria-hidden="true">{t("orders.influencer.total", { count: formatCount(all.length) })}</span>
              <span className="visually-hidden">
                {t("orders.influencer.totalLabel", { count: formatCount(all.length) })}
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
          <RefusalRateNote orders={all} />
          <ul className="order-list" aria-label={t("orders.influencer.list")}>
            {latest.map((order) => (
              <OrderRow key={order.id} order={order} showReview />
            ))}
          </ul>
          {all.length > LATEST_INFLUENCER_ORDERS && (
            <p className="muted-note order-list__more">
              {t("orders.influencer.latest", { shown: LATEST_INFLUENCER_ORDERS, total: formatCount(all.length) })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
