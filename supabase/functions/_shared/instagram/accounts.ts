// Reading and keeping an influencer's Instagram token: stored encrypted, refreshed once it is a
// day old (Meta refuses younger ones) so that an account in use never reaches its 60-day expiry.
// Runs as service_role: no client role can read the token column.
import type { Sql } from "../db.ts";
import { asService } from "../db.ts";
import type { InstagramConfig } from "./config.ts";
import { refreshToken, type LongLivedToken } from "./meta-api.ts";
import { MetaError } from "../meta-call.ts";
import { decryptToken, encryptToken } from "../token-cipher.ts";

const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export interface StoredToken {
  influencer_id: string;
  token_ciphertext: string;
  token_issued_at: string;
}

/** Saves a freshly issued token for the account (connect and refresh). */
export async function storeToken(sql: Sql, config: InstagramConfig, influencerId: string, token: LongLivedToken) {
  const ciphertext = await encryptToken(config.tokenKey, token.accessToken);
  await asService(
    sql,
    (tx) => tx`
      update public.instagram_accounts
      set token_ciphertext = ${ciphertext}, token_expires_at = ${token.expiresAt.toISOString()}, token_issued_at = now()
      where influencer_id = ${influencerId}`,
  );
}

/**
 * The account's token, refreshed first when it is at least a day old. A failed refresh keeps the
 * current token (it is still valid for weeks) and is logged.
 */
export async function currentToken(sql: Sql, config: InstagramConfig, stored: StoredToken): Promise<string> {
  const token = await decryptToken(config.tokenKey, stored.token_ciphertext);
  if (Date.now() - Date.parse(stored.token_issued_at) < REFRESH_AFTER_MS) return token;
  return (await refreshStoredToken(sql, config, stored, token)) ?? token;
}

/**
 * A new 60-day token for the account, stored; null (and logged) when Meta refuses. A refusal of
 * the token itself marks the account (markTokenRefused).
 */
export async function refreshStoredToken(
  sql: Sql,
  config: InstagramConfig,
  stored: StoredToken,
  token: string,
): Promise<string | null> {
  try {
    const fresh = await refreshToken(config, token);
    await storeToken(sql, config, stored.influencer_id, fresh);
    return fresh.accessToken;
  } catch (error) {
    console.error(`[instagram] refreshing the token of ${stored.influencer_id} failed: ${(error as Error).message}`);
    if (error instanceof MetaError && error.isTokenRefused) await markTokenRefused(sql, stored);
    return null;
  }
}

/**
 * Instagram refused the stored token as no longer valid: the account says so until the influencer
 * connects again. Only that token is marked (a reconnect in the meantime stored another), and
 * only the first refusal's time is kept.
 */
export async function markTokenRefused(sql: Sql, stored: StoredToken) {
  await asService(
    sql,
    (tx) => tx`
      update public.instagram_accounts set token_refused_at = now()
      where influencer_id = ${stored.influencer_id} and token_ciphertext = ${stored.token_ciphertext}
        and token_refused_at is null`,
  );
}
