// The `instagram-webhook` function: Meta's webhook for the connected accounts' comments and DMs.
//   GET   the subscription handshake: hub.challenge back as text when hub.verify_token matches
//   POST  events, signed with the app secret: recorded, answered 200 at once, replies sent after
//   POST  /refresh-tokens with a secret key in `apikey`: the daily refresh of quiet accounts' tokens
// Answering fast matters: Meta retries slow or failed deliveries and eventually disables the
// webhook. Sending happens after the answer (runAfterResponse), and a redelivery sends nothing
// again because the event is recorded once.
import { Hono } from "hono";
import type { Sql } from "../_shared/db.ts";
import { limitBody } from "../_shared/body-limit.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { hasSecretKey, type SecretKeys } from "../_shared/secret-keys.ts";
import { readEvents } from "./payload.ts";
import { recordEvent } from "./record-event.ts";
import { refreshAgeingTokens } from "./refresh-tokens.ts";
import { RETRY_DELAYS_MS, sendReply } from "./send-reply.ts";
import { hasValidSignature, sameSecret } from "./signature.ts";

export interface WebhookDeps {
  sql: Sql;
  /** Null when the marketplace has no Instagram app: every request is refused. */
  config: InstagramConfig | null;
  appUrl: string;
  /** Authorises the scheduled token refresh (the project's secret API keys). */
  secretKeys: SecretKeys;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted). */
  runAfterResponse: (work: Promise<unknown>) => void;
  /** The waits before each retry of a reply Meta throttled; RETRY_DELAYS_MS unless given. */
  retryDelaysMs?: readonly number[];
}

/** Meta's payloads are a few kilobytes; anything far larger is not from Meta. */
const MAX_BODY_BYTES = 256 * 1024;

export function createWebhookApp(deps: WebhookDeps) {
  const app = new Hono().basePath("/instagram-webhook");
  // Bounded before anything reads it: a declared length over the limit is refused unread, and a
  // chunked body is cut off at the limit.
  app.use(
    "*",
    limitBody(MAX_BODY_BYTES, (c) => c.text("Payload too large", 413)),
  );

  app.get("/", (c) => {
    const challenge = c.req.query("hub.challenge");
    const token = c.req.query("hub.verify_token") ?? "";
    const valid =
      deps.config !== null && c.req.query("hub.mode") === "subscribe" && sameSecret(token, deps.config.verifyToken);
    if (!valid || !challenge) return c.text("Forbidden", 403);
    return c.text(challenge, 200);
  });

  app.post("/", async (c) => {
    if (!deps.config) return c.text("Instagram is not set up on this marketplace", 403);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!(await hasValidSignature(deps.config.appSecret, body, c.req.header("x-hub-signature-256")))) {
      return c.text("Invalid signature", 401);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return c.text("Body is not JSON", 400);
    }
    const events = readEvents(parsed);
    if (events === null) return c.text("Not an Instagram webhook payload", 400);

    // Recorded before answering: a 500 here (database away) makes Meta deliver again later.
    const pending: string[] = [];
    for (const event of events) {
      const id = await recordEvent(deps.sql, event);
      if (id) pending.push(id);
    }
    const replyDeps = {
      sql: deps.sql,
      config: deps.config,
      appUrl: deps.appUrl,
      retryDelaysMs: deps.retryDelaysMs ?? RETRY_DELAYS_MS,
    };
    deps.runAfterResponse(
      Promise.all(
        pending.map((id) =>
          sendReply(replyDeps, id).catch((error) =>
            console.error(`[instagram-webhook] reply to event ${id} failed:`, error),
          ),
        ),
      ),
    );
    return c.text("EVENT_RECEIVED", 200);
  });

  app.post("/refresh-tokens", async (c) => {
    if (!hasSecretKey(c.req.header("apikey"), deps.secretKeys)) {
      return c.text("A secret key is required in the apikey header", 401);
    }
    if (!deps.config) return c.json({ due: 0, refreshed: 0, failed: 0 });
    return c.json(await refreshAgeingTokens(deps.sql, deps.config));
  });

  app.notFound((c) => c.text("Not found", 404));
  return app;
}
