// A user's past payouts (docs/product.md, "Payout cards"): each completed one with its date, amount,
// ABA reference (and any correction of it, with the admin's reason), how many ledger transactions
// it covered and the products sold; a cancelled one with when; a rejected one with the admin's
// reason. Cancelled and rejected amounts went back to the balance.
import type { PayoutItem } from "@contract/payouts.ts";
import { Badge, type BadgeTone } from "@/components/ui/index.ts";
import { formatCount, formatMoney } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/payouts/i18n.ts";
import { endedAt } from "@/features/payouts/utils/payouts.ts";

type EndedStatus = Exclude<PayoutItem["status"], "pending">;

const tone: Record<EndedStatus, BadgeTone> = { completed: "success", cancelled: "neutral", rejected: "danger" };

export function PayoutHistoryList({ items }: { items: readonly PayoutItem[] }) {
  return (
    <ul className="payout-list" aria-label={t("payouts.history.list")}>
      {items.map((item) => {
        const status = item.status as EndedStatus;
        const amount = formatMoney(item.total_amount_cents);
        const reference = item.aba_reference ?? t("common.notAvailable");
        const at = endedAt(item);
        return (
          <li
            key={item.payout_request_id}
            className={`payout-row payout-row--${status}`}
            aria-label={
              status === "completed"
                ? t("payouts.history.itemLabel", { amount, reference })
                : t(`payouts.history.itemLabel.${status}`, { amount })
            }
          >
            <div className="payout-row__head">
              <strong className="payout-row__amount">{amount}</strong>
              <Badge tone={tone[status]}>{t(`payouts.history.status.${status}`)}</Badge>
            </div>
            <dl className="details">
              <div className="details__row">
                <dt>{t(`payouts.history.status.${status}`)}</dt>
                <dd>
                  <time dateTime={at}>{formatDateTime(at)}</time>
                </dd>
              </div>
              {item.rejection_reason && (
                <div className="details__row">
                  <dt>{t("payouts.history.rejectionReason")}</dt>
                  <dd className="break-anywhere">{item.rejection_reason}</dd>
                </div>
              )}
              {status === "completed" && (
                <div className="details__row">
                  <dt>{t("payouts.history.reference")}</dt>
                  <dd className="payout-reference break-anywhere">{reference}</dd>
                </div>
              )}
              {item.reference_corrections.map((correction) => (
                <div className="details__row" key={correction.corrected_at}>
                  <dt>{t("payouts.history.corrected")}</dt>
                  <dd className="break-anywhere">
                    {t("payouts.history.correctedFrom", {
                      previous: correction.previous_reference,
                      reason: correction.reason,
                    })}
                  </dd>
                </div>
              ))}
              <div className="details__row">
                <dt>{t("payouts.history.transactions")}</dt>
                <dd>{formatCount(item.transaction_count)}</dd>
              </div>
              <div className="details__row">
                <dt>{t("payouts.history.products")}</dt>
                <dd className="break-anywhere">
                  {item.product_names.length > 0 ? item.product_names.join(", ") : t("common.notAvailable")}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
