// /bot<token>/<method>: the Bot API methods the app calls, with Telegram's answers:
// {ok: true, result} or {ok: false, error_code, description, parameters?: {retry_after}}.
//   sendMessage  enforces the token, a known chat (one that pressed Start), a text of 1-4096
//                characters; answers 403 for a chat that blocked the bot and 429 when a test
//                asked for flood control; reads link_preview_options (an object, or its JSON text
//                in a form) as Telegram does and records it with the message (the deprecated
//                disable_web_page_preview is not recorded: tests check the current field)
//   getMe        the bot itself
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "./http.ts";
import type { LinkPreviewOptions, TelegramFakeState } from "./state.ts";

export interface BotContext {
  state: TelegramFakeState;
  botToken: string;
  botUsername: string;
  log: (line: string) => void;
}

const MAX_TEXT = 4096;

function refuse(res: ServerResponse, code: number, description: string, retryAfter?: number) {
  sendJson(res, code, {
    ok: false,
    error_code: code,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  });
}

/** Telegram takes JSON, url-encoded and multipart bodies; the app sends JSON, a curl may send a form. */
async function fields(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/json")) {
    const parsed: unknown = text.trim() === "" ? {} : JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function handleBotApi(ctx: BotContext, req: IncomingMessage, res: ServerResponse, path: string) {
  const match = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(path);
  if (!match || match[1] !== ctx.botToken) return refuse(res, 401, "Unauthorized");
  const method = match[2];
  let body: Record<string, unknown>;
  try {
    body = await fields(req);
  } catch {
    return refuse(res, 400, "Bad Request: can't parse JSON object");
  }
  if (method === "getMe") {
    return sendJson(res, 200, {
      ok: true,
      result: {
        id: Number(ctx.botToken.split(":")[0]),
        is_bot: true,
        first_name: "Marketplace",
        username: ctx.botUsername,
      },
    });
  }
  if (method !== "sendMessage") return refuse(res, 404, "Not Found: method not found");

  const answer = (status: number, description: string | null) =>
    ctx.state.recordAttempt({ chat_id: body.chat_id, status, description, at: Date.now() });
  const chatId = Number(body.chat_id);
  const text = typeof body.text === "string" ? body.text : "";
  if (body.chat_id === undefined || body.chat_id === "" || !Number.isInteger(chatId)) {
    answer(400, "Bad Request: chat_id is empty");
    return refuse(res, 400, "Bad Request: chat_id is empty");
  }
  const chat = ctx.state.chats.get(chatId);
  if (!chat) {
    answer(400, "Bad Request: chat not found");
    return refuse(res, 400, "Bad Request: chat not found");
  }
  const flood = ctx.state.floods.get(chatId);
  if (flood && flood.count > 0) {
    flood.count -= 1;
    const description = `Too Many Requests: retry after ${flood.retryAfter}`;
    answer(429, description);
    return refuse(res, 429, description, flood.retryAfter);
  }
  if (chat.blocked) {
    answer(403, "Forbidden: bot was blocked by the user");
    return refuse(res, 403, "Forbidden: bot was blocked by the user");
  }
  if (text.trim() === "") {
    answer(400, "Bad Request: message text is empty");
    return refuse(res, 400, "Bad Request: message text is empty");
  }
  if (text.length > MAX_TEXT) {
    answer(400, "Bad Request: message is too long");
    return refuse(res, 400, "Bad Request: message is too long");
  }
  const previewOptions = linkPreviewOptions(body.link_preview_options);
  if (previewOptions === "invalid") {
    answer(400, "Bad Request: can't parse link preview options JSON object");
    return refuse(res, 400, "Bad Request: can't parse link preview options JSON object");
  }
  const sent = ctx.state.recordMessage(chatId, text, previewOptions);
  answer(200, null);
  ctx.log(`sendMessage to ${chatId}: ${text.split("\n")[0]}`);
  sendJson(res, 200, {
    ok: true,
    result: {
      message_id: sent.message_id,
      date: Math.floor(sent.at / 1000),
      chat: { id: chat.id, type: chat.type, ...(chat.title ? { title: chat.title } : { first_name: chat.first_name }) },
      text,
    },
  });
}

/** link_preview_options as Telegram reads it: an object in JSON, its JSON text in a form; null when absent. */
function linkPreviewOptions(value: unknown): LinkPreviewOptions | null | "invalid" {
  if (value === undefined) return null;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return "invalid";
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "invalid";
  const options = parsed as Record<string, unknown>;
  for (const flag of ["is_disabled", "prefer_small_media", "prefer_large_media", "show_above_text"]) {
    if (options[flag] !== undefined && typeof options[flag] !== "boolean") return "invalid";
  }
  if (options.url !== undefined && typeof options.url !== "string") return "invalid";
  return options as LinkPreviewOptions;
}
