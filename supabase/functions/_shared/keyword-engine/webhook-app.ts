// A Meta webhook of the keyword automation (instagram-webhook, facebook-webhook): the same
// handshake, signature and answer for both platforms, each with its own payload reader and reply
// channel.
//   GET   the subscription handshake: hub.challenge back as text when hub.verify_token matches
//   POST  events, signed with the app secret: recorded, answered 200 at once, replies sent after
// Answering fast matters: Meta retries slow or failed deliveries and eventually disables the
// webhook. Sending happens after the answer (runAfterResponse), and a redelivery sends nothing
// again because the event is recorded once.
import { Hono } from "hono";
import type { Sql } from "../db.ts";
import { limitBody } from "../body-limit.ts";
import type { IncomingEvent, Platform } from "./incoming-event.ts";
import { recordEvent } from "./record-event.ts";
import { sendReply, type ReplyChannel } from "./send-reply.ts";
import { hasValidSignature, sameSecret } from "./signature.ts";

/** What the two Meta apps share: the secret that signs deliveries and the handshake's token. */
export interface WebhookSecrets {
  appSecret: string;
  verifyToken: string;
}

export interface KeywordWebhook {
  platform: Platform;
  /** "Instagram", "Facebook": in refusals and logs. */
  name: string;
  /** The events of a payload, or null when it is not this platform's webhook payload at all. */
  readEvents(body: unknown): IncomingEvent[] | null;
  channel: ReplyChannel;
}

export interface WebhookDeps {
  sql: Sql;
  /** Null when the marketplace has no app for the platform: every event is refused. */
  secrets: WebhookSecrets | null;
  appUrl: string;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted). */
  runAfterResponse: (work: Promise<unknown>) => void;
  /** The waits before each retry of a reply Meta throttled. */
  retryDelaysMs: readonly number[];
}

/** Meta's payloads are a few kilobytes; anything far larger is not from Meta. */
const MAX_BODY_BYTES = 256 * 1024;

/** The webhook's app at `basePath` (the function's name); callers may add routes of their own. */
export function createKeywordWebhookApp(basePath: string, webhook: KeywordWebhook, deps: WebhookDeps) {
  const app = new Hono().basePath(basePath);
  const tag = `[${basePath.slice(1)}]`;
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
      deps.secrets !== null && c.req.query("hub.mode") === "subscribe" && sameSecret(token, deps.secrets.verifyToken);
    if (!valid || !challenge) return c.text("Forbidden", 403);
    return c.text(challenge, 200);
  });

  app.post("/", async (c) => {
    if (!deps.secrets) return c.text(`${webhook.name} is not set up on this marketplace`, 403);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!(await hasValidSignature(deps.secrets.appSecret, body, c.req.header("x-hub-signature-256")))) {
      return c.text("Invalid signature", 401);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return c.text("Body is not JSON", 400);
    }
    const events = webhook.readEvents(parsed);
    if (events === null) return c.text(`Not a ${webhook.name} webhook payload`, 400);

    // Recorded before answering: a 500 here (database away) makes Meta deliver again later.
    const pending: string[] = [];
    for (const event of events) {
      const id = await recordEvent(deps.sql, webhook.platform, event);
      if (id) pending.push(id);
    }
    const replyDeps = {
      sql: deps.sql,
      channel: webhook.channel,
      appUrl: deps.appUrl,
      retryDelaysMs: deps.retryDelaysMs,
    };
    deps.runAfterResponse(
      Promise.all(
        pending.map((id) =>
          sendReply(replyDeps, id).catch((error) => console.error(`${tag} reply to event ${id} failed:`, error)),
        ),
      ),
    );
    return c.text("EVENT_RECEIVED", 200);
  });

  app.notFound((c) => c.text("Not found", 404));
  return app;
}
