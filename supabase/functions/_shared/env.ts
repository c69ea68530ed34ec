// Configuration of the api function. Hosted Supabase provides SUPABASE_DB_URL itself; the JWT
// secret is set once with `supabase secrets set JWT_SECRET=<project JWT secret>`.
export interface FunctionEnv {
  databaseUrl: string;
  jwtSecret: string;
}

export function readEnv(): FunctionEnv {
  const databaseUrl = Deno.env.get("SUPABASE_DB_URL") ?? Deno.env.get("DATABASE_URL");
  const jwtSecret = Deno.env.get("JWT_SECRET");
  if (!databaseUrl) throw new Error("SUPABASE_DB_URL is not set");
  if (!jwtSecret || jwtSecret.length < 32) throw new Error("JWT_SECRET is not set (at least 32 characters)");
  return { databaseUrl, jwtSecret };
}
