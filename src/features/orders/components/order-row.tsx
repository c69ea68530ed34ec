// One order in a business's or an influencer's list: its number (what a caller reads out), product,
// status, and when cancelled why; quantity, delivery place with the recipient and address and
// whether the customer confirmed the order, who carries it and where the cash it collected stands
// (the business's only: it packs the parcel and hands it over), total and date. Never the
// customer's phone: these lists answer from /orders/user/all, which has none. The influencer's
// list says when an order's commission is held for review, never which rule flagged it.
import type { ReactNode } from "react";
import type { Order } from "@contract/orders.ts";
import { formatCambodianPhone } from "@contract/phone.ts";
import { formatMoney } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { deliveryAddress, deliveryPlace } from "@/features/orders/utils/delivery-place.ts";
import { t } from "@/features/orders/i18n.ts";
import { confirmationLabel, displayStatus, reasonLabel } from "@/features/orders/utils/order-status.ts";
import { CashStatusBadge } from "./cash-status-badge.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";

interface OrderRowProps {
  order: Order;
  /** Show the commune and district (the business ships there). */
  showPlace?: boolean;
  /** Say when the order is held for review (the influencer: it is their commission that waits). */
  showReview?: boolean;
  /** What the reader can do with it, at the row's foot. */
  action?: ReactNode;
}

export function OrderRow({ order, showPlace = false, showReview = false, action }: OrderRowProps) {
  const status = displayStatus(order.order_status);
  const locale = useLocale();
  return (
    <li className={`order-row order-row--${status}`} aria-label={order.product_name}>
      <div className="order-row__head">
        <p className="order-row__product break-anywhere">
          <span className="order-row__number">{order.order_number}</span> {order.product_name}
        </p>
        <OrderStatusBadge status={order.order_status} />
      </div>
      {status === "cancelled" && order.cancellation_reason && (
        <p className="order-row__reason">
          {t("orders.cancelledBecause", { reason: reasonLabel(order.cancellation_reason) })}
        </p>
      )}
      {showReview && status !== "cancelled" && order.review_status === "held" && (
        <p className="order-row__review">{t("orders.review.influencerNote")}</p>
      )}
      {showPlace && status !== "cancelled" && (
        <p className={`order-row__confirmation order-row__confirmation--${order.confirmation}`}>
          {confirmationLabel(order.confirmation)}
        </p>
      )}
      <p className="order-row__meta">
        <span>{t("orders.business.quantity", { quantity: order.quantity })}</span>
        {showPlace && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="break-anywhere">{deliveryPlace(order, locale)}</span>
          </>
        )}
      </p>
      {showPlace && (order.courier || order.cash) && (
        <p className="order-row__courier break-anywhere">
          {order.courier &&
            t("orders.courierLine", { name: order.courier.name, phone: formatCambodianPhone(order.courier.phone) })}
          {order.cash && <CashStatusBadge cash={order.cash} />}
        </p>
      )}
      {showPlace && order.recipient_name && (
        <p className="order-row__address break-anywhere">
          {[order.recipient_name, deliveryAddress(order), order.delivery_note].filter(Boolean).join(" · ")}
        </p>
      )}
      <p className="order-row__foot">
        <strong className="order-row__total">{formatMoney(order.total_cents)}</strong>
        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </p>
      {action}
    </li>
  );
}
