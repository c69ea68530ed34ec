// Configuration of the Instagram automation, read by both functions. Without INSTAGRAM_APP_ID
// and INSTAGRAM_APP_SECRET the feature is off (the rest of the marketplace works): the connect
// path answers 503 and the webhook refuses every event. The base URLs default to Meta's and are
// overridden locally to reach the Meta fake.
//   INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET   the Meta app (Instagram API with Instagram Login)
//   INSTAGRAM_WEBHOOK_VERIFY_TOKEN           what the webhook's GET handshake must carry
//   INSTAGRAM_TOKEN_KEY                      32 random bytes, base64: encrypts the stored tokens
//   INSTAGRAM_GRAPH_URL, INSTAGRAM_OAUTH_URL, INSTAGRAM_AUTHORIZE_URL   Meta's endpoints

import { importTokenKey } from "../token-cipher.ts";

export interface InstagramConfig {
  appId: string;
  appSecret: string;
  verifyToken: string;
  /** https://graph.instagram.com, possibly with a version prefix. */
  graphUrl: string;
  /** https://api.instagram.com (the code exchange). */
  oauthUrl: string;
  /** https://www.instagram.com/oauth/authorize (where the influencer says yes). */
  authorizeUrl: string;
  tokenKey: CryptoKey;
}

export const INSTAGRAM_SCOPES = [
  "instagram_business_basic",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
] as const;

type Env = (name: string) => string | undefined;

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The configuration, or null when the app id and secret are not set. Throws naming a bad value. */
export async function readInstagramConfig(env: Env = (name) => Deno.env.get(name)): Promise<InstagramConfig | null> {
  const appId = env("INSTAGRAM_APP_ID");
  const appSecret = env("INSTAGRAM_APP_SECRET");
  if (!appId || !appSecret) return null;
  const verifyToken = env("INSTAGRAM_WEBHOOK_VERIFY_TOKEN");
  if (!verifyToken) throw new Error("INSTAGRAM_WEBHOOK_VERIFY_TOKEN is not set");
  return {
    appId,
    appSecret,
    verifyToken,
    graphUrl: trimSlash(env("INSTAGRAM_GRAPH_URL") || "https://graph.instagram.com"),
    oauthUrl: trimSlash(env("INSTAGRAM_OAUTH_URL") || "https://api.instagram.com"),
    authorizeUrl: env("INSTAGRAM_AUTHORIZE_URL") || "https://www.instagram.com/oauth/authorize",
    tokenKey: await importTokenKey("INSTAGRAM_TOKEN_KEY", env("INSTAGRAM_TOKEN_KEY")),
  };
}
