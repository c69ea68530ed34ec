// The business dashboard's Orders to Fulfill card (docs/product.md, "Screens" and "Orders"): the
// latest 10 orders (one page of 10: the whole list is the CSV export) and the total count from the
// stats summary, each with product, quantity, commune and district, total, status and date. Live:
// changes to the business's own orders refresh it (realtime filtered to business_id, RLS on top),
// and an order seen turning delivered says 'Order completed! Payouts have been created.' Cancelled
// orders stay in the list with their reason (issue 14): the business packed some of them and needs
// to know why the parcel came back; the badge sets them apart, and the refusal rate above the list
// (over all the business's orders) says how often customers turn parcels away. The card is the
// shared MyOrdersCard. A new order has "Packed: ready for pickup", the shop's own step, and each
// order still to hand over its packing slip; the ticked ones, or else all of them, print together
// (issue 29).
import { useEffect, useRef, useState } from "react";
import type { Order } from "@contract/orders.ts";
import { Button, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { packingSlipsPath } from "@/config/paths.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { useSession } from "@/lib/auth.tsx";
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import { useOrderSummary } from "@/features/orders/api/get-order-summary.ts";
import { useMarkOrderReady } from "@/features/orders/api/mark-order-ready.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { newlyDelivered } from "@/features/orders/utils/order-filters.ts";
import { MyOrdersCard } from "./my-orders-card.tsx";

interface OrdersToFulfillProps {
  /** The business's user id; defaults to the signed-in user's (the token's subject). */
  businessId?: string;
}

export function OrdersToFulfill({ businessId }: OrdersToFulfillProps) {
  const session = useSession();
  const ownId = businessId ?? session?.userId ?? null;
  const toast = useToast();
  const orders = useMyOrders();
  const summary = useOrderSummary(t("orders.business.loadFailed"));
  const live = useTableInvalidation({
    topic: ownId ? liveTopics.shop(ownId) : null,
    table: "orders",
    event: "*",
    invalidates: [ordersKeys.mine(), ordersKeys.summary()],
  });

  const packable = (orders.data ?? []).filter(toPack);
  // The orders ticked for printing together; none ticked prints every one still to pack.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const chosen = packable.filter((order) => ticked.has(order.id));
  const toPrint = chosen.length > 0 ? chosen : packable;
  const tick = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
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

  return (
    <MyOrdersCard
      audience="business"
      className="orders-to-fulfill"
      orders={orders}
      summary={summary}
      live={live}
      rows={{ showPlace: true }}
      actionOf={(order) =>
        toPack(order) ? (
          <div className="button-row order-row__actions">
            {packable.length > 1 && (
              <label className="order-row__tick">
                <input
                  type="checkbox"
                  checked={ticked.has(order.id)}
                  onChange={(event) => tick(order.id, event.target.checked)}
                />
                {t("orders.business.tick")}
              </label>
            )}
            {order.order_status === "new_order" && <ReadyButton order={order} />}
            <ButtonLink variant="ghost" size="sm" to={packingSlipsPath([order.id])}>
              {t("orders.business.slip")}
            </ButtonLink>
          </div>
        ) : null
      }
      footer={
        packable.length > 1 ? (
          <ButtonLink variant="outline" size="sm" to={packingSlipsPath(toPrint.map((order) => order.id))}>
            {chosen.length > 0
              ? t("orders.business.slipsChosen", { count: chosen.length })
              : t("orders.business.slipsToPack", { count: packable.length })}
          </ButtonLink>
        ) : null
      }
    />
  );
}

/** An order the shop still has to pack or hand over: its slip is worth printing. */
const toPack = (order: Order) => order.order_status === "new_order" || order.order_status === "ready_for_pickup";

/** The shop's own step on a new order: packed, ready for the courier to pick up. */
function ReadyButton({ order }: { order: Order }) {
  const toast = useToast();
  const ready = useMarkOrderReady();
  async function onReady() {
    try {
      await ready.mutateAsync(order.id);
      toast.success(t("orders.business.readyDone", { number: order.order_number }));
    } catch (error) {
      toast.error(failureMessage(error, t("orders.business.readyFailed")));
    }
  }
  return (
    <Button variant="outline" size="sm" className="order-row__action" loading={ready.isPending} onClick={onReady}>
      {t("orders.business.ready")}
    </Button>
  );
}
