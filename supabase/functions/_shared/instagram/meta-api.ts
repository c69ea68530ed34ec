// The calls to Meta's Instagram API that the automation makes, against the configured base URLs
// (Meta's, or the local fake); every failure is a MetaError (../meta-call.ts).
import type { InstagramConfig } from "./config.ts";
import { bearer, metaCall } from "../meta-call.ts";

const call = <T>(url: string, init?: RequestInit) => metaCall<T>("Instagram", url, init);

export interface LongLivedToken {
  accessToken: string;
  expiresAt: Date;
}

/** The authorization code for a short-lived (1 h) token and the account's id. */
export function exchangeCode(config: InstagramConfig, code: string, redirectUri: string) {
  return call<{ access_token: string; user_id: number | string }>(`${config.oauthUrl}/oauth/access_token`, {
    method: "POST",
    body: new URLSearchParams({
      client_id: config.appId,
      client_secret: config.appSecret,
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
      code,
    }),
  });
}

function toLongLived(answer: { access_token: string; expires_in: number }): LongLivedToken {
  return { accessToken: answer.access_token, expiresAt: new Date(Date.now() + answer.expires_in * 1000) };
}

/** A short-lived token for a 60-day one. */
export async function longLivedToken(config: InstagramConfig, shortLived: string): Promise<LongLivedToken> {
  const params = new URLSearchParams({
    grant_type: "ig_exchange_token",
    client_secret: config.appSecret,
    access_token: shortLived,
  });
  return toLongLived(await call(`${config.graphUrl}/access_token?${params}`));
}

/** A long-lived token at least a day old for a new 60-day one. */
export async function refreshToken(config: InstagramConfig, token: string): Promise<LongLivedToken> {
  const params = new URLSearchParams({ grant_type: "ig_refresh_token", access_token: token });
  return toLongLived(await call(`${config.graphUrl}/refresh_access_token?${params}`));
}

export function readAccount(config: InstagramConfig, token: string) {
  return call<{ user_id: string | number; username: string }>(`${config.graphUrl}/me?fields=user_id,username`, {
    headers: bearer(token),
  });
}

/** Without this, Meta sends no webhook for the account, ever. */
export function subscribeToWebhooks(config: InstagramConfig, token: string) {
  return call<{ success: boolean }>(`${config.graphUrl}/me/subscribed_apps?subscribed_fields=comments,messages`, {
    method: "POST",
    headers: bearer(token),
  });
}

export type Recipient = { comment_id: string } | { id: string };

/** A private reply to a comment, or a DM to a person, from the account of `token`. */
export function sendMessage(config: InstagramConfig, token: string, recipient: Recipient, text: string) {
  return call<{ recipient_id?: string; message_id: string }>(`${config.graphUrl}/me/messages`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify({ recipient, message: { text } }),
  });
}
