// Entry point of the `facebook-webhook` edge function (verify_jwt = false: Meta calls it, and
// proves itself with the X-Hub-Signature-256 of each POST). Needs SUPABASE_DB_URL and APP_URL like
// the api function, and the FACEBOOK_* variables of _shared/facebook/config.ts;
// FACEBOOK_REPLY_RETRY_DELAYS_MS (keyword-engine/send-reply.ts) only in tests.
import { connect } from "../_shared/db.ts";
import { readFacebookConfig } from "../_shared/facebook/config.ts";
import { requiredEnv, runAfterResponse, serve } from "../_shared/function-entry.ts";
import { readRetryDelays } from "../_shared/keyword-engine/send-reply.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { createWebhookApp } from "./app.ts";

keepServingOnStrayErrors("facebook-webhook");

const app = createWebhookApp({
  sql: connect(requiredEnv("SUPABASE_DB_URL")),
  config: await readFacebookConfig(),
  appUrl: requiredEnv("APP_URL").replace(/\/+$/, ""),
  retryDelaysMs: readRetryDelays("FACEBOOK_REPLY_RETRY_DELAYS_MS", Deno.env.get("FACEBOOK_REPLY_RETRY_DELAYS_MS")),
  runAfterResponse,
});
serve(app.fetch);
