// What every route handler can reach: the database, the signing key and the project's URLs.
import type { Sql } from "./db.ts";
import type { EmailConfig } from "./email/config.ts";
import type { FacebookConfig } from "./facebook/config.ts";
import type { InstagramConfig } from "./instagram/config.ts";
import type { TelegramConfig } from "./telegram/config.ts";
import type { SecretKeys } from "./secret-keys.ts";
import type { SigningKey } from "./tokens.ts";

export interface AppDeps {
  sql: Sql;
  signingKey: SigningKey;
  supabaseUrl: string;
  /** Server side only: Storage writes (only this function stores images). */
  secretKeys: SecretKeys;
  appUrl: string;
  /** Null when the marketplace has no Instagram app configured (the automation is off). */
  instagram: InstagramConfig | null;
  /** Null or absent when the marketplace has no Facebook app configured (the Page automation is off). */
  facebook?: FacebookConfig | null;
  /** Null or absent when no Telegram bot is configured (no alerts are sent). */
  telegram?: TelegramConfig | null;
  /** Null or absent when no email API is configured (no email is sent). */
  email?: EmailConfig | null;
  /** SHORT_LINK_PROXY_SECRET: a /r/* rewrite proxy that sends it names the visitor's address. */
  shortLinkProxySecret?: string | null;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted); absent in unit tests. */
  runAfterResponse?: (work: Promise<unknown>) => void;
}
