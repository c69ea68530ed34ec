// The one place amounts and percents become text (dates: format-date.ts, kept apart so the
// checkout, which shows none, does not load a date library). Money is integer cents
// (docs/money.md, "Units").
import { rielFromCents } from "@contract/riel.ts";
import { intlLocale } from "./i18n/index.ts";

/** Cambodia's time zone, where the marketplace operates: dates are shown in it. */
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

/** The current year in Cambodia, for the footer. */
export function currentYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: MARKET_TIME_ZONE }).format(now);
}
