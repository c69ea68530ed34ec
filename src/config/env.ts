// The SPA's environment, read from import.meta.env and validated once. Only public values live
// here: the project URL and the anon key. A service role key must never reach the browser.
import { z } from "zod";

/** The public local-development anon key, signed with the local ES256 key (see .env.example). */
export const LOCAL_DEV_ANON_KEY =
  "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImxvY2FsLWRldi1lczI1Ni1rZXktMSJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.J7CobI5javDQhaoq13spsCi6mvlelLGPS7EiUhRRvEoocwPgkb_5Ao45ySTUcjqDzAtTgFJoaabFTOuyd_IWkw";

const envSchema = z.object({
  VITE_SUPABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^https?:\/\//.test(value), "VITE_SUPABASE_URL must be an http(s) URL or empty"),
  VITE_SUPABASE_ANON_KEY: z.string().trim().optional(),
});

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
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  const supabaseUrl = (parsed.data.VITE_SUPABASE_URL || origin).replace(/\/+$/, "");
  const supabaseAnonKey = parsed.data.VITE_SUPABASE_ANON_KEY || LOCAL_DEV_ANON_KEY;
  if (jwtRole(supabaseAnonKey) === "service_role" || supabaseAnonKey.startsWith("sb_secret_")) {
    throw new Error("VITE_SUPABASE_ANON_KEY holds a secret key: use the publishable (or legacy anon) key");
  }
  return { supabaseUrl, supabaseAnonKey, apiBaseUrl: `${supabaseUrl}/functions/v1/api` };
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>, window.location.origin);
