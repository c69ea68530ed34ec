// A small chart of clicks and orders per day. uPlot and its CSS load only when a dashboard shows
// one (React.lazy), never with the public pages or the checkout. The canvas is a picture with a
// summary as its label; callers show the same figures as text too.
import { lazy, Suspense } from "react";
import type { DailyPoint } from "./chart-data.ts";
import "./daily-chart.css";

const DailyChartPlot = lazy(() => import("./daily-chart-plot.tsx"));

export interface DailyChartProps {
  days: readonly DailyPoint[];
  /** The two series' names, shown in the legend. */
  labels: { clicks: string; orders: string };
  /** What the chart shows, in one sentence: the canvas's accessible name. */
  summary: string;
}

export function DailyChart(props: DailyChartProps) {
  return (
    <figure className="daily-chart">
      {/* The placeholder keeps the chart's height, so nothing jumps when uPlot arrives. */}
      <Suspense fallback={<div className="daily-chart__plot" role="img" aria-label={props.summary} />}>
        <DailyChartPlot {...props} />
      </Suspense>
      <figcaption className="daily-chart__legend" aria-hidden="true">
        <span className="daily-chart__key daily-chart__key--clicks">{props.labels.clicks}</span>
        <span className="daily-chart__key daily-chart__key--orders">{props.labels.orders}</span>
      </figcaption>
    </figure>
  );
}
