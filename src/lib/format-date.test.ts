import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonth } from "./format-date.ts";
import { setLocale } from "./i18n/index.ts";

afterEach(() => setLocale("en"));

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
