// Configuration of the api function. Hosted Supabase provides SUPABASE_DB_URL, SUPABASE_URL and
// SUPABASE_ANON_KEY itself; set the others once with `supabase secrets set JWT_SECRET=...
// APP_URL=...` (APP_URL is where the SPA is served, used in affiliate links).
export interface FunctionEnv {
  databaseUrl: string;
  jwtSecret: string;
  /** The project URL as browsers reach it (Storage public URLs start with it). */
  supabaseUrl: string;
  anonKey: string;
  /** The SPA's origin, e.g. https://shop.example.com (affiliate links point at its /checkout). */
  appUrl: string;
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function readEnv(): FunctionEnv {
  const jwtSecret = required("JWT_SECRET", Deno.env.get("JWT_SECRET"));
  if (jwtSecret.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
  return {
    databaseUrl: required("SUPABASE_DB_URL", Deno.env.get("SUPABASE_DB_URL") ?? Deno.env.get("DATABASE_URL")),
    jwtSecret,
    supabaseUrl: required("SUPABASE_URL", Deno.env.get("SUPABASE_URL")).replace(/\/+$/, ""),
    anonKey: required("SUPABASE_ANON_KEY", Deno.env.get("SUPABASE_ANON_KEY")),
    appUrl: required("APP_URL", Deno.env.get("APP_URL")).replace(/\/+$/, ""),
  };
}
