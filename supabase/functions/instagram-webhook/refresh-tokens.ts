// The daily refresh of Instagram tokens (POST /instagram-webhook/refresh-tokens, called by a
// scheduled job, with a secret key as `apikey`). Replies and dashboard visits refresh the tokens of
// accounts in use; this keeps a quiet account's token from reaching its 60-day expiry. A token is
// refreshed once it is a week old, so a daily run leaves every token at least 50 days to live.
import { asService, type Sql } from "../_shared/db.ts";
import { refreshStoredToken, type StoredToken } from "../_shared/instagram/accounts.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { decryptToken } from "../_shared/token-cipher.ts";

/** Bounded so one run stays well inside a function's time limit; the next run takes the rest. */
const BATCH = 200;

export async function refreshAgeingTokens(sql: Sql, config: InstagramConfig) {
  const due = await asService(
    sql,
    (tx) => tx<StoredToken[]>`
      select influencer_id, token_ciphertext, token_issued_at from public.instagram_accounts
      where token_issued_at < now() - interval '7 days'
      order by token_issued_at
      limit ${BATCH}`,
  );
  let refreshed = 0;
  for (const stored of due) {
    const token = await decryptToken(config.tokenKey, stored.token_ciphertext).catch(() => null);
    if (token && (await refreshStoredToken(sql, config, stored, token))) refreshed += 1;
  }
  return { due: due.length, refreshed, failed: due.length - refreshed };
}
