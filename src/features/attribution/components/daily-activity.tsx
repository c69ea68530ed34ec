// Clicks and orders per day for the last 30 days: the chart (loaded lazily), and the same
// figures as a table behind a disclosure for anyone who cannot see the chart.
import type { DailyFigures } from "@contract/attribution.ts";
import { DailyChart } from "@/components/charts/daily-chart.tsx";
import { formatCount } from "@/lib/format.ts";
import { formatDayMonth } from "@/lib/format-date.ts";
import { t } from "@/features/attribution/i18n.ts";
import { dailyTotals } from "@/features/attribution/utils/stats-summary.ts";

export function DailyActivity({ daily }: { daily: readonly DailyFigures[] }) {
  const totals = dailyTotals(daily);
  const summary = t("stats.chart.summary", {
    clicks: formatCount(totals.clicks),
    orders: formatCount(totals.orders),
    from: totals.from ? formatDayMonth(totals.from) : "",
    to: totals.to ? formatDayMonth(totals.to) : "",
  });
  return (
    <section className="stats-daily" aria-label={t("stats.chart.title")}>
      <h3 className="stats-subtitle">{t("stats.chart.title")}</h3>
      <p className="stats-daily__summary">{summary}</p>
      {daily.length > 0 && (
        <>
          <DailyChart
            days={daily}
            labels={{ clicks: t("stats.metric.clicks"), orders: t("stats.metric.orders") }}
            summary={summary}
          />
          <details className="stats-details">
            <summary>{t("stats.chart.table")}</summary>
            <table className="stats-table">
              <caption className="visually-hidden">{t("stats.chart.table")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("stats.day")}</th>
                  <th scope="col">{t("stats.metric.clicks")}</th>
                  <th scope="col">{t("stats.metric.orders")}</th>
                </tr>
              </thead>
              <tbody>
                {[...daily].reverse().map((day) => (
                  <tr key={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{formatDayMonth(day.date)}</time>
                    </th>
                    <td>{formatCount(day.clicks)}</td>
                    <td>{formatCount(day.orders)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
