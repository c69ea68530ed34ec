import assert from "node:assert/strict";
import { backoffSeconds } from "./drain.ts";
import { readTelegramConfig } from "./config.ts";
import { readStartCommand } from "./update.ts";

const update = (
  text: string | undefined,
  chat: Record<string, unknown> = { id: 42, type: "private", first_name: "Dara" },
) => ({
  update_id: 1,
  message: { message_id: 1, date: 0, chat, from: { id: 42, language_code: "km" }, text },
});

Deno.test("/start <token> gives the chat, a title and the token", () => {
  assert.deepStrictEqual(readStartCommand(update("/start abc_DEF-123")), {
    chatId: 42,
    title: "Dara",
    token: "abc_DEF-123",
    language: "km",
  });
});

Deno.test("a group's title, or a user's @username, names the chat", () => {
  assert.deepStrictEqual(
    readStartCommand(update("/start@shop_bot t1", { id: -5, type: "group", title: "Shop staff" }))?.title,
    "Shop staff",
  );
  assert.deepStrictEqual(
    readStartCommand(update("/start t1", { id: 5, type: "private", username: "dara" }))?.title,
    "@dara",
  );
});

Deno.test("a bare /start has no token; a malformed token is an empty one (never linked)", () => {
  assert.deepStrictEqual(readStartCommand(update("/start"))?.token, null);
  assert.deepStrictEqual(readStartCommand(update("/start bad!token"))?.token, "");
});

Deno.test("other messages and updates are not /start", () => {
  assert.deepStrictEqual(readStartCommand(update("hello")), null);
  assert.deepStrictEqual(readStartCommand(update(undefined)), null);
  assert.deepStrictEqual(readStartCommand({ update_id: 2, edited_message: {} }), null);
});

Deno.test("a body that is not an Update throws", () => {
  let threw = false;
  try {
    readStartCommand({ message: "x" });
  } catch {
    threw = true;
  }
  assert.deepStrictEqual(threw, true);
});

Deno.test("backoff doubles and stops growing at five minutes", () => {
  assert.deepStrictEqual([1, 2, 3, 8, 9, 20].map(backoffSeconds), [2, 4, 8, 256, 300, 300]);
});

Deno.test("configuration: off without a token, defaults to api.telegram.org, names a bad value", () => {
  assert.deepStrictEqual(
    readTelegramConfig(() => undefined),
    null,
  );
  const env: Record<string, string> = {
    TELEGRAM_BOT_TOKEN: "1:abc",
    TELEGRAM_BOT_USERNAME: "@shop_alerts_bot",
    TELEGRAM_WEBHOOK_SECRET: "s3cret_-",
  };
  assert.deepStrictEqual(
    readTelegramConfig((name) => env[name]),
    {
      botToken: "1:abc",
      botUsername: "shop_alerts_bot",
      webhookSecret: "s3cret_-",
      apiUrl: "https://api.telegram.org",
    },
  );
  let message = "";
  try {
    readTelegramConfig((name) => ({ ...env, TELEGRAM_WEBHOOK_SECRET: "has space" })[name]);
  } catch (error) {
    message = (error as Error).message;
  }
  assert.deepStrictEqual(message.startsWith("TELEGRAM_WEBHOOK_SECRET"), true);
});
