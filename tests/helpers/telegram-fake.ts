// The local stack's Telegram fake, as tests drive it: a user pressing Start on the app's
// t.me link, blocking the bot, Telegram's flood control, and what the bot sent.
import { expect } from "vitest";
import { api } from "./api.ts";

export function telegramFakeUrl(): string {
  const url = process.env.TELEGRAM_FAKE_URL;
  if (!url)
    throw new Error("TELEGRAM_FAKE_URL is not set: run these tests through npm test (the stack's Telegram fake)");
  return url;
}

async function control<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${telegramFakeUrl()}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`the Telegram fake refused ${method} ${path}: ${JSON.stringify(answer)}`);
  return answer as T;
}

export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  /** What the bot sent as link_preview_options; null when it sent none. */
  link_preview_options: { is_disabled?: boolean } | null;
  at: string;
}

export interface Attempt {
  status: number;
  description: string | null;
  at: string;
}

/** Presses Start with `token` (a new private chat unless `chat_id` is given); the webhook's answer. */
export const pressStart = (token: string, extra: Record<string, unknown> = {}) =>
  control<{ chat_id: number; webhook_status: number; webhook_body: string }>("POST", "start", { token, ...extra });

export const blockBot = (chatId: number) => control("POST", "block", { chat_id: chatId, blocked: true });

export const floodNext = (chatId: number, retryAfter: number, count = 1) =>
  control("POST", "flood", { chat_id: chatId, retry_after: retryAfter, count });

/** The chat's messages once there are at least `min` (waiting up to 15 s for them). */
export async function messagesOf(chatId: number, min: number): Promise<SentMessage[]> {
  const { messages } = await control<{ messages: SentMessage[] }>(
    "GET",
    `messages?chat_id=${chatId}&min=${min}&wait_ms=15000`,
  );
  return messages;
}

/** The chat's message that holds `text`, once it came (waiting up to 15 s for it). */
export async function messageWith(chatId: number, text: string): Promise<SentMessage> {
  const { messages } = await control<{ messages: SentMessage[] }>(
    "GET",
    `messages?chat_id=${chatId}&contains=${encodeURIComponent(text)}&wait_ms=15000`,
  );
  const found = messages.find((m) => m.text.includes(text));
  if (!found) throw new Error(`chat ${chatId} got no message with ${JSON.stringify(text)} within 15 s`);
  return found;
}

export async function attemptsOf(chatId: number): Promise<Attempt[]> {
  return (await control<{ attempts: Attempt[] }>("GET", `attempts?chat_id=${chatId}`)).attempts;
}

/** Links a new chat to the account through Link Telegram and /start; waits for the confirmation. */
export async function linkChat(token: string, language: "en" | "km" = "en", extra: Record<string, unknown> = {}) {
  const link = await api("GET", `/notifications/telegram?language=${language}`, { token });
  expect(link.status).toBe(200);
  const startToken = new URL(link.body.url).searchParams.get("start")!;
  const started = await pressStart(startToken, extra);
  expect(started.webhook_status).toBe(200);
  const [confirmation] = await messagesOf(started.chat_id, 1);
  const chats = await api("GET", "/notifications/telegram/chats", { token });
  return { chatId: started.chat_id, startToken, confirmation, chat: chats.body.chats.at(-1) };
}
