// The uPlot canvas of DailyChart (loaded lazily with uPlot's CSS). It follows its box's width, so
// it fits a 360 px phone and a desktop column alike. uPlot styles through the CSSOM and its CSS
// file, never inline <style>, which the page's CSP would refuse.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { chartColumns, countLabels, dayLabels } from "./chart-data.ts";
import type { DailyChartProps } from "./daily-chart.tsx";

const HEIGHT = 180;
// The design tokens' primary and a darkened accent (canvas strokes cannot read CSS variables).
const CLICKS_COLOR = "#0b5d52";
const ORDERS_COLOR = "#b7791f";

export default function DailyChartPlot({ days, labels, summary }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(element.clientWidth, 200);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(Math.ceil(max * 1.15), 4)] } },
        axes: [
          { values: (_u, splits) => dayLabels(days, splits), space: 56, incrs: [1, 2, 7, 14], gap: 4 },
          { values: (_u, splits) => countLabels(splits), size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        series: [
          {},
          { label: labels.clicks, stroke: CLICKS_COLOR, width: 2, fill: "rgb(11 93 82 / 10%)" },
          { label: labels.orders, stroke: ORDERS_COLOR, width: 2, points: { show: true, size: 4 } },
        ],
      },
      chartColumns(days),
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, labels.clicks, labels.orders]);

  return <div ref={box} className="daily-chart__plot" role="img" aria-label={summary} />;
}
