// The `telegram-webhook` function: the bot's webhook, and the outbox drain.
//   POST /         Telegram's updates. Only a request whose X-Telegram-Bot-Api-Secret-Token is
//                  TELEGRAM_WEBHOOK_SECRET is read at all; /start <token> links the chat to the
//                  token's account, or (an order page's token) makes it follow that order, and
//                  confirms in the chat. Every update read is answered 200
//                  (a non-2xx makes Telegram deliver it again and again).
//   POST /drain    with a secret key in `apikey`: sends the due notices (the scheduled job).
import { Hono } from "hono";
import { asService, type Sql } from "../_shared/db.ts";
import { limitBody } from "../_shared/body-limit.ts";
import { sameSecret } from "../_shared/same-secret.ts";
import { hasSecretKey, type SecretKeys } from "../_shared/secret-keys.ts";
import { sendMessage } from "../_shared/telegram/bot-api.ts";
import type { TelegramConfig } from "../_shared/telegram/config.ts";
import { drainOutbox } from "../_shared/telegram/drain.ts";
import {
  followingText,
  howToLinkText,
  linkedText,
  staleFollowText,
  staleLinkText,
  type ChatLanguage,
} from "../_shared/telegram/messages.ts";
import { followTokenOf } from "../_shared/telegram/start-links.ts";
import type { OrderStatus } from "../_shared/contract/statuses.ts";
import { readStartCommand } from "../_shared/telegram/update.ts";

export interface WebhookDeps {
  sql: Sql;
  /** Null when the marketplace has no bot: every update is refused. */
  config: TelegramConfig | null;
  /** Authorises the scheduled drain (the project's secret API keys). */
  secretKeys: SecretKeys;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on hosted). */
  runAfterResponse: (work: Promise<unknown>) => void;
}

/** Updates are a few kilobytes; anything far larger is not from Telegram. */
const MAX_BODY_BYTES = 64 * 1024;

export function createWebhookApp(deps: WebhookDeps) {
  const app = new Hono().basePath("/telegram-webhook");
  // Bounded before anything reads it: a declared length over the limit is refused unread, and a
  // chunked body is cut off at the limit.
  app.use(
    "*",
    limitBody(MAX_BODY_BYTES, (c) => c.text("Payload too large", 413)),
  );

  app.post("/", async (c) => {
    if (!deps.config) return c.text("Telegram is not set up on this marketplace", 403);
    const config = deps.config;
    // Checked before the body is read: a caller without the secret learns nothing and costs nothing.
    if (!sameSecret(c.req.header("x-telegram-bot-api-secret-token") ?? "", config.webhookSecret)) {
      return c.text("The secret token is missing or wrong", 401);
    }
    const body = await c.req.arrayBuffer();
    let start;
    try {
      start = readStartCommand(JSON.parse(new TextDecoder().decode(body)));
    } catch {
      return c.text("Not a Telegram Update", 400);
    }
    if (!start) return c.text("ok", 200);

    // Linked or followed before answering: a database failure (500) makes Telegram deliver the
    // /start again.
    let reply: string;
    const followToken = start.token === null ? null : followTokenOf(start.token);
    if (start.token === null) {
      reply = howToLinkText(start.language);
    } else if (followToken !== null) {
      const [followed] = await asService(
        deps.sql,
        (tx) => tx<{ order_number: string; status: OrderStatus; language: ChatLanguage }[]>`
          select order_number, status, language from private.follow_order_in_telegram(${followToken}, ${start.chatId})`,
      );
      reply = followed
        ? followingText(followed.order_number, followed.status, followed.language)
        : staleFollowText(start.language);
    } else {
      const token = start.token;
      const [linked] = await asService(
        deps.sql,
        (tx) => tx<{ id: string | null; language: ChatLanguage; title: string }[]>`
          select id, language, title from private.link_telegram_chat(${token}, ${start.chatId}, ${start.title})`,
      );
      reply = linked?.id ? linkedText(linked.title, linked.language) : staleLinkText(start.language);
    }
    deps.runAfterResponse(
      sendMessage(config, start.chatId, reply).catch((error) =>
        console.error(`[telegram-webhook] the answer to /start in chat ${start.chatId} failed:`, error),
      ),
    );
    return c.text("ok", 200);
  });

  app.post("/drain", async (c) => {
    if (!hasSecretKey(c.req.header("apikey"), deps.secretKeys)) {
      return c.text("A secret key is required in the apikey header", 401);
    }
    if (!deps.config) return c.json({ sent: 0, retrying: 0, unlinked: 0, failed: 0 });
    // A scheduled run sends what is due now and leaves later retries to the next run.
    return c.json(await drainOutbox(deps.sql, deps.config, { maxWaitMs: 0 }));
  });

  app.notFound((c) => c.text("Not found", 404));
  return app;
}
