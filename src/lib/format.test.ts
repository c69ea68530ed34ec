import { afterEach, describe, expect, it } from "vitest";
import { currentYear, formatCount, formatMoney, formatPercent, formatRiel } from "./format.ts";
import { formatDate, formatDateTime, formatDayMonth } from "./format-date.ts";
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

describe("dates (Cambodia time)", () => {
  it("formats a date in Asia/Phnom_Penh", () => {
    // 20:30 UTC on Nov 22 is already Nov 23 in Phnom Penh (UTC+7).
    expect(formatDate("2026-11-22T20:30:00Z")).toBe("Nov 23, 2026");
  });

  it("formats a date and time", () => {
    expect(formatDateTime("2026-11-22T08:05:00Z")).toBe("Nov 22, 2026, 3:05 PM");
  });

  it("shows N/A for a missing or invalid date", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("")).toBe("N/A");
    expect(formatDateTime("not a date")).toBe("N/A");
  });

  it("writes a calendar date as day and month, whatever the time zone", () => {
    expect(formatDayMonth("2026-11-01")).toBe("Nov 1");
    expect(formatDayMonth("not a date")).toBe("N/A");
  });

  it("gives the year in Cambodia", () => {
    expect(currentYear(new Date("2026-12-31T18:00:00Z"))).toBe("2027");
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

describe("Khmer dates", () => {
  // Written by date-fns's Khmer locale: the same on every phone, whatever its ICU data holds
  // (Chromium's has no Khmer month names and showed "2026 M11 25 10:03 PM").
  it("writes Khmer month names and Khmer morning and evening", async () => {
    await setLocale("km");
    expect(formatDate("2026-11-22T08:00:00Z")).toBe("22 វិច្ឆិកា 2026");
    expect(formatDateTime("2026-11-25T15:03:00Z")).toBe("25 វិច្ឆិកា 2026, 10:03 ល្ងាច");
    expect(formatDateTime("2026-01-05T01:30:00Z")).toBe("5 មករា 2026, 8:30 ព្រឹក");
    expect(formatDayMonth("2026-10-27")).toBe("27 តុលា");
  });
});
