// Entry point of the `instagram-webhook` edge function (verify_jwt = false: Meta calls it, and
// proves itself with the X-Hub-Signature-256 of each POST). Needs SUPABASE_DB_URL, APP_URL and
// SUPABASE_SECRET_KEYS like the api function, and the INSTAGRAM_* variables of
// _shared/instagram/config.ts; INSTAGRAM_REPLY_RETRY_DELAYS_MS (send-reply.ts) only in tests.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { readInstagramConfig } from "../_shared/instagram/config.ts";
import { readSecretKeys } from "../_shared/secret-keys.ts";
import { createWebhookApp } from "./app.ts";
import { readRetryDelays } from "./send-reply.ts";

keepServingOnStrayErrors("instagram-webhook");

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const app = createWebhookApp({
  sql: connect(required("SUPABASE_DB_URL")),
  config: await readInstagramConfig(),
  appUrl: required("APP_URL").replace(/\/+$/, ""),
  secretKeys: readSecretKeys(),
  retryDelaysMs: readRetryDelays(Deno.env.get("INSTAGRAM_REPLY_RETRY_DELAYS_MS")),
  // Hosted, the worker may stop once the answer is sent unless told to wait; under plain Deno
  // (the local stack) the promise simply runs on.
  runAfterResponse: (work) => {
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(work);
  },
});

// The local stack passes FUNCTION_PORT and binds loopback only; hosted Supabase ignores both.
const port = Number(Deno.env.get("FUNCTION_PORT") ?? 8000);
Deno.serve({ port, hostname: Deno.env.get("FUNCTION_HOST") ?? "127.0.0.1", onListen: () => {} }, app.fetch);
