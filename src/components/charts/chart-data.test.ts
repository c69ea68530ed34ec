import { describe, expect, it } from "vitest";
import { chartColumns, countLabels, dayLabels } from "./chart-data.ts";

const days = [
  { date: "2026-11-20", clicks: 3, orders: 0 },
  { date: "2026-11-21", clicks: 7, orders: 1 },
  { date: "2026-11-22", clicks: 2, orders: 2 },
];

describe("the daily chart's data", () => {
  it("plots each day at its index", () => {
    expect(chartColumns(days)).toEqual([
      [0, 1, 2],
      [3, 7, 2],
      [0, 1, 2],
    ]);
  });

  it("labels whole days only, as day and month", () => {
    expect(dayLabels(days, [0, 0.5, 2, 3])).toEqual(["Nov 20", "", "Nov 22", ""]);
  });

  it("labels whole counts only", () => {
    expect(countLabels([0, 0.5, 1, 2])).toEqual(["0", "", "1", "2"]);
  });
});
