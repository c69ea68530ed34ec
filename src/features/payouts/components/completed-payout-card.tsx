// One completed payout on the admin tab (the admin dashboard of docs/product.md, "Screens"): email,
// user ID, type, amount, completed date and the ABA reference of the transfer.
import type { PayoutItem } from "@contract/payouts.ts";
import { formatDateTime, formatMoney } from "@/lib/format.ts";
import { t } from "@/features/payouts/i18n.ts";
import { UserTypeBadge } from "./user-type-badge.tsx";

export function CompletedPayoutCard({ payout }: { payout: PayoutItem }) {
  const completedAt = payout.completed_at;
  return (
    <li
      className={`card card--status payout-card payout-card--completed payout-card--${payout.user_type}`}
      aria-label={payout.email}
    >
      <div className="payout-card__head">
        {/* A shop by its name, its email beneath. */}
        <h3 className="payout-card__email break-anywhere">
          {payout.business_name ?? payout.email}
          {payout.business_name && <span className="secondary-email">{payout.email}</span>}
        </h3>
        <UserTypeBadge type={payout.user_type} />
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>{t("payouts.admin.userId")}</dt>
          <dd>
            <code className="payout-card__id break-anywhere">{payout.user_id}</code>
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.amount")}</dt>
          <dd>
            <strong>{formatMoney(payout.total_amount_cents)}</strong>
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.completedAt")}</dt>
          <dd>
            {completedAt ? <time dateTime={completedAt}>{formatDateTime(completedAt)}</time> : t("common.notAvailable")}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.reference")}</dt>
          <dd className="payout-reference break-anywhere">{payout.aba_reference ?? t("common.notAvailable")}</dd>
        </div>
      </dl>
    </li>
  );
}
