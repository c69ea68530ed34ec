// The one card of a business's or an influencer's latest orders (docs/product.md, "Orders"): live
// status, the CSV export of the whole list and the total count from the stats summary in its
// head; the refusal rate over all the user's orders above the latest 10 (one page); a note when
// there are more than those. Each audience has its own texts (orders.business.* and
// orders.influencer.*) and says what its rows show.
import type { ReactNode } from "react";
import type { Order } from "@contract/orders.ts";
import { Badge, Card, EmptyState, LiveIndicator, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import type { LiveStatus } from "@/lib/realtime.ts";
import { formatCount } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";
import { LATEST_ORDERS, type useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import type { useOrderSummary } from "@/features/orders/api/get-order-summary.ts";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { OrderRow } from "./order-row.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

interface MyOrdersCardProps {
  audience: "business" | "influencer";
  className: string;
  orders: ReturnType<typeof useMyOrders>;
  summary: ReturnType<typeof useOrderSummary>;
  live: LiveStatus;
  /** What each row shows beyond the common: the delivery place, the review hold. */
  rows: { showPlace?: boolean; showReview?: boolean };
  /** What the reader can do with an order, under its row (the shop: mark it ready). */
  actionOf?: (order: Order) => ReactNode;
  /** Under the list: what the reader can do with several orders at once. */
  footer?: ReactNode;
}

export function MyOrdersCard({
  audience,
  className,
  orders,
  summary,
  live,
  rows,
  actionOf,
  footer,
}: MyOrdersCardProps) {
  const latest = orders.data ?? [];
  const total = summary.data?.total_orders;

  return (
    <Card
      title={t(`orders.${audience}.title`)}
      className={className}
      actions={
        <>
          <LiveIndicator status={live} />
          <ExportOrdersButton path="/orders/export" />
          {total !== undefined && (
            <Badge tone="neutral">
              <span aria-hidden="true">{t(`orders.${audience}.total`, { count: formatCount(total) })}</span>
              <span className="visually-hidden">
                {t(`orders.${audience}.totalLabel`, { count: formatCount(total) })}
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
        !orders.error && <EmptyState icon="cash" title={t(`orders.${audience}.empty`)} />
      ) : (
        <>
          <RefusalRateNote rate={summary.data?.refusal_rate} />
          <ul className="order-list" aria-label={t(`orders.${audience}.list`)}>
            {latest.map((order) => (
              <OrderRow key={order.id} order={order} {...rows} action={actionOf?.(order)} />
            ))}
          </ul>
          {footer}
          {total !== undefined && total > LATEST_ORDERS && (
            <p className="muted-note order-list__more">
              {t(`orders.${audience}.latest`, { shown: LATEST_ORDERS, total: formatCount(total) })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
