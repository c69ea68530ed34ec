// Entry point of the `api` edge function.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { readEnv } from "../_shared/env.ts";
import { createApp } from "./app.ts";

keepServingOnStrayErrors("api");

const env = await readEnv();
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

const app = createApp({
  ...env,
  sql: connect(env.databaseUrl),
  // Hosted, the worker may stop once the answer is sent unless told to wait; under plain Deno
  // (the local stack) the promise simply runs on.
  runAfterResponse: (work) => {
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(work);
  },
});

// The local stack passes FUNCTION_PORT and binds loopback only; hosted Supabase ignores both.
const port = Number(Deno.env.get("FUNCTION_PORT") ?? 8000);
Deno.serve({ port, hostname: Deno.env.get("FUNCTION_HOST") ?? "127.0.0.1", onListen: () => {} }, app.fetch);
