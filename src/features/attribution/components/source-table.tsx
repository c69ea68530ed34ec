// The figures split by where the click came from (QR code, DM, comment, plain link, or an order
// without a click): only the sources with activity, as a small table that fits a 360 px phone.
import type { AttributionMetrics, StatSource } from "@contract/attribution.ts";
import { formatCount, formatMoney } from "@/lib/format.ts";
import { t } from "@/features/attribution/i18n.ts";
import { activeSources } from "@/features/attribution/utils/stats-summary.ts";

interface SourceTableProps {
  bySource: Partial<Record<StatSource, AttributionMetrics>>;
  /** The table's caption, e.g. "By source". */
  caption: string;
}

export function SourceTable({ bySource, caption }: SourceTableProps) {
  const sources = activeSources(bySource);
  if (sources.length === 0) return <p className="muted-note stats-none">{t("stats.noActivity")}</p>;
  return (
    <table className="stats-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("stats.source")}</th>
          <th scope="col">{t("stats.metric.clicks")}</th>
          <th scope="col">{t("stats.metric.orders")}</th>
          <th scope="col">{t("stats.metric.commission")}</th>
        </tr>
      </thead>
      <tbody>
        {sources.map((source) => {
          const figures = bySource[source]!;
          return (
            <tr key={source}>
              <th scope="row">{t(`stats.source.${source}`)}</th>
              <td>{formatCount(figures.clicks)}</td>
              <td>{formatCount(figures.orders)}</td>
              <td>{formatMoney(figures.commission_cents)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
