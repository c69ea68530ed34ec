// What the webhook reads from a Telegram Update: only a message's text, its chat and its sender's
// language. Everything else Telegram may send (edits, callbacks, members joining) is ignored.
import { z } from "zod";
import type { ChatLanguage } from "./messages.ts";

const updateSchema = z.object({
  update_id: z.number(),
  message: z
    .object({
      text: z.string().optional(),
      chat: z.object({
        id: z.number().int(),
        type: z.string(),
        title: z.string().optional(),
        username: z.string().optional(),
        first_name: z.string().optional(),
        last_name: z.string().optional(),
      }),
      from: z.object({ language_code: z.string().optional() }).optional(),
    })
    .optional(),
});

export interface StartCommand {
  chatId: number;
  /** The name the owner will see in the app's list of chats. */
  title: string;
  /** The token after /start, or null when none came (the bot opened without the app's link). */
  token: string | null;
  /** The sender's Telegram language, for answers before the chat is linked. */
  language: ChatLanguage;
}

/** The /start command of an update, null when the update is something else; throws when it is not an Update. */
export function readStartCommand(body: unknown): StartCommand | null {
  const update = updateSchema.parse(body);
  const message = update.message;
  const match = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/.exec(message?.text?.trim() ?? "");
  if (!message || !match) return null;
  const chat = message.chat;
  const person = [chat.first_name, chat.last_name].filter(Boolean).join(" ");
  const title = chat.title ?? (chat.username ? `@${chat.username}` : person || "Telegram");
  const token = match[1] && /^[A-Za-z0-9_-]{1,64}$/.test(match[1]) ? match[1] : null;
  return {
    chatId: chat.id,
    title,
    token: match[1] === undefined ? null : (token ?? ""),
    language: message.from?.language_code?.startsWith("km") ? "km" : "en",
  };
}
