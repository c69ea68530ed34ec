// Pure helpers over the stats answers: the chart's sentence and which sources to list.
import { STAT_SOURCES, type AttributionMetrics, type DailyFigures, type StatSource } from "@contract/attribution.ts";

export interface DailyTotals {
  clicks: number;
  orders: number;
  /** The first and last day shown, or null without days. */
  from: string | null;
  to: string | null;
}

/** The clicks and orders of all the days the chart shows. */
export function dailyTotals(daily: readonly DailyFigures[]): DailyTotals {
  return {
    clicks: daily.reduce((sum, day) => sum + day.clicks, 0),
    orders: daily.reduce((sum, day) => sum + day.orders, 0),
    from: daily[0]?.date ?? null,
    to: daily.at(-1)?.date ?? null,
  };
}

/** The sources with any click or order, in STAT_SOURCES order (a compact split: no rows of zeros). */
export function activeSources(bySource: Partial<Record<StatSource, AttributionMetrics>>): StatSource[] {
  return STAT_SOURCES.filter((source) => {
    const figures = bySource[source];
    return figures !== undefined && (figures.clicks > 0 || figures.orders > 0);
  });
}
