// The `instagram-webhook` function: Meta's webhook for the connected Instagram accounts' comments
// and DMs (the keyword engine's webhook, _shared/keyword-engine/webhook-app.ts), and
//   POST  /refresh-tokens with a secret key in `apikey`: the daily refresh of quiet accounts' tokens
import type { Sql } from "../_shared/db.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { createKeywordWebhookApp } from "../_shared/keyword-engine/webhook-app.ts";
import { hasSecretKey, type SecretKeys } from "../_shared/secret-keys.ts";
import { instagramChannel } from "./channel.ts";
import { readEvents } from "./payload.ts";
import { refreshAgeingTokens } from "./refresh-tokens.ts";

export interface WebhookDeps {
  sql: Sql;
  /** Null when the marketplace has no Instagram app: every request is refused. */
  config: InstagramConfig | null;
  appUrl: string;
  /** Authorises the scheduled token refresh (the project's secret API keys). */
  secretKeys: SecretKeys;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted). */
  runAfterResponse: (work: Promise<unknown>) => void;
  /** The waits before each retry of a reply Meta throttled. */
  retryDelaysMs: readonly number[];
}

export function createWebhookApp(deps: WebhookDeps) {
  const { config } = deps;
  const app = createKeywordWebhookApp(
    "/instagram-webhook",
    {
      platform: "instagram",
      name: "Instagram",
      readEvents,
      channel: instagramChannel(deps.sql, config),
    },
    { ...deps, secrets: config },
  );

  app.post("/refresh-tokens", async (c) => {
    if (!hasSecretKey(c.req.header("apikey"), deps.secretKeys)) {
      return c.text("A secret key is required in the apikey header", 401);
    }
    if (!config) return c.json({ due: 0, refreshed: 0, failed: 0 });
    return c.json(await refreshAgeingTokens(deps.sql, config));
  });

  return app;
}
