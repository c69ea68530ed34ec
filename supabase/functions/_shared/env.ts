// Configuration of the api function. Hosted Supabase provides SUPABASE_DB_URL, SUPABASE_URL and
// SUPABASE_SECRET_KEYS (the project's secret API keys, secret-keys.ts) itself; set the other two
// once with `supabase secrets set`:
//   JWT_SIGNING_KEY  the private ES256 JWK also imported as the project's JWT signing key
//   APP_URL          where the SPA is served (affiliate links point at its /checkout)
// Every variable is required: a function missing one stops at boot with its name. The Instagram
// and Facebook automations' variables are optional as a whole (instagram/config.ts,
// facebook/config.ts), and so are the Telegram
// alerts' (telegram/config.ts) and outgoing email's (email/config.ts).
import { readEmailConfig, type EmailConfig } from "./email/config.ts";
import { readFacebookConfig, type FacebookConfig } from "./facebook/config.ts";
import { readInstagramConfig, type InstagramConfig } from "./instagram/config.ts";
import { readTelegramConfig, type TelegramConfig } from "./telegram/config.ts";
import { readSecretKeys, type SecretKeys } from "./secret-keys.ts";
import { loadSigningKey, type SigningKey } from "./tokens.ts";

export interface FunctionEnv {
  databaseUrl: string;
  signingKey: SigningKey;
  /** The project URL as browsers reach it (Storage public URLs start with it). */
  supabaseUrl: string;
  /** Storage writes with the project's secret key: only this function stores images. */
  secretKeys: SecretKeys;
  /** The SPA's origin, e.g. https://shop.example.com (affiliate links point at its /checkout). */
  appUrl: string;
  /** Optional: see instagram/config.ts for its variables. */
  instagram: InstagramConfig | null;
  /** Optional: see facebook/config.ts for its variables. */
  facebook: FacebookConfig | null;
  /** Optional: see telegram/config.ts for its variables. */
  telegram: TelegramConfig | null;
  /** Optional: see email/config.ts for its variables. */
  email: EmailConfig | null;
  /**
   * Optional SHORT_LINK_PROXY_SECRET (at least 32 characters): a static host's rewrite proxy of
   * /r/* that sends it as X-Short-Link-Proxy is trusted to name the visitor's address
   * (client-address.ts).
   */
  shortLinkProxySecret: string | null;
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export async function readEnv(): Promise<FunctionEnv> {
  return {
    databaseUrl: required("SUPABASE_DB_URL", Deno.env.get("SUPABASE_DB_URL")),
    signingKey: await loadSigningKey(required("JWT_SIGNING_KEY", Deno.env.get("JWT_SIGNING_KEY"))),
    supabaseUrl: required("SUPABASE_URL", Deno.env.get("SUPABASE_URL")).replace(/\/+$/, ""),
    secretKeys: readSecretKeys(),
    appUrl: required("APP_URL", Deno.env.get("APP_URL")).replace(/\/+$/, ""),
    instagram: await readInstagramConfig(),
    facebook: await readFacebookConfig(),
    telegram: readTelegramConfig(),
    email: readEmailConfig(),
    shortLinkProxySecret: proxySecret(Deno.env.get("SHORT_LINK_PROXY_SECRET")),
  };
}

function proxySecret(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 32) throw new Error("SHORT_LINK_PROXY_SECRET must be at least 32 characters");
  return value;
}
