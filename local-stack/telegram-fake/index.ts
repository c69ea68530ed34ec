// A fake of the Telegram Bot API for the local stack and tests: development infrastructure, never
// product code. One HTTP server:
//   /bot<token>/<method>   the Bot API (TELEGRAM_API_URL points here): sendMessage, getMe
//   /_fake/...             control calls: press Start, block the bot, force flood control, read
//                          what was sent (control.ts)
// It refuses what Telegram would refuse, with Telegram's error shapes, and delivers /start
// updates to the app's webhook with the secret token, as Telegram does after setWebhook.
// State lives in memory.
import { startFakeServer } from "../fake-server.ts";
import { handleBotApi } from "./bot-api.ts";
import { handleControl } from "./control.ts";
import { sendJson } from "./http.ts";
import { TelegramFakeState } from "./state.ts";

export interface TelegramFakeOptions {
  port: number;
  botToken: string;
  botUsername: string;
  webhookSecret: string;
  /** where updates are POSTed, e.g. http://127.0.0.1:<gateway>/functions/v1/telegram-webhook */
  webhookUrl: string;
  log?: (line: string) => void;
}

export interface TelegramFake {
  url: string;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

export async function startTelegramFake(opts: TelegramFakeOptions): Promise<TelegramFake> {
  const log = (line: string) => opts.log?.(`[telegram-fake] ${line}`);
  let webhookUrl = opts.webhookUrl;
  const state = new TelegramFakeState();
  const bot = { state, botToken: opts.botToken, botUsername: opts.botUsername, log };
  const control = { state, webhookUrl: () => webhookUrl, webhookSecret: opts.webhookSecret, log };

  const server = await startFakeServer({
    name: "Telegram fake",
    port: opts.port,
    sendJson,
    serves: "/bot<token>/* and /_fake/*",
    route(req, res, url) {
      const path = url.pathname;
      if (path.startsWith("/bot")) return handleBotApi(bot, req, res, path);
      if (path.startsWith("/_fake/")) return handleControl(control, req, res, path, url.searchParams);
      return null;
    },
  });
  const url = server.url;
  log(`listening on ${url}, updates to ${webhookUrl}`);
  return {
    url,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    async close() {
      state.releaseWaiters();
      await server.close();
    },
  };
}
