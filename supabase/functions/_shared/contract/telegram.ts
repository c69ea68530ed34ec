// Telegram alerts: the Link Telegram URL, the caller's linked chats and their switches. Request and
// response schemas, shared by the SPA and the functions (no Deno APIs).
import { z } from "zod";
import { id, message, timestamp } from "./fields.ts";
import { TELEGRAM_LANGUAGES, type TelegramNoticeKind } from "./statuses.ts";

export {
  TELEGRAM_LANGUAGES,
  TELEGRAM_NOTICE_KINDS,
  type TelegramLanguage,
  type TelegramNoticeKind,
} from "./statuses.ts";

/**
 * The notices an account's chat switches on or off; order_status goes to customers' chats only.
 * new_order also switches an influencer's order outcomes and the admins' couriers' cash reminder,
 * and payout_completed an influencer's cash handed over (docs/product.md, "Telegram alerts").
 */
export const ACCOUNT_NOTICE_KINDS = [
  "new_order",
  "payout_completed",
  "new_signup",
] as const satisfies readonly TelegramNoticeKind[];
export type AccountNoticeKind = (typeof ACCOUNT_NOTICE_KINDS)[number];

/** GET /notifications/telegram?language=en|km: the language the linked chat's notices use. */
export const telegramLinkQuerySchema = z.object({
  language: z.enum(TELEGRAM_LANGUAGES, { error: "language must be en or km" }).default("en"),
});

/** GET /notifications/telegram: open it to link a chat (single use, valid fifteen minutes). */
export const telegramLinkResponseSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** A linked chat as its owner sees it. */
export const telegramChatSchema = z.object({
  id,
  /** The Telegram name or group title when it was linked. */
  title: z.string(),
  language: z.enum(TELEGRAM_LANGUAGES),
  /** Which notices the chat gets. */
  notices: z.object({ new_order: z.boolean(), payout_completed: z.boolean(), new_signup: z.boolean() }),
  linked_at: timestamp,
});

/** GET /notifications/telegram/chats */
export const telegramChatsResponseSchema = z.object({ chats: z.array(telegramChatSchema) });

/** PUT /notifications/telegram/chats/{id}: any of the switches, and the language. */
export const telegramChatUpdateSchema = z
  .strictObject({
    language: z.enum(TELEGRAM_LANGUAGES, { error: "language must be en or km" }).optional(),
    new_order: z.boolean({ error: "new_order must be true or false" }).optional(),
    payout_completed: z.boolean({ error: "payout_completed must be true or false" }).optional(),
    new_signup: z.boolean({ error: "new_signup must be true or false" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: "Send language, new_order, payout_completed or new_signup",
  });
export type TelegramChatUpdateInput = z.input<typeof telegramChatUpdateSchema>;

/** PUT /notifications/telegram/chats/{id} */
export const telegramChatResponseSchema = z.object({ chat: telegramChatSchema });

/** DELETE /notifications/telegram/chats/{id} */
export const telegramUnlinkedResponseSchema = z.object({ message });

export type TelegramLinkResponse = z.infer<typeof telegramLinkResponseSchema>;
export type TelegramChat = z.infer<typeof telegramChatSchema>;
export type TelegramChatsResponse = z.infer<typeof telegramChatsResponseSchema>;
export type TelegramChatResponse = z.infer<typeof telegramChatResponseSchema>;
export type TelegramUnlinkedResponse = z.infer<typeof telegramUnlinkedResponseSchema>;
