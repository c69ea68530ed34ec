// The six figures of a link, a campaign or the platform, as a definition list (text, so screen
// readers and small phones get every number the chart shows).
import type { AttributionMetrics } from "@contract/attribution.ts";
import { formatCount, formatMoney, formatPercent } from "@/lib/format.ts";
import { cx } from "@/lib/class-names.ts";
import { t } from "@/features/attribution/i18n.ts";

export function MetricsGrid({ figures, compact = false }: { figures: AttributionMetrics; compact?: boolean }) {
  const items = [
    { id: "clicks", label: t("stats.metric.clicks"), value: formatCount(figures.clicks) },
    { id: "orders", label: t("stats.metric.orders"), value: formatCount(figures.orders) },
    { id: "delivered", label: t("stats.metric.delivered"), value: formatCount(figures.delivered_orders) },
    { id: "conversion", label: t("stats.metric.conversion"), value: formatPercent(figures.conversion_rate) },
    { id: "epc", label: t("stats.metric.epc"), value: formatMoney(figures.epc_cents) },
    { id: "commission", label: t("stats.metric.commission"), value: formatMoney(figures.commission_cents) },
  ];
  return (
    <dl className={cx("stats-grid", compact && "stats-grid--compact")}>
      {items.map((item) => (
        <div key={item.id} className={`stats-grid__item stats-grid__item--${item.id}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
