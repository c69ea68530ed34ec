// The SPA's environment, read from import.meta.env and validated once. Only public values live
// here: the project URL and the anon key. A service role key must never reach the browser.
// Plain checks rather than zod: this module is on every page, the phone checkout included.

/** The public local-development anon key, signed with the local ES256 key (see .env.example). */
export const LOCAL_DEV_ANON_KEY =
  "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImxvY2FsLWRldi1lczI1Ni1rZXktMSJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.J7CobI5javDQhaoq13spsCi6mvlelLGPS7EiUhRRvEoocwPgkb_5Ao45ySTUcjqDzAtTgFJoaabFTOuyd_IWkw";

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
  /** The project's publishable key (sb_publishable_...) or legacy anon key, sent as `apikey` to Realtime. */
  supabaseAnonKey: string;
  /** Base URL of the api edge function (no trailing slash). */
  apiBaseUrl: string;
}

function jwtRole(token: string): unknown {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    return (JSON.parse(json) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

export function parseEnv(raw: Record<string, unknown>, origin: string): Env {
  const url = setting(raw, "VITE_SUPABASE_URL");
  if (url && !/^https?:\/\//.test(url)) {
    throw new Error("Invalid environment: VITE_SUPABASE_URL must be an http(s) URL or empty");
  }
  const supabaseUrl = (url || origin).replace(/\/+$/, "");
  const supabaseAnonKey = setting(raw, "VITE_SUPABASE_ANON_KEY") || LOCAL_DEV_ANON_KEY;
  if (jwtRole(supabaseAnonKey) === "service_role" || supabaseAnonKey.startsWith("sb_secret_")) {
    throw new Error("VITE_SUPABASE_ANON_KEY holds a secret key: use the publishable (or legacy anon) key");
  }
  return { supabaseUrl, supabaseAnonKey, apiBaseUrl: `${supabaseUrl}/functions/v1/api` };
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>, window.location.origin);
