// The words of a failed call as the user reads them. The server writes English; a known sentence
// is translated from the server-message catalog. A suspension's message carries the admin's own
// reason after a fixed start, so that start is translated here and the reason kept as written. A
// few sentences carry a value (a Page's name, Meta's reason): the catalog has them with a
// placeholder, matched here, and the value is kept as written.
import { ACCOUNT_SUSPENDED_PREFIX } from "@contract/error-codes.ts";
import { t, tServer } from "./i18n/index.ts";

/** The server's sentences with a value in them, as the catalog holds them. */
const SENTENCES_WITH_A_VALUE = [
  "{name} is already connected to another influencer's account",
  "Instagram refused the connection: {reason}",
  "Facebook refused the connection: {reason}",
] as const;

const matchers = SENTENCES_WITH_A_VALUE.map((id) => {
  const [before, name, after] = id.split(/\{(\w+)\}/);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return { id, name, pattern: new RegExp(`^${escape(before)}(.+)${escape(after)}$`, "s") };
});

/** The server's `message` for the error `code`, translated where it can be. */
export function translateServerError(code: unknown, message: string): string {
  if (code === "account_suspended" && message.startsWith(ACCOUNT_SUSPENDED_PREFIX)) {
    return t("errors.accountSuspended", { reason: message.slice(ACCOUNT_SUSPENDED_PREFIX.length) });
  }
  for (const { id, name, pattern } of matchers) {
    const value = pattern.exec(message)?.[1];
    if (value === undefined) continue;
    const translated = tServer(id, { [name]: value });
    // No translation in this language: the sentence as it came.
    return translated === id ? message : translated;
  }
  return tServer(message);
}
