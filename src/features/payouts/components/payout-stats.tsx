// The balances of a business or an influencer (docs/product.md, "Payout cards"; docs/money.md,
// "Figures a user sees").
// A negative available amount is owed: it is shown as such and nets off against later earnings.
import type { PayoutSummary, PayoutUserType } from "@contract/payouts.ts";
import { PLATFORM_FEE_RATE } from "@/config/app.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { t } from "@/features/payouts/i18n.ts";

interface PayoutStatsProps {
  summary: PayoutSummary;
  userType: PayoutUserType;
}

export function PayoutStats({ summary, userType }: PayoutStatsProps) {
  const available = summary.available_for_payout_cents;
  const owed = available < 0;
  const stats: { id: string; label: string; cents: number; highlight?: "primary" | "owed" }[] = [
    owed
      ? { id: "owed", label: t("payouts.stats.owed"), cents: -available, highlight: "owed" }
      : { id: "available", label: t("payouts.stats.available"), cents: available, highlight: "primary" },
    // Delivered but inside the holding period (docs/money.md): shown so the money is not "missing".
    { id: "pending", label: t("payouts.stats.pending"), cents: summary.pending_balance_cents },
    // Earnings of orders whose cash the courier still holds: shown only while there are some.
    ...(summary.awaiting_cash_balance_cents !== 0
      ? [{ id: "cash", label: t("payouts.stats.awaitingCash"), cents: summary.awaiting_cash_balance_cents }]
      : []),
    // Commissions of orders an admin is reviewing: shown only while there are some, without the rule.
    ...(summary.held_for_review_balance_cents !== 0
      ? [{ id: "review", label: t("payouts.stats.heldForReview"), cents: summary.held_for_review_balance_cents }]
      : []),
    { id: "earned", label: t(`payouts.stats.earned.${userType}`), cents: summary.earned_balance_cents },
    { id: "requested", label: t("payouts.stats.requested"), cents: summary.requested_balance_cents },
    { id: "completed", label: t("payouts.stats.completed"), cents: summary.total_completed_cents },
  ];
  // A business's summary carries its gross, fees and commissions; an influencer's does not.
  if (userType === "business" && "total_earnings_cents" in summary) {
    stats.push(
      { id: "gross", label: t("payouts.stats.totalEarnings"), cents: summary.total_earnings_cents },
      {
        id: "fees",
        label: t("payouts.stats.platformFees", { rate: formatPercent(PLATFORM_FEE_RATE, 0) }),
        cents: summary.total_platform_fees_cents,
      },
      { id: "commissions", label: t("payouts.stats.commissions"), cents: summary.total_influencer_commissions_cents },
    );
  }
  return (
    <dl className="payout-stats" aria-label={t("payouts.stats.label")}>
      {stats.map((stat) => (
        <div
          key={stat.id}
          className={`payout-stat payout-stat--${stat.id}${stat.highlight ? ` payout-stat--${stat.highlight}` : ""}`}
        >
          <dt className="payout-stat__label">{stat.label}</dt>
          <dd className="payout-stat__value">{formatMoney(stat.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
