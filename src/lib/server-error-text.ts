// The words of a failed call as the user reads them. The server writes English; a known sentence
// is translated from the server-message catalog. A suspension's message carries the admin's own
// reason after a fixed start, so that start is translated here and the reason kept as written.
import { ACCOUNT_SUSPENDED_PREFIX } from "@contract/error-codes.ts";
import { t, tServer } from "./i18n/index.ts";

/** The server's `message` for the error `code`, translated where it can be. */
export function translateServerError(code: unknown, message: string): string {
  if (code === "account_suspended" && message.startsWith(ACCOUNT_SUSPENDED_PREFIX)) {
    return t("errors.accountSuspended", { reason: message.slice(ACCOUNT_SUSPENDED_PREFIX.length) });
  }
  return tServer(message);
}
