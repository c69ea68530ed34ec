// The calls to Meta's Graph API that the Facebook Page automation makes, against the configured
// base URL (Meta's, or the local fake); every failure is a MetaError (../meta-call.ts).
//   Login:   the code for a short-lived user token, then a long-lived one (60 days), whose
//            /me/accounts lists the Pages the person manages with Page tokens that do not expire
//   A Page:  subscribe the app to its feed and messages (no webhook arrives otherwise), unsubscribe
//   Replies: POST /{page-id}/messages, a private reply to a comment or a reply in Messenger
import type { FacebookConfig } from "./config.ts";
import { bearer, metaCall } from "../meta-call.ts";

const call = <T>(url: string, init?: RequestInit) => metaCall<T>("Facebook", url, init);

/** The Login dialog's code for a short-lived user token. */
export async function exchangeCode(config: FacebookConfig, code: string, redirectUri: string): Promise<string> {
  const params = new URLSearchParams({
    client_id: config.appId,
    client_secret: config.appSecret,
    redirect_uri: redirectUri,
    code,
  });
  const answer = await call<{ access_token: string }>(`${config.graphUrl}/oauth/access_token?${params}`);
  return answer.access_token;
}

/** A short-lived user token for a long-lived one: the Page tokens it lists then do not expire. */
export async function longLivedUserToken(config: FacebookConfig, token: string): Promise<string> {
  const params = new URLSearchParams({
    grant_type: "fb_exchange_token",
    client_id: config.appId,
    client_secret: config.appSecret,
    fb_exchange_token: token,
  });
  const answer = await call<{ access_token: string }>(`${config.graphUrl}/oauth/access_token?${params}`);
  return answer.access_token;
}

export interface ManagedPage {
  id: string;
  name: string;
  access_token: string;
}

/** The Pages the person manages, with each Page's token (at most 100: more is not a micro-influencer). */
export async function listPages(config: FacebookConfig, userToken: string): Promise<ManagedPage[]> {
  const answer = await call<{ data: ManagedPage[] }>(
    `${config.graphUrl}/me/accounts?fields=id,name,access_token&limit=100`,
    {
      headers: bearer(userToken),
    },
  );
  return answer.data.map((page) => ({ id: String(page.id), name: page.name, access_token: page.access_token }));
}

/** Without this, Meta sends no webhook for the Page, ever. */
export function subscribePage(config: FacebookConfig, pageId: string, pageToken: string) {
  return call<{ success: boolean }>(`${config.graphUrl}/${pageId}/subscribed_apps?subscribed_fields=feed,messages`, {
    method: "POST",
    headers: bearer(pageToken),
  });
}

export function unsubscribePage(config: FacebookConfig, pageId: string, pageToken: string) {
  return call<{ success: boolean }>(`${config.graphUrl}/${pageId}/subscribed_apps`, {
    method: "DELETE",
    headers: bearer(pageToken),
  });
}

export type PageRecipient = { comment_id: string } | { id: string };

/** A private reply to a comment, or a reply in Messenger to a person, from the Page. */
export function sendPageMessage(
  config: FacebookConfig,
  pageId: string,
  pageToken: string,
  recipient: PageRecipient,
  text: string,
) {
  return call<{ recipient_id?: string; message_id: string }>(`${config.graphUrl}/${pageId}/messages`, {
    method: "POST",
    headers: { ...bearer(pageToken), "content-type": "application/json" },
    body: JSON.stringify({ recipient, messaging_type: "RESPONSE", message: { text } }),
  });
}
