// Configuration of the Telegram alerts, read by the api and telegram-webhook functions. Without
// TELEGRAM_BOT_TOKEN the feature is off (the rest of the marketplace works): Link Telegram answers
// 503, the webhook refuses every update and nothing is sent.
//   TELEGRAM_BOT_TOKEN       the token @BotFather gave the bot (123456:ABC...)
//   TELEGRAM_BOT_USERNAME    the bot's username, without @ (the t.me/<bot>?start=... links)
//   TELEGRAM_WEBHOOK_SECRET  the secret_token given to setWebhook; Telegram echoes it in
//                            X-Telegram-Bot-Api-Secret-Token (1-256 characters of A-Z a-z 0-9 _ -)
//   TELEGRAM_API_URL         https://api.telegram.org unless set (the local stack's fake)

export interface TelegramConfig {
  botToken: string;
  botUsername: string;
  webhookSecret: string;
  apiUrl: string;
}

type Env = (name: string) => string | undefined;

/** The configuration, or null when no bot token is set. Throws naming a missing or bad value. */
export function readTelegramConfig(env: Env = (name) => Deno.env.get(name)): TelegramConfig | null {
  const botToken = env("TELEGRAM_BOT_TOKEN");
  if (!botToken) return null;
  const botUsername = (env("TELEGRAM_BOT_USERNAME") ?? "").replace(/^@/, "");
  if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(botUsername)) {
    throw new Error("TELEGRAM_BOT_USERNAME must be the bot's username (letters, digits and _), without @");
  }
  const webhookSecret = env("TELEGRAM_WEBHOOK_SECRET") ?? "";
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) {
    throw new Error("TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -");
  }
  return {
    botToken,
    botUsername,
    webhookSecret,
    apiUrl: (env("TELEGRAM_API_URL") || "https://api.telegram.org").replace(/\/+$/, ""),
  };
}
