// Cambodian phone numbers, parsed and formatted by libphonenumber-js: typed in the local form
// (012 345 678) or international (+855 12 345 678, 00855 ...), stored in E.164 (+85512345678),
// shown in the local form again. Khmer digits are read as their ASCII digits.
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/core";
import { asciiDigits } from "./khmer-digits.ts";
import { cambodiaPhoneMetadata } from "./phone-metadata-kh.ts";

function parseCambodian(input: string): PhoneNumber | undefined {
  // "00" is how many people type the international prefix; libphonenumber expects "+" there.
  const text = asciiDigits(input).trim().replace(/^00/, "+");
  const phone = parsePhoneNumberFromString(text, { defaultCountry: "KH" }, cambodiaPhoneMetadata);
  return phone?.country === "KH" && phone.isValid() ? phone : undefined;
}

/** The number in E.164 (+855...), or null when it is not a Cambodian phone number. */
export function normaliseCambodianPhone(input: string): string | null {
  return parseCambodian(input)?.number ?? null;
}

/** A stored number in the local form people read and dial ("012 345 678"); anything else as it is. */
export function formatCambodianPhone(stored: string): string {
  return parseCambodian(stored)?.formatNational() ?? stored;
}
