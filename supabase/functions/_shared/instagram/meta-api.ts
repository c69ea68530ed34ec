// The calls to Meta's Instagram API that the automation makes, each a plain fetch against the
// configured base URLs (Meta's, or the local fake). Every failure becomes a MetaError carrying
// Meta's code and message, from either of its two error shapes:
//   graph.instagram.com   {error: {message, type, code, error_subcode}}
//   api.instagram.com     {error_type, code, error_message}
import type { InstagramConfig } from "./config.ts";

export class MetaError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
  }

  /** Meta's throttling codes (4 app, 17 user, 32 page, 613 calls), or HTTP 429: worth retrying later. */
  get isRateLimit(): boolean {
    return this.status === 429 || [4, 17, 32, 613].includes(this.code ?? -1);
  }
}

/** How long one call to Meta may take before it is given up. */
const CALL_TIMEOUT_MS = 10_000;

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    // No answer at all: retried like a throttle by the caller.
    throw new MetaError(503, null, null, `Instagram could not be reached (${(error as Error).name})`);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // An HTML error page or nothing: described by its status below.
  }
  if (res.ok && !("error" in body) && !("error_type" in body)) return body as T;
  const graph = body.error as { message?: string; code?: number; error_subcode?: number } | undefined;
  const code = graph?.code ?? (typeof body.code === "number" ? body.code : null);
  const message = graph?.message ?? (body.error_message as string | undefined) ?? `HTTP ${res.status}`;
  throw new MetaError(res.status, code, graph?.error_subcode ?? null, message);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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
