// Telegram alerts of a business, an influencer or an admin:
//   GET /notifications/telegram              the t.me link that links a chat (single use)
//   GET /notifications/telegram/chats        the caller's linked chats
//   PUT /notifications/telegram/chats/{id}   switch notices on or off, or change the language
//   DELETE /notifications/telegram/chats/{id} unlink
// The chats are read and changed as the caller (RLS: own chats only); linking itself happens in
// the telegram-webhook function when Telegram delivers /start <token>.
import { Hono } from "hono";
import {
  telegramChatUpdateSchema,
  telegramLinkQuerySchema,
  type TelegramChatResponse,
  type TelegramChatsResponse,
  type TelegramLinkResponse,
  type TelegramUnlinkedResponse,
} from "../../_shared/contract/telegram.ts";
import type { AppDeps } from "../../_shared/context.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { parseJsonBody, parseWith, uuidParam } from "../../_shared/validation.ts";
import { startLink } from "../../_shared/telegram/start-links.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { telegramChatColumns, toTelegramChatJson, type TelegramChatRow } from "../read-models/telegram-chats.ts";

export function notificationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /notifications/telegram - the link that connects a Telegram chat (valid 15 minutes, once)
  app.get("/telegram", async (c) => {
    if (!deps.telegram) throw new ApiError("unavailable", "Telegram alerts are not set up on this marketplace yet");
    const { language } = parseWith(telegramLinkQuerySchema, c.req.query());
    const user = c.get("user");
    const [{ token }] = await asService(
      deps.sql,
      (tx) => tx<{ token: string }[]>`select private.new_telegram_link_token(${user.id}, ${language}) as token`,
    );
    const url = startLink(deps.telegram, token);
    return c.json({ url } satisfies TelegramLinkResponse);
  });

  // GET /notifications/telegram/chats - the caller's linked chats and their switches
  app.get("/telegram/chats", async (c) => {
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<TelegramChatRow[]>`
        select ${telegramChatColumns(tx)} from public.telegram_chats
        where user_id = ${c.get("user").id} order by linked_at`,
    );
    return c.json({ chats: rows.map(toTelegramChatJson) } satisfies TelegramChatsResponse);
  });

  // PUT /notifications/telegram/chats/{id} - switch notices, or change the language
  app.put("/telegram/chats/:id", async (c) => {
    const chatId = uuidParam(c.req.param("id"), "id");
    const input = await parseJsonBody(c, telegramChatUpdateSchema);
    const [row] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<TelegramChatRow[]>`
        update public.telegram_chats set
          language = coalesce(${input.language ?? null}, language),
          notify_new_orders = coalesce(${input.new_order ?? null}::boolean, notify_new_orders),
          notify_payouts = coalesce(${input.payout_completed ?? null}::boolean, notify_payouts),
          notify_signups = coalesce(${input.new_signup ?? null}::boolean, notify_signups)
        where id = ${chatId}
        returning ${telegramChatColumns(tx)}`,
    );
    if (!row) throw new ApiError("not_found", "No such linked Telegram chat");
    return c.json({ chat: toTelegramChatJson(row) } satisfies TelegramChatResponse);
  });

  // DELETE /notifications/telegram/chats/{id} - unlink: nothing more is sent there
  app.delete("/telegram/chats/:id", async (c) => {
    const chatId = uuidParam(c.req.param("id"), "id");
    const deleted = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx`delete from public.telegram_chats where id = ${chatId} returning 1`,
    );
    if (deleted.length === 0) throw new ApiError("not_found", "No such linked Telegram chat");
    return c.json({ message: "Telegram chat unlinked" } satisfies TelegramUnlinkedResponse);
  });

  return app;
}
