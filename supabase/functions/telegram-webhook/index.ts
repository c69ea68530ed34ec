// Entry point of the `telegram-webhook` edge function (verify_jwt = false: Telegram calls it, and
// proves itself with X-Telegram-Bot-Api-Secret-Token). Needs SUPABASE_DB_URL and
// SUPABASE_SECRET_KEYS like the api function, and the TELEGRAM_* variables of
// _shared/telegram/config.ts.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { requiredEnv, runAfterResponse, serve } from "../_shared/function-entry.ts";
import { readSecretKeys } from "../_shared/secret-keys.ts";
import { readTelegramConfig } from "../_shared/telegram/config.ts";
import { createWebhookApp } from "./app.ts";

keepServingOnStrayErrors("telegram-webhook");

const app = createWebhookApp({
  sql: connect(requiredEnv("SUPABASE_DB_URL")),
  config: readTelegramConfig(),
  secretKeys: readSecretKeys(),
  runAfterResponse,
});
serve(app.fetch);
