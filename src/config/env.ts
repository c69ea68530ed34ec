// The SPA's environment, read from import.meta.env and validated once. Only public values live
// here: the project URL and its publishable key. A secret key must never reach the browser, and
// the legacy JWT keys (anon, service_role) are being deleted by Supabase: neither is taken.
// Plain checks rather than zod: this module is on every page, the phone checkout included.

/** The local stack's public publishable key (local-stack/keys.ts, .env.example). */
export const LOCAL_DEV_PUBLISHABLE_KEY = "sb_publishable_LocalDevPublishableKey_0001";

/** A trimmed string setting, or "" when unset; anything else is a build mistake. */
function setting(raw: Record<string, unknown>, name: string): string {
  const value = raw[name];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new Error(`Invalid environment: ${name} must be a string`);
  return value.trim();
}

export interface Env {
  /** Base URL of the Supabase project (no trailing slash). */
  supabaseUrl: string;
  /** The project's publishable key (sb_publishable_...), sent as `apikey` to Realtime. */
  supabasePublishableKey: string;
  /** Base URL of the api edge function (no trailing slash). */
  apiBaseUrl: string;
}

export function parseEnv(raw: Record<string, unknown>, origin: string): Env {
  const url = setting(raw, "VITE_SUPABASE_URL");
  if (url && !/^https?:\/\//.test(url)) {
    throw new Error("Invalid environment: VITE_SUPABASE_URL must be an http(s) URL or empty");
  }
  const supabaseUrl = (url || origin).replace(/\/+$/, "");
  const supabasePublishableKey = setting(raw, "VITE_SUPABASE_PUBLISHABLE_KEY") || LOCAL_DEV_PUBLISHABLE_KEY;
  if (supabasePublishableKey.startsWith("sb_secret_")) {
    throw new Error("VITE_SUPABASE_PUBLISHABLE_KEY holds a secret key: use the publishable key (sb_publishable_...)");
  }
  // Anything else (a legacy anon or service_role JWT) would stop working when the legacy keys go.
  if (!supabasePublishableKey.startsWith("sb_publishable_")) {
    throw new Error("VITE_SUPABASE_PUBLISHABLE_KEY must be the project's publishable key (sb_publishable_...)");
  }
  return { supabaseUrl, supabasePublishableKey, apiBaseUrl: `${supabaseUrl}/functions/v1/api` };
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>, window.location.origin);
