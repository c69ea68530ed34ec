import { describe, expect, it } from "vitest";
import { isRemittanceLate, linesTotal, marketDateTimeInput, receivedAtIso } from "./courier-cash.ts";

const line = (amount: string, order_number = "SL-000123") => ({ order_number, amount });

describe("courier cash", () => {
  it("calls cash late once its oldest delivery is more than 3 days old", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(isRemittanceLate(null, now)).toBe(false);
    expect(isRemittanceLate("2026-11-24T12:00:00Z", now)).toBe(false);
    expect(isRemittanceLate("2026-11-24T11:59:00Z", now)).toBe(true);
  });

  it("writes now as a datetime-local value in Cambodia's time, and reads it back with the +07:00 offset", () => {
    const now = Date.parse("2026-11-27T02:30:45Z");
    expect(marketDateTimeInput(now)).toBe("2026-11-27T09:30");
    expect(receivedAtIso("2026-11-27T09:30")).toBe("2026-11-27T09:30:00.000+07:00");
    expect(receivedAtIso("2026-11-27T23:59:30")).toBe("2026-11-27T23:59:30.000+07:00");
    expect(receivedAtIso("")).toBeNull();
    expect(receivedAtIso("27/11/2026 09:30")).toBeNull();
  });

  it("adds the typed amounts up exactly, skipping empty ones, and gives up on one that is not an amount", () => {
    expect(linesTotal([line("0.10"), line("0.20"), line("$12.5"), line("")])).toBe("12.80");
    expect(linesTotal([line("១២.៥០")])).toBe("12.50");
    expect(linesTotal([line(""), line(" ")])).toBe("");
    expect(linesTotal([line("5."), line("3")])).toBeNull();
    expect(linesTotal([line("1.005")])).toBeNull();
  });
});
