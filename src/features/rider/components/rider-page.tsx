// The rider's page (docs/product.md, "The rider's page"), APP_URL/rider/<token>: the orders the
// office gave the link's courier and not yet finished, those on the road first, each with what a
// rider needs at the door (who, the phone to call, the address and landmark, the amount to collect)
// and its next steps. A step shows at once and waits on the phone until the server has it
// (rider-steps.ts), so a rider who loses signal between taps keeps working.
import { useState } from "react";
import type { RiderOrder, RiderStep } from "@contract/rider.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Icon } from "@/components/ui/icon.tsx";
import { PageFrame } from "@/components/ui/page-frame.tsx";
import { RetryAlert } from "@/components/ui/retry-alert.tsx";
import { formatMoney } from "@/lib/format.ts";
import { useLocale, type Locale } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/rider/i18n.ts";
import { useRiderPage } from "@/features/rider/api/rider-page.ts";
import { useRiderSteps, type StepRefusal } from "@/features/rider/api/rider-steps.ts";
import type { PendingStep } from "@/features/rider/utils/pending-steps.ts";
import "./rider.css";

/** The statuses the page lists: an order not yet finished. */
type OpenStatus = Extract<RiderOrder["order_status"], "new_order" | "ready_for_pickup" | "out_for_delivery">;
/** The steps that finish an order on the rider's side. */
type FinalStep = Exclude<RiderStep, "picked_up">;

/** Where the order stands on this phone: the server's status with the steps still waiting applied. */
function shownStatus(order: RiderOrder, pending: PendingStep[]): OpenStatus | FinalStep {
  let status: OpenStatus | FinalStep = order.order_status as OpenStatus;
  for (const step of pending)
    if (step.order_id === order.id) status = step.step === "picked_up" ? "out_for_delivery" : step.step;
  return status;
}

const placeName = (place: { name_en: string; name_km: string }, locale: Locale) =>
  locale === "km" ? place.name_km : place.name_en;

export function RiderPage({ token }: { token: string }) {
  const query = useRiderPage(token);
  const page = screenState(query, t("rider.loadFailed"));
  const steps = useRiderSteps(token);
  const data = page.data;
  let content;
  if (page.isLoading) content = <p className="rider__loading">{t("common.loading")}</p>;
  else if (!page.canRetry)
    content = (
      <Alert tone="warning" title={t("rider.deadLink")}>
        {t("rider.deadLinkBody")}
      </Alert>
    );
  else if (!data)
    content = (
      <RetryAlert onRetry={page.refetch} retrying={page.isFetching}>
        {page.error}
      </RetryAlert>
    );
  else
    content = (
      <>
        <h1 className="rider__title">{t("rider.courier", { name: data.courier.name })}</h1>
        {steps.waiting && steps.pending.length > 0 && (
          <Alert tone="warning">{t("rider.waiting", { count: steps.pending.length })}</Alert>
        )}
        {data.orders.length === 0 ? (
          <div className="rider__empty">
            <Icon name="check" size={32} />
            <p className="rider__empty-title">{t("rider.empty")}</p>
            <p>{t("rider.emptyBody")}</p>
          </div>
        ) : (
          <ul className="rider__orders" aria-label={t("rider.title")}>
            {data.orders.map((order) => (
              <RiderOrderCard
                key={order.id}
                order={order}
                status={shownStatus(order, steps.pending)}
                refusal={steps.refusals.find((r) => r.order_id === order.id)}
                onStep={(step) =>
                  steps.mark({
                    order_id: order.id,
                    order_number: order.order_number,
                    step,
                    ...(step === "delivered"
                      ? { cash_collected: (order.amount_to_collect_cents / 100).toFixed(2) }
                      : {}),
                  })
                }
              />
            ))}
          </ul>
        )}
        {data.more && <p className="muted-note">{t("rider.more", { count: data.orders.length })}</p>}
        {steps.done.length > 0 && (
          <section className="rider__done" aria-label={t("rider.done")}>
            <h2>{t("rider.done")}</h2>
            <ul>
              {steps.done.map((done) => (
                <li key={done.step_id}>{t(`rider.doneAs.${done.step}`, { order: done.order_number })}</li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  return (
    <PageFrame
      className="rider"
      brand={
        <>
          <Icon name="cash" size={22} /> {t("rider.brand")} · {t("rider.title")}
        </>
      }
    >
      {content}
    </PageFrame>
  );
}

interface CardProps {
  order: RiderOrder;
  status: OpenStatus | FinalStep;
  refusal: StepRefusal | undefined;
  onStep: (step: RiderStep) => void;
}

function RiderOrderCard({ order, status, refusal, onStep }: CardProps) {
  const locale = useLocale();
  const [confirming, setConfirming] = useState<FinalStep | null>(null);
  const amount = formatMoney(order.amount_to_collect_cents);
  const { province, district, commune } = order.delivery_place;
  const place = [commune, district, province].map((p) => placeName(p, locale)).join(locale === "km" ? " " : ", ");
  const finished = status === "delivered" || status === "refused" || status === "unreachable";
  const sending = status !== order.order_status;
  return (
    <li className="card rider-order">
      <div className="rider-order__head">
        <span className="rider-order__number">{order.order_number}</span>
        {!finished && (
          <Badge tone={status === "out_for_delivery" ? "info" : "neutral"}>{t(`rider.status.${status}`)}</Badge>
        )}
      </div>
      <p className="rider-order__collect">
        <span>{t("rider.collect")}</span>
        <strong>{amount}</strong>
        <small>{t("rider.collectHint")}</small>
      </p>
      <p className="rider-order__product">
        {t("rider.quantity", { product: order.product_name, quantity: order.quantity })}
      </p>
      <dl className="rider-order__facts">
        {order.recipient_name && (
          <>
            <dt>{t("rider.recipient")}</dt>
            <dd>{order.recipient_name}</dd>
          </>
        )}
        <dt>{t("rider.address")}</dt>
        <dd>
          {order.address_line && <span className="rider-order__line">{order.address_line}</span>}
          <span>{place}</span>
        </dd>
        {order.landmark && (
          <>
            <dt>{t("rider.landmark")}</dt>
            <dd>{order.landmark}</dd>
          </>
        )}
        {order.delivery_note && (
          <>
            <dt>{t("rider.note")}</dt>
            <dd>{order.delivery_note}</dd>
          </>
        )}
      </dl>
      <a className="btn btn--outline btn--md btn--block rider-order__call" href={`tel:${order.customer_phone}`}>
        <Icon name="phone" size={18} /> {t("rider.call", { phone: order.customer_phone_local })}
      </a>
      {status !== "out_for_delivery" && !finished && order.shop.business_name && (
        <p className="rider-order__shop">
          {t("rider.pickupAt", { shop: order.shop.business_name })}
          {order.shop.store_phone && (
            <>
              {" · "}
              <a href={`tel:${order.shop.store_phone}`}>{t("rider.callShop")}</a>
            </>
          )}
        </p>
      )}
      {refusal && <Alert tone="danger">{refusal.message}</Alert>}
      {finished ? (
        <p className="rider-order__sending" role="status">
          {t(`rider.markedAs.${status}`, { order: order.order_number })}
        </p>
      ) : confirming ? (
        <div className="rider-order__confirm" role="group" aria-label={t(`rider.step.${confirming}`)}>
          <p>
            {confirming === "delivered" ? t("rider.confirm.delivered", { amount }) : t(`rider.confirm.${confirming}`)}
          </p>
          <div className="rider-order__actions">
            <Button
              variant={confirming === "delivered" ? "success" : "danger"}
              onClick={() => {
                setConfirming(null);
                onStep(confirming);
              }}
            >
              {confirming === "delivered" ? t("rider.confirm.deliveredYes", { amount }) : t("rider.confirm.yes")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t("rider.confirm.back")}
            </Button>
          </div>
        </div>
      ) : status === "out_for_delivery" ? (
        <div className="rider-order__actions">
          <Button variant="success" size="lg" onClick={() => setConfirming("delivered")}>
            {t("rider.step.delivered")}
          </Button>
          <Button variant="outline" onClick={() => setConfirming("refused")}>
            {t("rider.step.refused")}
          </Button>
          <Button variant="outline" onClick={() => setConfirming("unreachable")}>
            {t("rider.step.unreachable")}
          </Button>
        </div>
      ) : (
        <div className="rider-order__actions">
          <Button size="lg" onClick={() => onStep("picked_up")}>
            {t("rider.step.picked_up")}
          </Button>
        </div>
      )}
      {sending && !finished && (
        <p className="rider-order__sending" role="status">
          {t("rider.sending")}
        </p>
      )}
    </li>
  );
}
