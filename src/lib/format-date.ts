// The one place dates become text, shown in Cambodia's time zone, where the marketplace operates.
// They are written by date-fns with its own Khmer locale, not by the browser's ICU: Chromium's and
// many phones' ICU data has no Khmer month names or day periods, and showed "2026 M11 25 10:03 PM".
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { km } from "date-fns/locale/km";
import { MARKET_TIME_ZONE } from "./format.ts";
import { getLocale, t } from "./i18n/index.ts";

const dateLocales = { en: enUS, km };

/** `date` as seen in `timeZone`, written by `pattern` (date-fns) in the language shown. */
function formatIn(date: Date, timeZone: string, pattern: string): string {
  return format(new TZDate(date, timeZone), pattern, { locale: dateLocales[getLocale()] });
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date, e.g. "Nov 22, 2026" ("22 វិច្ឆិកា 2026"); empty or invalid -> "N/A". */
export function formatDate(value: string | number | Date | null | undefined, timeZone = MARKET_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return t("common.notAvailable");
  return formatIn(date, timeZone, "PP");
}

/** A date and time, e.g. "Nov 22, 2026, 3:04 PM" ("22 វិច្ឆិកា 2026, 3:04 ល្ងាច"); empty or invalid -> "N/A". */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone = MARKET_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return t("common.notAvailable");
  return formatIn(date, timeZone, "PP, p");
}

/**
 * A calendar date (`YYYY-MM-DD`, a day in Cambodia already) as day and month, e.g. "Nov 22"
 * ("22 វិច្ឆិកា", day first as Khmer writes it), for chart axes. Read as UTC so no time zone moves
 * it to another day.
 */
export function formatDayMonth(calendarDate: string): string {
  const date = toDate(`${calendarDate}T00:00:00Z`);
  if (!date) return t("common.notAvailable");
  return formatIn(date, "UTC", getLocale() === "km" ? "d MMM" : "MMM d");
}
