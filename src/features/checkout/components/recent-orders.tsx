// "Your orders on this phone": links to the pages of the orders placed here (utils/recent-orders.ts).
import { useState } from "react";
import { Card } from "@/components/ui/card.tsx";
import { t } from "@/features/checkout/i18n.ts";
import { recentOrders } from "@/features/checkout/utils/recent-orders.ts";

export function RecentOrders() {
  const [orders] = useState(recentOrders);
  if (orders.length === 0) return null;
  return (
    <Card title={t("order.recent")} className="checkout-recent">
      <ul className="checkout-recent__list">
        {orders.map((order) => (
          <li key={order.path}>
            <a href={order.path}>
              <span className="checkout-recent__number">{order.order_number}</span> {order.product_name}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
