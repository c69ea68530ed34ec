// What the daily chart plots, kept apart from uPlot so it can be tested without a canvas.
import { formatDayMonth } from "@/lib/format-date.ts";

export interface DailyPoint {
  /** A calendar date, YYYY-MM-DD. */
  date: string;
  clicks: number;
  orders: number;
}

/** uPlot's columns: x (the day's index), clicks, orders. */
export function chartColumns(days: readonly DailyPoint[]): [number[], number[], number[]] {
  return [days.map((_, index) => index), days.map((day) => day.clicks), days.map((day) => day.orders)];
}

/**
 * The x axis labels for uPlot's splits: whole indexes only (uPlot may place a split between two
 * days), each as "Nov 22".
 */
export function dayLabels(days: readonly DailyPoint[], splits: readonly number[]): string[] {
  return splits.map((split) => (Number.isInteger(split) && days[split] ? formatDayMonth(days[split].date) : ""));
}

/** The y axis labels: whole numbers only (there is no half click). */
export function countLabels(splits: readonly number[]): string[] {
  return splits.map((split) => (Number.isInteger(split) ? String(split) : ""));
}
