// The business dashboard's Orders to Fulfill card (SPEC §2, §4, §8): the latest 10 orders and the
// total count, each with product, quantity, commune and district, total, status and date. Live:
// changes to the business's own orders refresh it (realtime filtered to business_id, RLS on top),
// and an order seen turning delivered says 'Order completed! Payouts have been created.'
// Cancelled orders stay in the list with their reason (issue 14): the business packed some of
// them and needs to know why the parcel came back; the badge sets them apart, and the refusal
// rate above the list says how often customers turn parcels away.
import { useEffect, useRef } from "react";
import { Badge, Card, EmptyState, LiveIndicator, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import { useSession } from "@/lib/auth.tsx";
import { formatCount } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { newlyDelivered } from "@/features/orders/utils/order-filters.ts";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { OrderRow } from "./order-row.tsx";
import { RefusalRateNote } from "./refusal-rate-note.tsx";
import "./orders.css";

/** SPEC §9: the business dashboard shows the latest 10 orders. */
export const LATEST_ORDERS = 10;

interface OrdersToFulfillProps {
  /** The business's user id; defaults to the signed-in user's (the token's subject). */
  businessId?: string;
}

export function OrdersToFulfill({ businessId }: OrdersToFulfillProps) {
  const session = useSession();
  const ownId = businessId ?? session?.userId ?? null;
  const toast = useToast();
  const orders = useMyOrders();
  const live = useTableInvalidation({
    name: "business-orders",
    table: "orders",
    event: "*",
    filter: ownId ? `business_id=eq.${ownId}` : undefined,
    enabled: ownId !== null,
    invalidates: [ordersKeys.mine()],
  });

  // An order this page already showed, now delivered: say so once.
  const known = useRef<Map<string, string> | null>(null);
  const list = orders.data;
  useEffect(() => {
    if (!list) return;
    if (known.current) {
      const delivered = newlyDelivered(known.current, list);
      const numbers = list.filter((order) => delivered.includes(order.id)).map((order) => order.order_number);
      if (numbers.length > 0) toast.success(t("orders.business.deliveredNotice", { number: numbers.join(", ") }));
    }
    known.current = new Map(list.map((order) => [order.id, order.order_status]));
  }, [list, toast]);

  const all = list ?? [];
  const latest = all.slice(0, LATEST_ORDERS);

  return (
    <Card
      title={t("orders.business.title")}
      className="orders-to-fulfill"
      actions={
        <>
          <LiveIndicator status={live} />
          <ExportOrdersButton path="/orders/export" />
          {list && (
            <Badge tone="neutral">
              <span aria-hidden="true">{t("orders.business.total", { count: formatCount(all.length) })}</span>
              <span className="visually-hidden">
                {t("orders.business.totalLabel", { count: formatCount(all.length) })}
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
        !orders.error && <EmptyState icon="cash" title={t("orders.business.empty")} />
      ) : (
        <>
          <RefusalRateNote orders={all} />
          <ul className="order-list" aria-label={t("orders.business.list")}>
            {latest.map((order) => (
              <OrderRow key={order.id} order={order} showPlace />
            ))}
          </ul>
          {all.length > LATEST_ORDERS && (
            <p className="muted-note order-list__more">
              {t("orders.business.latest", { shown: LATEST_ORDERS, total: formatCount(all.length) })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
