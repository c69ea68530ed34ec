import { describe, expect, it } from "vitest";
import { countByFilter, filterOrders, newlyDelivered, ORDER_FILTERS } from "./order-filters.ts";

const orders = [
  { id: "a", order_status: "new_order" },
  { id: "b", order_status: "new_order" },
  { id: "c", order_status: "ready_for_pickup" },
  { id: "d", order_status: "delivered" },
  { id: "e", order_status: "mystery" },
  { id: "f", order_status: "cancelled" },
];

describe("order board filters", () => {
  it("has All and one filter per status, in order", () => {
    expect(ORDER_FILTERS).toEqual([
      "all",
      "new_order",
      "ready_for_pickup",
      "out_for_delivery",
      "delivered",
      "cancelled",
    ]);
  });

  it("counts each filter (an unknown status counts as a new order)", () => {
    expect(countByFilter(orders)).toEqual({
      all: 6,
      new_order: 3,
      ready_for_pickup: 1,
      out_for_delivery: 0,
      delivered: 1,
      cancelled: 1,
    });
    expect(countByFilter([])).toEqual({
      all: 0,
      new_order: 0,
      ready_for_pickup: 0,
      out_for_delivery: 0,
      delivered: 0,
      cancelled: 0,
    });
  });

  it("filters in the given order", () => {
    expect(filterOrders(orders, "all").map((o) => o.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(filterOrders(orders, "cancelled").map((o) => o.id)).toEqual(["f"]);
    expect(filterOrders(orders, "new_order").map((o) => o.id)).toEqual(["a", "b", "e"]);
    expect(filterOrders(orders, "out_for_delivery")).toEqual([]);
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
