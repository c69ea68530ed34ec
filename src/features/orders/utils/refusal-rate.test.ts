import { describe, expect, it } from "vitest";
import { refusalRateOf } from "./refusal-rate.ts";

const delivered = { order_status: "delivered", cancellation_reason: null } as const;
const onTheWay = { order_status: "out_for_delivery", cancellation_reason: null } as const;
const cancelled = (reason: "customer_refused" | "customer_unreachable" | "out_of_stock") =>
  ({ order_status: "cancelled", cancellation_reason: reason }) as const;

describe("refusal rate", () => {
  it("is unknown until an order has finished", () => {
    expect(refusalRateOf([])).toBeNull();
    expect(refusalRateOf([onTheWay])).toBeNull();
  });

  it("counts refused and unreachable over delivered plus cancelled, ignoring orders on their way", () => {
    const orders = [
      delivered,
      delivered,
      cancelled("customer_refused"),
      cancelled("customer_unreachable"),
      cancelled("out_of_stock"),
      onTheWay,
    ];
    expect(refusalRateOf(orders)).toBe(2 / 5);
  });

  it("does not count a shop's own cancellations as refusals", () => {
    expect(refusalRateOf([delivered, cancelled("out_of_stock")])).toBe(0);
  });
});
