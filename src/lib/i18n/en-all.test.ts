import { describe, expect, it } from "vitest";
import { en as base } from "./en.ts";
import { enOrders } from "./en-orders.ts";
import { enPayouts } from "./en-payouts.ts";
import { enProfile } from "./en-profile.ts";
import { t } from "./index.ts";

describe("the merged English dictionary", () => {
  it("has no id in two files", () => {
    const files = [base, enOrders, enPayouts, enProfile];
    const seen = new Set<string>();
    const repeated = files.flatMap((file) => Object.keys(file).filter((key) => seen.has(key) || !seen.add(key)));
    expect(repeated).toEqual([]);
  });

  it("gives the slice texts through t()", () => {
    expect(t("checkout.confirm", { total: "$41.50" })).toBe("Confirm Order - $41.50");
    expect(t("orders.business.title")).toBe("Orders to Fulfill");
    expect(t("checkout.invalid")).toBe("Invalid Checkout Link");
  });
});
