// One order on the admin board (docs/product.md, "Screens"): product, customer phone, commune and
// district, quantity, total with product price and delivery fee, business and influencer emails,
// status, created and updated dates; the forward step and each allowed revert; 'Order Completed'
// once delivered (reverts stay possible). Before delivery, Cancel (the board asks why); a cancelled
// order shows its reason and Reopen, to new_order. A flagged order names the rules it fired and,
// while held, offers Clear review (refusing it is cancelling it as suspected fraud). Moving a
// delivered order back takes its earnings back, so it asks first, naming the money. The card
// says whether the customer confirmed the order and, while it is still to confirm, records the
// admin's confirmation call: confirmed, no answer or a wrong number (issue 28). While the order is
// open the admin gives it to a courier, or takes it back; after, the card names who carried it and
// where the cash it collected stands (with the courier, remitted, or short).
import { useState } from "react";
import { CONFIRMATION_CALL_OUTCOMES } from "@contract/statuses.ts";
import type { Courier } from "@contract/couriers.ts";
import type { Order } from "@contract/orders.ts";
import { Button, Icon, DetailsList, type Detail } from "@/components/ui/index.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { formatCambodianPhone as formatPhone } from "@contract/phone.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { deliveryAddress, deliveryPlace } from "@/features/orders/utils/delivery-place.ts";
import { t } from "@/features/orders/i18n.ts";
import {
  canCancel,
  canReopen,
  confirmationLabel,
  displayStatus,
  isToConfirm,
  nextStatus,
  reasonLabel,
  revertStatuses,
  statusLabel,
  type OrderStatus,
} from "@/features/orders/utils/order-status.ts";
import type { ConfirmationOutcome } from "@/features/orders/api/record-confirmation-call.ts";
import { CashStatusBadge } from "./cash-status-badge.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";

interface AdminOrderCardProps {
  order: Order;
  /** The status a change is running towards, or null. */
  changingTo: OrderStatus | null;
  onChange: (order: Order, to: OrderStatus) => void;
  /** Asks why before cancelling (the board's dialog). */
  onCancel: (order: Order) => void;
  /** True while this order's review is being cleared. */
  reviewing: boolean;
  onClearReview: (order: Order) => void;
  /** The outcome of a call being recorded for this order, or null. */
  calling: ConfirmationOutcome | null;
  onConfirmationCall: (order: Order, outcome: ConfirmationOutcome) => void;
  /** Every courier (undefined until loaded); the card offers the active ones while the order is open. */
  couriers: readonly Courier[] | undefined;
  /** True while this order's courier is being changed. */
  assigning: boolean;
  onAssignCourier: (order: Order, courierId: string | null) => void;
}

export function adminOrderLabel(order: Order): string {
  return t("orders.admin.cardLabel", { product: order.product_name, number: order.order_number });
}

export function AdminOrderCard({
  order,
  changingTo,
  onChange,
  onCancel,
  reviewing,
  onClearReview,
  calling,
  onConfirmationCall,
  couriers,
  assigning,
  onAssignCourier,
}: AdminOrderCardProps) {
  const status = displayStatus(order.order_status);
  const next = nextStatus(status);
  const reverts = revertStatuses(status);
  const busy = changingTo !== null;
  // The revert of a delivered order waiting for the admin's yes.
  const [confirmingRevert, setConfirmingRevert] = useState<OrderStatus | null>(null);
  const none = t("common.notAvailable");
  const locale = useLocale();
  const address = deliveryAddress(order);

  const details: Detail[] = [
    ...(status === "cancelled" && order.cancellation_reason
      ? [{ label: t("orders.cancelledReason"), value: <strong>{reasonLabel(order.cancellation_reason)}</strong> }]
      : []),
    {
      label: t("orders.admin.orderNumber"),
      value: <span className="order-card__number">{order.order_number}</span>,
    },
    {
      label: t("orders.admin.customerPhone"),
      value: order.customer_phone ? (
        <a href={`tel:${order.customer_phone}`}>{formatPhone(order.customer_phone)}</a>
      ) : (
        none
      ),
    },
    ...(status !== "cancelled"
      ? [{ label: t("orders.confirmation"), value: <strong>{confirmationLabel(order.confirmation)}</strong> }]
      : []),
    {
      label: t("orders.courier"),
      value:
        canCancel(status) && couriers ? (
          <select
            className="order-card__courier"
            aria-label={t("orders.courier")}
            value={order.courier?.id ?? ""}
            disabled={assigning || busy}
            onChange={(event) => onAssignCourier(order, event.target.value || null)}
          >
            <option value="">{t("orders.courier.none")}</option>
            {couriers
              .filter((courier) => courier.active || courier.id === order.courier?.id)
              .map((courier) => (
                <option key={courier.id} value={courier.id}>
                  {courier.name}
                </option>
              ))}
          </select>
        ) : order.courier ? (
          <span className="break-anywhere">
            {order.courier.name} · <a href={`tel:${order.courier.phone}`}>{formatPhone(order.courier.phone)}</a>
          </span>
        ) : (
          t("orders.courier.none")
        ),
    },
    ...(order.cash ? [{ label: t("orders.cash"), value: <CashStatusBadge cash={order.cash} /> }] : []),
    ...(order.recipient_name ? [{ label: t("orders.admin.recipient"), value: order.recipient_name }] : []),
    { label: t("orders.admin.delivery"), value: deliveryPlace(order, locale) },
    ...(address ? [{ label: t("orders.admin.address"), value: address }] : []),
    ...(order.delivery_note ? [{ label: t("orders.admin.note"), value: order.delivery_note }] : []),
    { label: t("orders.admin.quantity"), value: order.quantity },
    {
      label: t("orders.admin.total"),
      value: (
        <>
          <strong>{formatMoney(order.total_cents)}</strong>
          <span className="order-card__sub">
            {t("orders.admin.totalDetail", {
              price: formatMoney(order.unit_price_cents),
              quantity: order.quantity,
              fee: formatMoney(order.delivery_fee_cents),
            })}
          </span>
        </>
      ),
    },
    {
      label: t("orders.admin.business"),
      // A shop by its name, its email beneath.
      value: order.business_name ? (
        <span className="break-anywhere">
          {order.business_name}
          <span className="secondary-email">{order.business_email}</span>
        </span>
      ) : (
        <span className="break-anywhere">{order.business_email || none}</span>
      ),
    },
    {
      label: t("orders.admin.influencer"),
      value: <span className="break-anywhere">{order.influencer_email || none}</span>,
    },
    {
      label: t("orders.admin.created"),
      value: <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>,
    },
    {
      label: t("orders.admin.updated"),
      value: <time dateTime={order.updated_at}>{formatDateTime(order.updated_at)}</time>,
    },
  ];

  return (
    <li
      className={`card card--status order-card order-card--${status}`}
      aria-label={adminOrderLabel(order)}
      aria-busy={busy || undefined}
    >
      <div className="order-card__head">
        <h3 className="order-card__product break-anywhere">{order.product_name}</h3>
        <OrderStatusBadge status={status} />
      </div>
      {order.review_status && (
        <div className={`order-card__review order-card__review--${order.review_status}`}>
          <p className="order-card__review-title">
            <Icon name={order.review_status === "held" ? "shield" : "check"} size={18} />
            {order.review_status === "held" ? t("orders.review.held") : t("orders.review.cleared")}
          </p>
          <ul className="order-card__flags" aria-label={t("orders.review.flags")}>
            {order.flags.map((flag) => (
              <li key={flag}>{t(`orders.flag.${flag}`)}</li>
            ))}
          </ul>
          {order.review_status === "held" && (
            <Button variant="outline" size="sm" loading={reviewing} onClick={() => onClearReview(order)}>
              {t("orders.review.clear")}
            </Button>
          )}
        </div>
      )}
      <DetailsList details={details} />
      {isToConfirm(order) && (
        <div className="order-card__calls" role="group" aria-label={t("orders.call.group")}>
          <p className="order-card__calls-title">{t("orders.call.group")}</p>
          <div className="button-row">
            {CONFIRMATION_CALL_OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                variant={outcome === "confirmed" ? "primary" : "outline"}
                size="sm"
                loading={calling === outcome}
                disabled={calling !== null || busy}
                onClick={() => onConfirmationCall(order, outcome)}
              >
                {t(`orders.call.${outcome}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <div className="order-card__actions">
        {canReopen(status) ? (
          <Button
            variant="primary"
            block
            loading={changingTo === "new_order"}
            disabled={busy}
            onClick={() => onChange(order, "new_order")}
          >
            {t("orders.admin.reopen")}
          </Button>
        ) : next ? (
          <Button
            variant="primary"
            block
            loading={changingTo === next}
            disabled={busy}
            onClick={() => onChange(order, next)}
          >
            {t("orders.admin.forward", { status: statusLabel(next) })}
          </Button>
        ) : (
          <p className="order-card__completed">
            <Icon name="check" size={18} />
            {t("orders.admin.completed")}
          </p>
        )}
        {reverts.length > 0 && (
          <div className="order-card__reverts" role="group" aria-label={t("orders.admin.revertGroup")}>
            {reverts.map((to) => (
              <Button
                key={to}
                variant="outline"
                size="sm"
                loading={changingTo === to}
                disabled={busy || confirmingRevert !== null}
                onClick={() => (status === "delivered" ? setConfirmingRevert(to) : onChange(order, to))}
              >
                {t("orders.admin.revert", { status: statusLabel(to) })}
              </Button>
            ))}
          </div>
        )}
        {confirmingRevert && (
          <div className="order-card__confirm" role="group" aria-label={t("orders.admin.revertDeliveredTitle")}>
            <p>
              {t("orders.admin.revertDeliveredConfirm", {
                number: order.order_number,
                status: statusLabel(confirmingRevert),
                sale: formatMoney(order.subtotal_cents),
                rate: formatPercent(order.commission_rate, 0),
              })}
            </p>
            <div className="button-row">
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  onChange(order, confirmingRevert);
                  setConfirmingRevert(null);
                }}
              >
                {t("orders.admin.revertDeliveredYes", { status: statusLabel(confirmingRevert) })}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmingRevert(null)}>
                {t("orders.admin.keepDelivered")}
              </Button>
            </div>
          </div>
        )}
        {canCancel(status) && (
          <Button
            variant="outline"
            size="sm"
            className="order-card__cancel"
            loading={changingTo === "cancelled"}
            disabled={busy}
            onClick={() => onCancel(order)}
          >
            {t("orders.admin.cancel")}
          </Button>
        )}
      </div>
    </li>
  );
}
