import { describe, expect, it } from "vitest";
import { countsFromSummary, newlyDelivered, ORDER_FILTERS } from "./order-filters.ts";

describe("order board filters", () => {
  it("has All, To confirm and one filter per status, in order", () => {
    expect(ORDER_FILTERS).toEqual([
      "all",
      "to_confirm",
      "new_order",
      "ready_for_pickup",
      "out_for_delivery",
      "delivered",
      "cancelled",
    ]);
  });

  it("takes each filter's count from the summary's exact counts (a missing status counts 0)", () => {
    expect(
      countsFromSummary({
        total_orders: 7,
        to_confirm: 2,
        by_status: { new_order: 3, ready_for_pickup: 1, delivered: 2, cancelled: 1 },
      }),
    ).toEqual({
      all: 7,
      to_confirm: 2,
      new_order: 3,
      ready_for_pickup: 1,
      out_for_delivery: 0,
      delivered: 2,
      cancelled: 1,
    });
  });

  it("finds orders seen before that became delivered", () => {
    const before = new Map([
      ["a", "out_for_delivery"],
      ["d", "delivered"],
    ]);
    const after = [
      { id: "a", order_status: "delivered" },
      { id: "d", order_status: "delivered" },
      { id: "n", order_status: "delivered" },
    ];
    expect(newlyDelivered(before, after)).toEqual(["a"]);
    expect(newlyDelivered(new Map(), after)).toEqual([]);
  });
});
