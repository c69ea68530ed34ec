// The one place amounts, percents and dates become text. Money is integer cents (docs/money.md,
// "Units"); dates are shown in Cambodia's time zone, where the marketplace operates.
import { rielFromCents } from "@contract/riel.ts";
import { intlLocale, t } from "./i18n/index.ts";

export const MARKET_TIME_ZONE = "Asia/Phnom_Penh";

function usd(value: number): string {
  return new Intl.NumberFormat(intlLocale(), {
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Integer cents as dollars: 1234 -> "$12.34". */
export function formatMoney(cents: number): string {
  return usd(Math.round(cents) / 100);
}

/** A fraction as a percent with `decimals` decimals: (0.15, 1) -> "15.0%". */
export function formatPercent(fraction: number, decimals = 1): string {
  return new Intl.NumberFormat(intlLocale(), {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(fraction);
}

/** A whole number with grouping: 1000 -> "1,000". */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 0 }).format(value);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date, e.g. "Nov 22, 2026"; empty or invalid -> "N/A". */
export function formatDate(value: string | number | Date | null | undefined, timeZone = MARKET_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return t("common.notAvailable");
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium", timeZone }).format(date);
}

/** A date and time, e.g. "Nov 22, 2026, 3:04 PM"; empty or invalid -> "N/A". */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone = MARKET_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return t("common.notAvailable");
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** The current year in Cambodia, for the footer. */
export function currentYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: MARKET_TIME_ZONE }).format(now);
}

/**
 * Cents as riel at `rielPerUsd`, rounded to 100 riel as prices are quoted in Cambodia, without
 * decimals (Intl would print "41,000.00៛"): (1000, 4100) -> "41,000៛" in Khmer.
 */
export function formatRiel(cents: number, rielPerUsd: number): string {
  const riel = rielFromCents(cents, rielPerUsd);
  return new Intl.NumberFormat(intlLocale(), {
    style: "currency",
    currency: "KHR",
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).format(riel);
}

/**
 * A calendar date (`YYYY-MM-DD`, a day in Cambodia already) as day and month, e.g. "Nov 22", for
 * chart axes. Read as UTC so no time zone moves it to another day.
 */
export function formatDayMonth(calendarDate: string): string {
  const date = toDate(`${calendarDate}T00:00:00Z`);
  if (!date) return t("common.notAvailable");
  return new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(date);
}
