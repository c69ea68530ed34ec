// The t.me links that open the bot with a token (`/start <token>` in the chat). An account's link
// (Link Telegram) carries its token alone, 32 characters; an order page's (Get updates on Telegram)
// carries "o" and its token, 33, so the webhook knows which kind a token is without asking.
import type { TelegramConfig } from "./config.ts";

/** The link that opens the bot and sends /start <start>. */
export function startLink(config: Pick<TelegramConfig, "botUsername">, start: string): string {
  return `https://t.me/${config.botUsername}?start=${start}`;
}

/** The start parameter of an order page's link. */
export function orderFollowStart(token: string): string {
  return `o${token}`;
}

/** The follow token a start parameter carries, or null when it is not an order page's. */
export function followTokenOf(start: string): string | null {
  return /^o[A-Za-z0-9_-]{32}$/.test(start) ? start.slice(1) : null;
}
