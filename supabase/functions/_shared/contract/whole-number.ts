// Whole numbers as callers send them: a JSON integer, or text of ASCII digits (0-9) or Khmer digits
// (០-៩), as a Khmer keyboard types them. Nothing else: no hex ("0x3"), booleans, exponents ("1e1"),
// fractions, signs, spaces or empty text, which JavaScript's Number() would have read as numbers.
// The one way every integer input is read (quantity, page size). Shared by the SPA and the api
// function (no Deno APIs).
import { z } from "zod";
import { asciiDigits } from "./khmer-digits.ts";

const digitText = /^[0-9០-៩]+$/;

/** The value as a whole number, or null when it is not a JSON integer or a string of digits. */
export function parseWholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string" || !digitText.test(value)) return null;
  const parsed = Number(asciiDigits(value));
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** A required whole number from min to max; anything else fails with `message`. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const parsed = parseWholeNumber(value);
    if (parsed === null || parsed < min || parsed > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });
}
