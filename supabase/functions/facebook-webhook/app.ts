// The `facebook-webhook` function: Meta's webhook for the connected Facebook Pages' comments and
// Messenger messages, the keyword engine's webhook (_shared/keyword-engine/webhook-app.ts) with the
// Page payload reader and the Page reply channel.
import type { Sql } from "../_shared/db.ts";
import type { FacebookConfig } from "../_shared/facebook/config.ts";
import { createKeywordWebhookApp } from "../_shared/keyword-engine/webhook-app.ts";
import { facebookChannel } from "./channel.ts";
import { readEvents } from "./payload.ts";

export interface WebhookDeps {
  sql: Sql;
  /** Null when the marketplace has no Facebook app: every request is refused. */
  config: FacebookConfig | null;
  appUrl: string;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted). */
  runAfterResponse: (work: Promise<unknown>) => void;
  /** The waits before each retry of a reply Meta throttled. */
  retryDelaysMs: readonly number[];
}

export function createWebhookApp(deps: WebhookDeps) {
  return createKeywordWebhookApp(
    "/facebook-webhook",
    { platform: "facebook", name: "Facebook", readEvents, channel: facebookChannel(deps.sql, deps.config) },
    { ...deps, secrets: deps.config },
  );
}
