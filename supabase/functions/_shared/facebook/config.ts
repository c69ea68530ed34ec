// Configuration of the Facebook Page automation, read by the api and facebook-webhook functions.
// Without FACEBOOK_APP_ID and FACEBOOK_APP_SECRET the feature is off (the rest of the marketplace
// works): the connect paths answer 503 and the webhook refuses every event. The base URLs default
// to Meta's and are overridden locally to reach the Facebook fake.
//   FACEBOOK_APP_ID, FACEBOOK_APP_SECRET   the Meta app (Facebook Login for Business, Messenger)
//   FACEBOOK_WEBHOOK_VERIFY_TOKEN          what the webhook's GET handshake must carry
//   FACEBOOK_TOKEN_KEY                     32 random bytes, base64: seals the stored Page tokens
//   FACEBOOK_GRAPH_URL                     https://graph.facebook.com (the calls add /v21.0)
//   FACEBOOK_DIALOG_URL                    https://www.facebook.com (the Login dialog)
import { importTokenKey } from "../token-cipher.ts";

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  verifyToken: string;
  /** The Graph API with its version: `<FACEBOOK_GRAPH_URL>/v21.0`. */
  graphUrl: string;
  /** The Login dialog: `<FACEBOOK_DIALOG_URL>/v21.0/dialog/oauth`. */
  dialogUrl: string;
  tokenKey: CryptoKey;
}

/** The Graph API version the calls name; Meta keeps a version working for at least two years. */
export const GRAPH_VERSION = "v21.0";

/** What a Page's keyword automation needs of the influencer (Facebook Login for Business). */
export const FACEBOOK_SCOPES = [
  "pages_show_list",
  "pages_messaging",
  "pages_read_engagement",
  "pages_manage_metadata",
  "pages_read_user_content",
] as const;

type Env = (name: string) => string | undefined;

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The configuration, or null when the app id and secret are not set. Throws naming a bad value. */
export async function readFacebookConfig(env: Env = (name) => Deno.env.get(name)): Promise<FacebookConfig | null> {
  const appId = env("FACEBOOK_APP_ID");
  const appSecret = env("FACEBOOK_APP_SECRET");
  if (!appId || !appSecret) return null;
  const verifyToken = env("FACEBOOK_WEBHOOK_VERIFY_TOKEN");
  if (!verifyToken) throw new Error("FACEBOOK_WEBHOOK_VERIFY_TOKEN is not set");
  return {
    appId,
    appSecret,
    verifyToken,
    graphUrl: `${trimSlash(env("FACEBOOK_GRAPH_URL") || "https://graph.facebook.com")}/${GRAPH_VERSION}`,
    dialogUrl: `${trimSlash(env("FACEBOOK_DIALOG_URL") || "https://www.facebook.com")}/${GRAPH_VERSION}/dialog/oauth`,
    tokenKey: await importTokenKey("FACEBOOK_TOKEN_KEY", env("FACEBOOK_TOKEN_KEY")),
  };
}
