// The courier cash screen's rules that need no React: when cash held is late, the time a remittance
// was received as typed into a datetime-local input (Cambodia's time, as every date here is shown)
// and as sent, and the typed orders' total that fills in the amount.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { dollarsToCents } from "@contract/money.ts";
import { MARKET_TIME_ZONE } from "@/lib/format.ts";

/** Cash a courier has held longer than this is late: the Couriers tab shows it in the warning tone. */
export const UNREMITTED_WARNING_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the oldest delivery whose cash is not remitted is more than UNREMITTED_WARNING_DAYS old. */
export function isRemittanceLate(oldestUnremittedAt: string | null, now: number): boolean {
  if (!oldestUnremittedAt) return false;
  return now - new Date(oldestUnremittedAt).getTime() > UNREMITTED_WARNING_DAYS * DAY_MS;
}

/** `now` as a datetime-local input's value in Cambodia's time ("2026-11-27T09:30"). */
export function marketDateTimeInput(now: number): string {
  return format(new TZDate(now, MARKET_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

const dateTimeInput = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value, read as Cambodia's time, as the ISO date and time with its offset the
 * server takes ("2026-11-27T09:30" -> "2026-11-27T09:30:00.000+07:00"); null when it is not one.
 */
export function receivedAtIso(value: string): string | null {
  const match = dateTimeInput.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return new TZDate(year, month - 1, day, hours, minutes, seconds, MARKET_TIME_ZONE).toISOString();
}

/** One typed line of the orders a remittance pays: the order number and its amount, as typed. */
export interface TypedLine {
  order_number: string;
  amount: string;
}

/** A typed line with nothing in it: left out of what is sent. */
export const isBlankLine = (line: TypedLine) => line.order_number.trim() === "" && line.amount.trim() === "";

/**
 * The typed lines' amounts added up, exactly, as dollars with two decimals ("17.50"); "" when no
 * line has an amount yet, null while one is not an amount (the server says why on sending).
 */
export function linesTotal(lines: readonly TypedLine[]): string | null {
  let total = 0;
  for (const line of lines) {
    const typed = line.amount.trim().replace(/^\$/, "");
    if (typed === "") continue;
    const cents = dollarsToCents(typed);
    if (cents === null) return null;
    total += cents;
  }
  if (total === 0) return "";
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`;
}
