// Entry point of the `api` edge function.
import { connect } from "../_shared/db.ts";
import { readEnv } from "../_shared/env.ts";
import { createApp } from "./app.ts";

const env = await readEnv();
const app = createApp({ ...env, sql: connect(env.databaseUrl) });

// The local stack passes FUNCTION_PORT and binds loopback only; hosted Supabase ignores both.
const port = Number(Deno.env.get("FUNCTION_PORT") ?? 8000);
Deno.serve({ port, hostname: Deno.env.get("FUNCTION_HOST") ?? "127.0.0.1", onListen: () => {} }, app.fetch);
