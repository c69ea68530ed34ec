// What a new password must not be (docs/api.md, "Passwords"): one of the 10,000 most common
// passwords, one character repeated, or the account's email (or the part before the @). Length
// (8 characters to 72 bytes) is the request schemas' rule; this is the function's, because the
// list is half a megabyte that the SPA need not download. Passwords set before these rules keep
// working: they are checked only when set.
//
// The list is zxcvbn-ts's, built from a leak of ten million passwords, most common first, in lower
// case; zxcvbn leaves out of it what its other rules catch, repeats among them, so the repeat is
// refused here.
import { ApiError } from "../../_shared/errors.ts";

const COMMON_PASSWORDS = 10_000;

// Loaded on the first password set, not at every cold start: unpacking the list takes about 50 ms.
let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS)),
  );
  return common;
}

/** Why `password` cannot be the new password of `email`, or null when it can. */
export async function weakPasswordReason(password: string, email: string): Promise<string | null> {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split("@")[0]) return "Password must not be your email";
  if ((await commonPasswords()).has(lower) || /^(.)\1*$/u.test(password)) {
    return "This password is too common: choose one that is harder to guess";
  }
  return null;
}

/** Refuses a weak new password with a 400 naming `field`. */
export async function requireStrongPassword(password: string, email: string, field = "password"): Promise<void> {
  const reason = await weakPasswordReason(password, email);
  if (reason) throw new ApiError("invalid_input", reason, field);
}
