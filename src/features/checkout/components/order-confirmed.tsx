// The success screen (docs/product.md, "Checkout"): 'Order Confirmed!', cash on delivery, a phone
// call to follow, the order number to quote when calling, and what was ordered with the server's
// total.
import { useEffect, useRef } from "react";
import type { PlacedOrder } from "@contract/orders.ts";
import { Card, Icon } from "@/components/ui/index.ts";
import { t } from "@/features/checkout/i18n.ts";
import { UsdAndRiel } from "./usd-and-riel.tsx";

export function OrderConfirmed({ order, rielPerUsd }: { order: PlacedOrder; rielPerUsd: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <Card className="checkout-confirmed">
      <span className="checkout-confirmed__icon">
        <Icon name="check" size={36} />
      </span>
      <h2 className="checkout-confirmed__title" ref={heading} tabIndex={-1}>
        {t("checkout.confirmed")}
      </h2>
      <p>{t("checkout.thanks")}</p>
      <p>{t("checkout.coordinate")}</p>
      <dl className="checkout-breakdown__list checkout-confirmed__summary">
        <div className="checkout-breakdown__row">
          <dt>{t("checkout.orderNumber")}</dt>
          <dd className="checkout-confirmed__number">{order.order_number}</dd>
        </div>
        <div className="checkout-breakdown__row">
          <dt>{order.product_name}</dt>
          <dd>× {order.quantity}</dd>
        </div>
        <div className="checkout-breakdown__row checkout-breakdown__row--total">
          <dt>{t("checkout.total")}</dt>
          <dd>
            <UsdAndRiel cents={order.total_cents} rielPerUsd={rielPerUsd} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
