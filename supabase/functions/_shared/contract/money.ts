// Exact parsing of prices and commission rates as people type them ("12.5", 12.5, "0.15", or
// with Khmer digits, "១២.៥").
// The decimal text is read digit by digit, never through floating-point arithmetic, so
// "19.99" is 1999 cents exactly. And the amounts of the answers: every amount goes out twice,
// `<name>` in dollars for display and `<name>_cents`, the exact integer to compute with. Shared by
// the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { asciiDigits } from "./khmer-digits.ts";

const decimalText = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A number or numeric string as plain decimal text, or null when it is neither. */
function toDecimalText(value: unknown): string | null {
  if (typeof value === "number") {
    // String(1e21) is "1e+21": exponent forms fail the pattern below and are refused.
    return Number.isFinite(value) ? String(value) : null;
  }
  if (typeof value === "string") return asciiDigits(value).trim();
  return null;
}

export type ParsedDecimal =
  | { ok: true; negative: boolean; whole: string; fraction: string }
  | { ok: false; reason: "not_a_number" | "too_many_decimals" };

/** Splits a decimal into its sign, whole and fractional digits (trailing zeros dropped). */
export function parseDecimal(value: unknown, maxDecimals: number): ParsedDecimal {
  const text = toDecimalText(value);
  const match = text === null ? null : decimalText.exec(text);
  if (!match) return { ok: false, reason: "not_a_number" };
  const fraction = (match[3] ?? "").replace(/0+$/, ""); // "12.50" has two decimals, "12.500" too
  if (fraction.length > maxDecimals) return { ok: false, reason: "too_many_decimals" };
  const whole = match[2].replace(/^0+(?=\d)/, "");
  return { ok: true, negative: match[1] === "-" && (whole !== "0" || fraction !== ""), whole, fraction };
}

/** Dollars ("12.5", 12.5) to integer cents (1250); null when not a price with at most two decimals. */
export function dollarsToCents(value: unknown): number | null {
  const parsed = parseDecimal(value, 2);
  if (!parsed.ok || parsed.negative) return null;
  const cents = Number(parsed.whole + parsed.fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Integer cents to dollars as a number (1250 -> 12.5), for JSON answers. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * An amount a person typed or a statement holds, in dollars ("12.50", 12.5, "$12.50", "១២.៥០"), as
 * integer cents more than 0; else "<field> must be an amount in dollars such as 12.50".
 */
export function positiveDollars(field: string) {
  return z.unknown().transform((value, ctx) => {
    const text = typeof value === "string" ? value.replace(/^\s*\$/, "") : value;
    const cents = dollarsToCents(text);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: `${field} must be an amount in dollars such as 12.50` });
      return z.NEVER;
    }
    return cents;
  });
}

/** Dollars for display (30.6). */
export const dollars = z.number();
/** Exact integer cents (3060). */
export const cents = z.number().int();

/** The schema of an amount in an answer: `<name>` in dollars and `<name>_cents`. */
export function moneyShape<N extends string>(name: N) {
  return { [name]: dollars, [`${name}_cents`]: cents } as { [K in N]: typeof dollars } & {
    [K in `${N}_cents`]: typeof cents;
  };
}

/** The value of an amount in an answer, from its cents: `{name: 30.6, name_cents: 3060}`. */
export function money<N extends string>(name: N, amountCents: number): Record<N | `${N}_cents`, number> {
  return { [name]: centsToDollars(amountCents), [`${name}_cents`]: amountCents } as Record<N | `${N}_cents`, number>;
}
