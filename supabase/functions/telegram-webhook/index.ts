// Entry point of the `telegram-webhook` edge function (verify_jwt = false: Telegram calls it, and
// proves itself with X-Telegram-Bot-Api-Secret-Token). Needs SUPABASE_DB_URL and
// SUPABASE_SECRET_KEYS like the api function, and the TELEGRAM_* variables of
// _shared/telegram/config.ts.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { readSecretKeys } from "../_shared/secret-keys.ts";
import { readTelegramConfig } from "../_shared/telegram/config.ts";
import { createWebhookApp } from "./app.ts";

keepServingOnStrayErrors("telegram-webhook");

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const app = createWebhookApp({
  sql: connect(required("SUPABASE_DB_URL")),
  config: readTelegramConfig(),
  secretKeys: readSecretKeys(),
  // Hosted, the worker may stop once the answer is sent unless told to wait; under plain Deno
  // (the local stack) the promise simply runs on.
  runAfterResponse: (work) => {
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(work);
  },
});

// The local stack passes FUNCTION_PORT and binds loopback only; hosted Supabase ignores both.
const port = Number(Deno.env.get("FUNCTION_PORT") ?? 8000);
Deno.serve({ port, hostname: Deno.env.get("FUNCTION_HOST") ?? "127.0.0.1", onListen: () => {} }, app.fetch);
