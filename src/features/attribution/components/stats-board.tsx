// One attribution card: the totals with their split by source, the daily chart, and (for links
// and campaigns) each item's own figures. The three dashboards' cards differ only in their texts
// and items, so they share this.
import type { ReactNode } from "react";
import type { AttributionMetrics, DailyFigures, StatSource } from "@contract/attribution.ts";
import type { ScreenState } from "@/lib/screen-state.ts";
import { Alert, Card, EmptyState, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { t } from "@/features/attribution/i18n.ts";
import { DailyActivity } from "./daily-activity.tsx";
import { MetricsGrid } from "./metrics-grid.tsx";
import { SourceTable } from "./source-table.tsx";
import "./attribution.css";

type Figures = AttributionMetrics & { by_source: Partial<Record<StatSource, AttributionMetrics>> };

export interface StatsItem {
  id: string;
  name: string;
  figures: Figures;
  /** A line under the name, e.g. the link's short URL. */
  detail?: ReactNode;
}

interface StatsBoardProps {
  title: string;
  state: ScreenState<{ totals: Figures; daily: DailyFigures[] }>;
  /** Each link or campaign; undefined for the platform, which has totals only. */
  items?: StatsItem[];
  /** The heading of the totals, e.g. "All links". */
  totalsTitle: string;
  itemsTitle?: string;
  emptyText?: string;
  /** The live indicator, when the figures follow realtime changes. */
  live?: ReactNode;
}

export function StatsBoard({ title, state, items, totalsTitle, itemsTitle, emptyText, live }: StatsBoardProps) {
  const data = state.data;
  return (
    <Card title={title} actions={live} className="stats-board">
      {state.error &&
        (state.canRetry ? (
          <RetryAlert onRetry={state.refetch} retrying={state.isFetching}>
            {state.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{state.error}</Alert>
        ))}
      {state.isLoading ? (
        <LoadingState />
      ) : (
        data && (
          <div className="stats-board__body">
            <section className="stats-section" aria-label={totalsTitle}>
              <h3 className="stats-subtitle">{totalsTitle}</h3>
              <MetricsGrid figures={data.totals} />
              <SourceTable bySource={data.totals.by_source} caption={t("stats.bySource")} />
              <p className="muted-note stats-note">{t("stats.commissionNote")}</p>
            </section>
            <DailyActivity daily={data.daily} />
            {items && (
              <section className="stats-section" aria-label={itemsTitle}>
                {itemsTitle && <h3 className="stats-subtitle">{itemsTitle}</h3>}
                {items.length === 0 ? (
                  <EmptyState icon="link" title={emptyText} />
                ) : (
                  <ul className="stats-items">
                    {items.map((item) => (
                      // Not labelled by the name: the link cards' list items already are.
                      <li key={item.id} className="stats-item">
                        <h4 className="stats-item__name break-anywhere">{item.name}</h4>
                        {item.detail}
                        <MetricsGrid figures={item.figures} compact />
                        <details className="stats-details">
                          <summary>{t("stats.bySource")}</summary>
                          <SourceTable bySource={item.figures.by_source} caption={t("stats.bySource")} />
                        </details>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </div>
        )
      )}
    </Card>
  );
}
