// The influencer's orders (issue 14): the latest 10 orders through their links (one page; the
// total and the refusal rate come from the stats summary, the whole list is the CSV export), live, each with its
// status and, when cancelled, why, so a refused delivery is understood rather than a commission
// silently missing. Never a customer's phone (the API gives influencers none). Live: changes to
// orders through the influencer's links refresh it (realtime filtered to influencer_id, RLS on
// top). The card is the shared MyOrdersCard.
import { t } from "@/features/orders/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useMyOrders } from "@/features/orders/api/get-my-orders.ts";
import { useOrderSummary } from "@/features/orders/api/get-order-summary.ts";
import { ordersKeys } from "@/features/orders/api/query-keys.ts";
import { MyOrdersCard } from "./my-orders-card.tsx";

export function InfluencerOrders({ influencerId }: { influencerId: string }) {
  const orders = useMyOrders(t("orders.influencer.loadFailed"));
  const summary = useOrderSummary(t("orders.influencer.loadFailed"));
  const live = useTableInvalidation({
    topic: liveTopics.influencer(influencerId),
    table: "orders",
    event: "*",
    invalidates: [ordersKeys.mine(), ordersKeys.summary()],
  });

  return (
    <MyOrdersCard
      audience="influencer"
      className="influencer-orders"
      orders={orders}
      summary={summary}
      live={live}
      rows={{ showReview: true }}
    />
  );
}
