// A Khmer keyboard types Khmer digits (០ to ៩, U+17E0 to U+17E9). Every number a person types
// (a phone, a quantity, a price, a rate, an account number, an order number searched) is read
// through `asciiDigits` first, so "០១២ ៣៤៥ ៦៧៨" is the phone 012 345 678 and is stored in ASCII.
// Shared by the SPA and the api function (no Deno APIs).

const KHMER_ZERO = 0x17e0;

/** `text` with each Khmer digit replaced by the ASCII digit of the same value; anything else kept. */
export function asciiDigits(text: string): string {
  return text.replace(/[០-៩]/g, (digit) => String(digit.codePointAt(0)! - KHMER_ZERO));
}
