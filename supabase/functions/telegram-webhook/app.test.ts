import type { Sql } from "../_shared/db.ts";
import assert from "node:assert/strict";
import { createWebhookApp } from "./app.ts";

// Refusals happen before the database is touched: a Sql that throws proves it.
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error("the database was touched");
    },
  },
) as unknown as Sql;

const config = {
  botToken: "1:abc",
  botUsername: "shop_bot",
  webhookSecret: "the-secret",
  apiUrl: "http://127.0.0.1:1",
};

function post(app: ReturnType<typeof createWebhookApp>, path: string, headers: Record<string, string>) {
  return app.fetch(
    new Request(`http://function.local/telegram-webhook${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ update_id: 1, message: { text: "/start abc", chat: { id: 1, type: "private" } } }),
    }),
  );
}

const secretKeys = { current: "sb_secret_unit", all: ["sb_secret_unit"] };
const deps = { sql: noDatabase, secretKeys, runAfterResponse: () => {} };

Deno.test("an update without the secret token, or with another, is refused unread", async () => {
  const app = createWebhookApp({ ...deps, config });
  assert.deepStrictEqual((await post(app, "", {})).status, 401);
  assert.deepStrictEqual((await post(app, "", { "x-telegram-bot-api-secret-token": "the-secret2" })).status, 401);
  assert.deepStrictEqual((await post(app, "", { "x-telegram-bot-api-secret-token": "THE-SECRET" })).status, 401);
});

Deno.test("without a bot every update is refused", async () => {
  const app = createWebhookApp({ ...deps, config: null });
  assert.deepStrictEqual((await post(app, "", { "x-telegram-bot-api-secret-token": "the-secret" })).status, 403);
});

Deno.test("the drain needs a secret key in apikey, not as a bearer token", async () => {
  const app = createWebhookApp({ ...deps, config });
  assert.deepStrictEqual((await post(app, "/drain", {})).status, 401);
  assert.deepStrictEqual((await post(app, "/drain", { apikey: "sb_secret_other" })).status, 401);
  assert.deepStrictEqual((await post(app, "/drain", { authorization: "Bearer sb_secret_unit" })).status, 401);
});
