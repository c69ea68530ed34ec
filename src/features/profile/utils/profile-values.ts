// The profile form's values and what changed (the Update button is disabled while nothing changed):
// values are compared trimmed with the account as saved, only changed fields are sent (an empty
// string clears one), and a newer copy of the account replaces only the fields the user has not
// edited.
import type { User } from "@contract/auth.ts";
import { formatCambodianPhone } from "@contract/phone.ts";

export const profileFields = [
  "business_name",
  "business_logo_url",
  "bank_name",
  "account_name",
  "account_number",
  "khqr",
  "phone",
] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileValues = Record<ProfileField, string>;

const businessFields: readonly ProfileField[] = [
  "business_name",
  "business_logo_url",
  "bank_name",
  "account_name",
  "account_number",
  "khqr",
];
const influencerFields: readonly ProfileField[] = ["phone", "bank_name", "account_name", "account_number", "khqr"];

/**
 * The fields a user of this type can edit: a business also has a shop name and a logo (its phone
 * is the store phone of its sign-up), an influencer their own phone.
 */
export function editableFields(userType: User["user_type"]): readonly ProfileField[] {
  return userType === "business" ? businessFields : influencerFields;
}

/** The account's saved values as form values (a missing value is an empty string). */
export function valuesFrom(user: User): ProfileValues {
  return {
    business_name: user.business_name ?? "",
    business_logo_url: user.business_logo_url ?? "",
    bank_name: user.bank_name ?? "",
    account_name: user.account_name ?? "",
    account_number: user.account_number ?? "",
    khqr: user.khqr ?? "",
    phone: user.phone ? formatCambodianPhone(user.phone) : "",
  };
}

/** The edited fields whose trimmed value differs from the saved one, trimmed. */
export function changedFields(
  values: ProfileValues,
  saved: ProfileValues,
  fields: readonly ProfileField[],
): Partial<ProfileValues> {
  const changes: Partial<ProfileValues> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== saved[field].trim()) changes[field] = value;
  }
  return changes;
}

export function sameValues(a: ProfileValues, b: ProfileValues): boolean {
  return profileFields.every((field) => a[field] === b[field]);
}

/**
 * The form after a newer copy of the account arrives: each field still as it was in `previous`
 * (not edited since) takes the newer value; edited fields are kept.
 */
export function mergeNewer(current: ProfileValues, previous: ProfileValues, newer: ProfileValues): ProfileValues {
  const merged = { ...current };
  for (const field of profileFields) {
    if (current[field].trim() === previous[field].trim()) merged[field] = newer[field];
  }
  return merged;
}
