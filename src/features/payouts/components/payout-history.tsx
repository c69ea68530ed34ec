// A user's payout history (completed requests only; docs/product.md, "Payout cards"), each with the
// completed date, amount, ABA reference, how many ledger transactions it covered and the products
// sold.
import type { PayoutItem } from "@contract/payouts.ts";
import { Badge } from "@/components/ui/index.ts";
import { formatCount, formatDateTime, formatMoney } from "@/lib/format.ts";
import { t } from "@/features/payouts/i18n.ts";

export function PayoutHistoryList({ items }: { items: readonly PayoutItem[] }) {
  return (
    <ul className="payout-list" aria-label={t("payouts.history.list")}>
      {items.map((item) => {
        const amount = formatMoney(item.total_amount_cents);
        const reference = item.aba_reference ?? t("common.notAvailable");
        return (
          <li
            key={item.payout_request_id}
            className="payout-row"
            aria-label={t("payouts.history.itemLabel", { amount, reference })}
          >
            <div className="payout-row__head">
              <strong className="payout-row__amount">{amount}</strong>
              <Badge tone="success">{t("payouts.history.completedAt")}</Badge>
            </div>
            <dl className="details">
              <div className="details__row">
                <dt>{t("payouts.history.completedAt")}</dt>
                <dd>
                  {item.completed_at ? (
                    <time dateTime={item.completed_at}>{formatDateTime(item.completed_at)}</time>
                  ) : (
                    t("common.notAvailable")
                  )}
                </dd>
              </div>
              <div className="details__row">
                <dt>{t("payouts.history.reference")}</dt>
                <dd className="payout-reference break-anywhere">{reference}</dd>
              </div>
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
