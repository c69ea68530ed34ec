import { describe, expect, it } from "vitest";
import { makeDaily, makeFigures, makeMetrics } from "@/testing/fixtures/attribution.ts";
import { activeSources, dailyTotals } from "./stats-summary.ts";

describe("dailyTotals", () => {
  it("adds up the days and names the first and last", () => {
    expect(
      dailyTotals(
        makeDaily("2026-11-22", [
          [3, 1],
          [0, 0],
          [5, 2],
        ]),
      ),
    ).toEqual({
      clicks: 8,
      orders: 3,
      from: "2026-11-20",
      to: "2026-11-22",
    });
    expect(dailyTotals([])).toEqual({ clicks: 0, orders: 0, from: null, to: null });
  });
});

describe("activeSources", () => {
  it("keeps the sources with a click or an order, in the contract's order", () => {
    const figures = makeFigures(makeMetrics(5, 2), {
      link: makeMetrics(5, 1),
      none: makeMetrics(0, 1),
      qr: makeMetrics(0, 0),
    });
    expect(activeSources(figures.by_source)).toEqual(["link", "none"]);
  });
});
