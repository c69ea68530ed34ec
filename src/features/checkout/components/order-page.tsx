// The customer's order page (docs/product.md, "The customer's order page"), APP_URL/o/<token>: what
// the checkout shows once the order is placed, and what a reload or a saved link opens again. The
// order number, where it is (asked again every 30 s), what was ordered and where it goes, its
// history with times, and what the customer may still do: confirm it, or cancel it while the shop
// still has it, and get each change on Telegram. Loaded on demand (it brings the date formatting), apart from the checkout's first
// screen.
import { useEffect, useRef, useState } from "react";
import type { OrderStatus } from "@contract/orders.ts";
import type { TrackedOrder } from "@contract/order-tracking.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Icon } from "@/components/ui/icon.tsx";
import { RetryAlert } from "@/components/ui/retry-alert.tsx";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/checkout/i18n.ts";
import { useOrderFollowLink, useTrackedOrder, useTrackedOrderAction } from "@/features/checkout/api/tracked-order.ts";
import { placeName } from "@/features/checkout/utils/places.ts";
import { CheckoutFrame, DeadLink } from "./checkout-page.tsx";
import { CheckoutSkeleton } from "./checkout-skeleton.tsx";

const STATUS_KEYS = {
  new_order: "order.status.new_order",
  ready_for_pickup: "order.status.ready_for_pickup",
  out_for_delivery: "order.status.out_for_delivery",
  delivered: "order.status.delivered",
  cancelled: "order.status.cancelled",
} as const satisfies Record<OrderStatus, string>;

interface OrderPageProps {
  token: string;
  /** The customer has just placed it: say so first. */
  justPlaced?: boolean;
}

export default function OrderPage({ token, justPlaced = false }: OrderPageProps) {
  const query = useTrackedOrder(token);
  const order = screenState(query, t("order.loadFailed"));
  const data = order.data;
  const business = data ? { ...data.shop, business_logo_url: null } : undefined;
  let content;
  if (order.isLoading) content = <CheckoutSkeleton />;
  else if (!order.canRetry) content = <DeadLink title={t("order.notFound")} body={t("order.notFoundBody")} />;
  else if (!data)
    content = (
      <RetryAlert onRetry={order.refetch} retrying={order.isFetching}>
        {order.error}
      </RetryAlert>
    );
  else content = <OrderDetails token={token} order={data} justPlaced={justPlaced} />;
  return (
    <CheckoutFrame title={t("order.title")} business={business} loading={order.isLoading} storePhone={!!data}>
      {content}
    </CheckoutFrame>
  );
}

function OrderDetails({ token, order, justPlaced }: { token: string; order: TrackedOrder; justPlaced: boolean }) {
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    heading.current?.focus();
  }, []);
  const { province, district, commune } = order.delivery_place;
  const place = [commune, district, province].map((p) => placeName(p, locale)).join(locale === "km" ? " " : ", ");
  return (
    <Card className="checkout-confirmed order-page">
      {justPlaced && (
        <>
          <span className="checkout-confirmed__icon">
            <Icon name="check" size={36} />
          </span>
          <h2 className="checkout-confirmed__title" ref={heading} tabIndex={-1}>
            {t("checkout.confirmed")}
          </h2>
          <p>{t("checkout.thanks")}</p>
          <p>{t("checkout.coordinate")}</p>
        </>
      )}
      <p className={`order-page__status order-page__status--${order.order_status}`}>
        {t(STATUS_KEYS[order.order_status])}
      </p>
      <dl className="checkout-breakdown__list checkout-confirmed__summary">
        <div className="checkout-breakdown__row">
          <dt>{t("checkout.orderNumber")}</dt>
          <dd className="checkout-confirmed__number">{order.order_number}</dd>
        </div>
        <div className="checkout-breakdown__row">
          <dt>{order.product_name}</dt>
          <dd>× {order.quantity}</dd>
        </div>
        <div className="checkout-breakdown__row order-page__place">
          <dt>{t("order.place")}</dt>
          <dd>{place}</dd>
        </div>
        <div className="checkout-breakdown__row checkout-breakdown__row--total">
          <dt>{t("checkout.total")}</dt>
          <dd>{formatMoney(order.total_cents)}</dd>
        </div>
      </dl>
      <OrderActions token={token} order={order} />
      <TelegramUpdates token={token} order={order} />
      <section aria-labelledby="order-history-title">
        <h3 id="order-history-title" className="checkout-breakdown__title">
          {t("order.history")}
        </h3>
        <ol className="order-page__timeline">
          {order.timeline.map((step) => (
            <li key={`${step.order_status}-${step.at}`} className="order-page__step">
              <span>{t(STATUS_KEYS[step.order_status])}</span>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </li>
          ))}
        </ol>
      </section>
      <p className="checkout-breakdown__note">{t("order.saved")}</p>
    </Card>
  );
}

/**
 * Get updates on Telegram while the order can still move: the bot then writes each change to the
 * customer's chat, in this page's language. Once a chat follows it, the page says so.
 */
function TelegramUpdates({ token, order }: { token: string; order: TrackedOrder }) {
  const locale = useLocale();
  const follow = useOrderFollowLink(token);
  if (order.order_status === "delivered" || order.order_status === "cancelled") return null;
  if (order.telegram_updates) return <p className="order-page__telegram">{t("order.telegramOn")}</p>;
  return (
    <div className="order-page__telegram">
      <p>{t("order.telegramAsk")}</p>
      {follow.error && <Alert tone="danger">{failureMessage(follow.error, t("order.telegramFailed"))}</Alert>}
      <Button variant="outline" block loading={follow.isPending} onClick={() => follow.mutate(locale)}>
        {t("order.telegram")}
      </Button>
    </div>
  );
}

/** Confirm while unconfirmed and the shop still has it; cancel, asked twice, while it may. */
function OrderActions({ token, order }: { token: string; order: TrackedOrder }) {
  const confirm = useTrackedOrderAction(token, "confirm");
  const cancel = useTrackedOrderAction(token, "cancel");
  const [asking, setAsking] = useState(false);
  const failed = confirm.error ?? cancel.error;
  return (
    <div className="order-page__actions">
      {order.confirmation === "confirmed_by_customer" && <Alert tone="success">{t("order.confirmedByYou")}</Alert>}
      {order.confirmation === "confirmed_by_phone" && <Alert tone="success">{t("order.confirmedByPhone")}</Alert>}
      {order.order_status === "cancelled" && order.cancellation_reason === "customer_cancelled" && (
        <Alert tone="info">{t("order.cancelledByYou")}</Alert>
      )}
      {failed && <Alert tone="danger">{failureMessage(failed, t("order.actionFailed"))}</Alert>}
      {order.can_confirm && (
        <>
          <p>{t("order.confirmAsk")}</p>
          <Button block size="lg" loading={confirm.isPending} onClick={() => confirm.mutate()}>
            {t("order.confirm")}
          </Button>
        </>
      )}
      {order.can_cancel &&
        (asking ? (
          <div className="order-page__ask" role="group" aria-label={t("order.cancelAsk")}>
            <p>{t("order.cancelAsk")}</p>
            <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t("order.cancelYes")}
            </Button>
            <Button variant="outline" onClick={() => setAsking(false)}>
              {t("order.cancelNo")}
            </Button>
          </div>
        ) : (
          <Button variant="outline" block onClick={() => setAsking(true)}>
            {t("order.cancel")}
          </Button>
        ))}
    </div>
  );
}
