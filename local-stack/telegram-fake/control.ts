// /_fake/*: what tests and `npm run telegram:simulate` use to act as Telegram's users and to watch
// what the bot sent. JSON in, JSON out; a refusal is {error} naming what is wrong.
//   POST /_fake/start      a user presses Start on t.me/<bot>?start=<token>: the chat is created
//                          (or unblocked) and the Update is POSTed to the webhook with the secret
//   POST /_fake/block      the user blocks (or unblocks) the bot: sendMessage then answers 403
//   POST /_fake/flood      the next `count` sends to a chat answer 429 with retry_after
//   GET  /_fake/messages   what the bot sent (?chat_id; ?wait_ms waits for ?min messages, or for
//                          one that holds ?contains)
//   GET  /_fake/attempts   every sendMessage call and its answer, with times (?chat_id)
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerControl } from "../fake-server.ts";
import { ControlError, readJsonObject, sendJson } from "./http.ts";
import type { FakeChat, TelegramFakeState } from "./state.ts";

// A long poll never holds a connection longer than this.
const MAX_WAIT_MS = 60_000;

export interface ControlContext {
  state: TelegramFakeState;
  webhookUrl: () => string;
  webhookSecret: string;
  log: (line: string) => void;
}

export async function handleControl(
  ctx: ControlContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  await answerControl(res, sendJson, () => route(ctx, req, path, query));
}

function integer(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null || value === "") && fallback !== undefined) return fallback;
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < min || number > max)
    throw new ControlError(400, `${name} must be an integer from ${min} to ${max}`);
  return number;
}

function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > 128)
    throw new ControlError(400, `${name} must be a string of at most 128 characters`);
  return value;
}

function knownChat(ctx: ControlContext, value: unknown): FakeChat {
  const id = integer(value, "chat_id", -(2 ** 52), 2 ** 52);
  const chat = ctx.state.chats.get(id);
  if (!chat)
    throw new ControlError(404, `no chat ${id} in the fake: a chat exists once it pressed Start (POST /_fake/start)`);
  return chat;
}

async function pressStart(ctx: ControlContext, body: Record<string, unknown>) {
  const token = optionalText(body.token, "token");
  const title = optionalText(body.title, "title");
  const requested = body.chat_id === undefined ? undefined : integer(body.chat_id, "chat_id", -(2 ** 52), 2 ** 52);
  const id = requested ?? (title ? -ctx.state.newChatId() : ctx.state.newChatId());
  const chat: FakeChat = ctx.state.chats.get(id) ?? {
    id,
    type: id < 0 ? "group" : "private",
    first_name: optionalText(body.first_name, "first_name") ?? (id < 0 ? undefined : "Sokha"),
    username: optionalText(body.username, "username"),
    title,
    language_code: optionalText(body.language_code, "language_code") ?? "en",
    blocked: false,
  };
  // Pressing Start again is how a user who blocked the bot unblocks it.
  chat.blocked = false;
  ctx.state.chats.set(id, chat);

  const updateId = ctx.state.newChatId();
  const update = {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      from: {
        id: Math.abs(id),
        is_bot: false,
        first_name: chat.first_name ?? "Sokha",
        language_code: chat.language_code,
      },
      chat: {
        id,
        type: chat.type,
        ...(chat.title ? { title: chat.title } : { first_name: chat.first_name }),
        ...(chat.username ? { username: chat.username } : {}),
      },
      text: token === undefined ? "/start" : `/start ${token}`,
      entities: [{ offset: 0, length: 6, type: "bot_command" }],
    },
  };
  const started = Date.now();
  const answer = await fetch(ctx.webhookUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": ctx.webhookSecret },
    body: JSON.stringify(update),
  });
  const text = await answer.text();
  ctx.log(`/start to the webhook: ${answer.status} in ${Date.now() - started} ms`);
  return { chat_id: id, update_id: updateId, webhook_status: answer.status, webhook_body: text };
}

async function route(
  ctx: ControlContext,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<unknown> {
  const key = `${req.method ?? "GET"} ${path}`;
  switch (key) {
    case "POST /_fake/start":
      return pressStart(ctx, await readJsonObject(req));

    case "POST /_fake/block": {
      const body = await readJsonObject(req);
      const chat = knownChat(ctx, body.chat_id);
      if (body.blocked !== undefined && typeof body.blocked !== "boolean")
        throw new ControlError(400, "blocked must be true or false");
      chat.blocked = body.blocked ?? true;
      return { chat_id: chat.id, blocked: chat.blocked };
    }

    case "POST /_fake/flood": {
      const body = await readJsonObject(req);
      const chat = knownChat(ctx, body.chat_id);
      const flood = {
        count: integer(body.count, "count", 0, 1000, 1),
        retryAfter: integer(body.retry_after, "retry_after", 1, 3600),
      };
      ctx.state.floods.set(chat.id, flood);
      return { chat_id: chat.id, count: flood.count, retry_after: flood.retryAfter };
    }

    case "GET /_fake/messages": {
      const chatId = query.get("chat_id") === null ? undefined : knownChat(ctx, query.get("chat_id")).id;
      const min = integer(query.get("min"), "min", 0, 1_000_000, 0);
      const waitMs = integer(query.get("wait_ms"), "wait_ms", 0, MAX_WAIT_MS, 0);
      const contains = query.get("contains");
      const of = () => ctx.state.messages.filter((m) => chatId === undefined || m.chat_id === chatId);
      const ready = () => of().length >= min && (contains === null || of().some((m) => m.text.includes(contains)));
      await ctx.state.waitFor(ready, waitMs);
      return { messages: of().map((m) => ({ ...m, at: new Date(m.at).toISOString() })) };
    }

    case "GET /_fake/attempts": {
      const chatId = query.get("chat_id") === null ? undefined : knownChat(ctx, query.get("chat_id")).id;
      return {
        attempts: ctx.state.attempts
          .filter((a) => chatId === undefined || Number(a.chat_id) === chatId)
          .map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
      };
    }
  }
  throw new ControlError(
    404,
    `no control route ${key}: the fake has POST start, block, flood; GET messages, attempts (under /_fake/)`,
  );
}
