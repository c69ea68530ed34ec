// Entry point of the `instagram-webhook` edge function (verify_jwt = false: Meta calls it, and
// proves itself with the X-Hub-Signature-256 of each POST). Needs SUPABASE_DB_URL, APP_URL and
// SUPABASE_SECRET_KEYS like the api function, and the INSTAGRAM_* variables of
// _shared/instagram/config.ts; INSTAGRAM_REPLY_RETRY_DELAYS_MS (keyword-engine/send-reply.ts) only
// in tests.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { requiredEnv, runAfterResponse, serve } from "../_shared/function-entry.ts";
import { readInstagramConfig } from "../_shared/instagram/config.ts";
import { readRetryDelays } from "../_shared/keyword-engine/send-reply.ts";
import { readSecretKeys } from "../_shared/secret-keys.ts";
import { createWebhookApp } from "./app.ts";

keepServingOnStrayErrors("instagram-webhook");

const app = createWebhookApp({
  sql: connect(requiredEnv("SUPABASE_DB_URL")),
  config: await readInstagramConfig(),
  appUrl: requiredEnv("APP_URL").replace(/\/+$/, ""),
  secretKeys: readSecretKeys(),
  retryDelaysMs: readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", Deno.env.get("INSTAGRAM_REPLY_RETRY_DELAYS_MS")),
  runAfterResponse,
});
serve(app.fetch);
