// The Telegram fake, as the product sees it: sendMessage with Telegram's answers and error shapes,
// and /start updates delivered with the secret token to a receiver that stands in for the
// telegram-webhook function. Needs no stack.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";
import { startTelegramFake, type TelegramFake } from "../../local-stack/telegram-fake/index.ts";

const TOKEN = "123456:test-bot-token";
const SECRET = "test-webhook-secret";

let fake: TelegramFake;
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: any }[] = [];

beforeAll(async () => {
  const receiverPort = await freePort();
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(body) });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));
  fake = await startTelegramFake({
    port: await freePort(),
    botToken: TOKEN,
    botUsername: "test_shop_bot",
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${receiverPort}/telegram-webhook`,
  });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const send = (body: unknown, token = TOKEN) =>
  fetch(`${fake.url}/bot${token}/sendMessage`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${fake.url}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe("the Telegram fake", () => {
  it("delivers a /start update with the secret token, as Telegram does after setWebhook", async () => {
    const started = await control("POST", "start", { token: "abc", first_name: "Dara", language_code: "km" });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ webhook_status: 200, webhook_body: "ok" });
    const delivered = received.at(-1)!;
    expect(delivered.headers["x-telegram-bot-api-secret-token"]).toBe(SECRET);
    expect(delivered.body.message).toMatchObject({
      text: "/start abc",
      chat: { id: started.body.chat_id, type: "private", first_name: "Dara" },
      from: { language_code: "km" },
    });
  });

  it("sends to a chat that pressed Start and records it", async () => {
    const { body: chat } = await control("POST", "start", { token: "t" });
    const res = await send({ chat_id: chat.chat_id, text: "hello" });
    expect(res).toMatchObject({
      status: 200,
      body: { ok: true, result: { text: "hello", chat: { id: chat.chat_id } } },
    });
    const { body } = await control("GET", `messages?chat_id=${chat.chat_id}&min=1&wait_ms=1000`);
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual(["hello"]);
  });

  it.each([
    ["a wrong token", { chat_id: 1, text: "x" }, "999:wrong", 401, "Unauthorized"],
    ["no chat_id", { text: "x" }, TOKEN, 400, "Bad Request: chat_id is empty"],
    ["a chat that never pressed Start", { chat_id: 42, text: "x" }, TOKEN, 400, "Bad Request: chat not found"],
  ])("refuses %s in Telegram's shape", async (_case, body, token, code, description) => {
    expect(await send(body, token)).toEqual({ status: code, body: { ok: false, error_code: code, description } });
  });

  it("answers 429 with retry_after when asked, then sends again; 403 once the user blocked the bot", async () => {
    const { body: chat } = await control("POST", "start", { token: "t" });
    await control("POST", "flood", { chat_id: chat.chat_id, retry_after: 3, count: 1 });
    expect(await send({ chat_id: chat.chat_id, text: "x" })).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 3",
        parameters: { retry_after: 3 },
      },
    });
    expect((await send({ chat_id: chat.chat_id, text: "x" })).status).toBe(200);
    await control("POST", "block", { chat_id: chat.chat_id });
    expect(await send({ chat_id: chat.chat_id, text: "x" })).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
    });
    const { body } = await control("GET", `attempts?chat_id=${chat.chat_id}`);
    expect(body.attempts.map((a: { status: number }) => a.status)).toEqual([429, 200, 403]);
  });

  it("names what is wrong in a control call", async () => {
    expect(await control("POST", "block", { chat_id: 5 })).toEqual({
      status: 404,
      body: { error: "no chat 5 in the fake: a chat exists once it pressed Start (POST /_fake/start)" },
    });
    expect((await control("POST", "flood", { chat_id: "x", retry_after: 1 })).status).toBe(400);
  });
});
