import { afterEach, describe, expect, it } from "vitest";
import { currentYear, formatCount, formatMoney, formatPercent, formatRiel } from "./format.ts";
import { setLocale } from "./i18n/index.ts";

afterEach(() => setLocale("en"));

describe("formatMoney (integer cents)", () => {
  it.each([
    [1234, "$12.34"],
    [0, "$0.00"],
    [5, "$0.05"],
    [100000, "$1,000.00"],
    [-3060, "-$30.60"],
    [1250, "$12.50"],
    [2000, "$20.00"],
  ])("%i cents -> %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe("formatPercent (fraction)", () => {
  it("uses one decimal by default", () => {
    expect(formatPercent(0.15)).toBe("15.0%");
  });

  it("takes the number of decimals", () => {
    expect(formatPercent(0.15, 2)).toBe("15.00%");
    expect(formatPercent(0.125, 1)).toBe("12.5%");
    expect(formatPercent(1, 0)).toBe("100%");
  });
});

describe("formatCount", () => {
  it("groups thousands", () => {
    expect(formatCount(5000)).toBe("5,000");
  });
});

describe("formatRiel (riel beside dollars)", () => {
  it("rounds to 100 riel and shows no decimals", () => {
    expect(formatRiel(2000, 4100)).toBe("៛82,000");
    expect(formatRiel(1999, 4100)).toBe("៛82,000"); // 81,959
    expect(formatRiel(750, 4100)).toBe("៛30,800"); // 30,750
  });

  it("writes riel the Khmer way in Khmer", async () => {
    await setLocale("km");
    expect(formatRiel(2000, 4100)).toBe("82,000៛");
    expect(formatMoney(1250)).toBe("12.50$");
  });
});

describe("currentYear", () => {
  it("gives the year in Cambodia", () => {
    expect(currentYear(new Date("2026-12-31T18:00:00Z"))).toBe("2027");
  });
});
