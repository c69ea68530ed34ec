// /_fake/*: what tests and `npm run instagram:simulate` use to act as Instagram's users (comment,
// DM), to bend time and limits, and to watch what the app sent. JSON in, JSON out; a refusal is
// {error} with a status and a message naming what is wrong.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ControlError } from "./errors.ts";
import { addComment, addMessage, deliveryReport, post, type EventContext } from "./events.ts";
import { answerControl, readJsonObject } from "../fake-server.ts";
import { sendJson } from "./http.ts";
import { SECOND, type Account, type Delivery, type Reply } from "./state.ts";
import { sign, verifyHandshake } from "./webhooks.ts";

// A long poll never holds a connection longer than this.
const MAX_WAIT_MS = 60_000;

export async function handleControl(
  ctx: EventContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  await answerControl(res, sendJson, () => route(ctx, req, path, query));
}

/** The account a call names (username or user_id); with none named, the only connected account. */
function account(ctx: EventContext, ref: unknown): Account {
  const known = [...ctx.state.accounts.values()];
  if (ref === undefined || ref === null || ref === "") {
    if (known.length === 1) return known[0];
    throw new ControlError(
      400,
      known.length === 0
        ? "no Instagram account is connected to the fake yet: connect one through the app (the authorize page creates it)"
        : `name the account (username or user_id): ${known.map((a) => a.username).join(", ")}`,
    );
  }
  if (typeof ref !== "string") throw new ControlError(400, "account must be a username or user_id string");
  const found = ctx.state.findAccount(ref);
  if (found) return found;
  throw new ControlError(
    404,
    `no Instagram account "${ref}" in the fake: connect it through the app first (the authorize page creates it)${
      known.length ? `; connected: ${known.map((a) => a.username).join(", ")}` : ""
    }`,
  );
}

function replyView(reply: Reply) {
  return {
    message_id: reply.message_id,
    kind: reply.kind,
    recipient: reply.recipient,
    recipient_id: reply.recipient_id,
    text: reply.text,
    at: new Date(reply.at).toISOString(),
  };
}

/**
 * POST /_fake/raw-webhook's body and signature header: signed with the app secret unless the call
 * gives a signature (or null, to send none). Shared with the Facebook fake.
 */
export function rawWebhook(input: Record<string, unknown>, appSecret: string) {
  if (typeof input.body !== "string") throw new ControlError(400, "body must be the raw webhook body, as a string");
  if (input.signature !== undefined && input.signature !== null && typeof input.signature !== "string")
    throw new ControlError(400, "signature must be a header value string, or null to send no signature header");
  const signature = input.signature === undefined ? sign(input.body, appSecret) : input.signature;
  return { body: input.body, signature };
}

/** POST /_fake/verify: Meta's GET handshake against the webhook URL, with the call's verify_token. */
export function verifyWebhook(input: Record<string, unknown>, webhookUrl: string) {
  if (typeof input.verify_token !== "string") throw new ControlError(400, "verify_token must be a string");
  return verifyHandshake(webhookUrl, input.verify_token);
}

/** A kept delivery as GET /_fake/deliveries lists it. */
export function deliveryView(delivery: Delivery<string>) {
  return {
    kind: delivery.kind,
    at: new Date(delivery.at).toISOString(),
    status: delivery.status,
    ms: delivery.ms,
    ...(delivery.error ? { error: delivery.error } : {}),
    body: delivery.body,
  };
}

/** A whole number from a control call (JSON number or query string) within [min, max], or the fallback when absent. */
export function boundedNumber(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null || value === "") && fallback !== undefined) return fallback;
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < min || number > max)
    throw new ControlError(400, `${name} must be an integer from ${min} to ${max}`);
  return number;
}

async function route(ctx: EventContext, req: IncomingMessage, path: string, query: URLSearchParams): Promise<unknown> {
  const method = req.method ?? "GET";
  const key = `${method} ${path}`;
  switch (key) {
    case "GET /_fake/accounts":
      return {
        accounts: [...ctx.state.accounts.values()].map((a) => ({
          user_id: a.userId,
          username: a.username,
          subscribed_fields: [...a.subscribedFields],
          media_id: a.mediaId,
        })),
        webhook_url: ctx.webhookUrl(),
      };

    case "POST /_fake/comments": {
      const body = await readJsonObject(req);
      const result = await addComment(ctx, account(ctx, body.account), {
        text: body.text,
        fromUsername: body.from_username,
        ageSeconds: body.age_seconds,
      });
      const { comment, ...report } = result;
      return {
        comment_id: comment.id,
        from_id: comment.from.id,
        created_at: new Date(comment.createdAt).toISOString(),
        ...report,
      };
    }

    case "POST /_fake/messages": {
      const body = await readJsonObject(req);
      const result = await addMessage(ctx, account(ctx, body.account), {
        text: body.text,
        fromId: body.from_id,
        ageSeconds: body.age_seconds,
      });
      const { message, ...report } = result;
      return {
        mid: message.mid,
        sender_id: message.senderId,
        created_at: new Date(message.createdAt).toISOString(),
        ...report,
      };
    }

    case "POST /_fake/redeliver": {
      const body = await readJsonObject(req);
      const event =
        typeof body.comment_id === "string"
          ? ctx.state.comments.get(body.comment_id)
          : typeof body.mid === "string"
            ? ctx.state.messages.get(body.mid)
            : undefined;
      if (body.comment_id === undefined && body.mid === undefined)
        throw new ControlError(400, "give comment_id or mid");
      if (!event)
        throw new ControlError(404, `no such ${body.comment_id !== undefined ? "comment" : "message"} in the fake`);
      if (!event.delivered)
        throw new ControlError(
          409,
          "that event was never delivered (the account had not subscribed): nothing to redeliver",
        );
      const kind = "from" in event ? "comments" : event.isEcho ? "echo" : "messages";
      return deliveryReport(await post(ctx, kind, event.event.body, event.event.signature));
    }

    case "POST /_fake/raw-webhook": {
      const raw = rawWebhook(await readJsonObject(req), ctx.appSecret);
      return deliveryReport(await post(ctx, "raw", raw.body, raw.signature));
    }

    case "POST /_fake/verify":
      return verifyWebhook(await readJsonObject(req), ctx.webhookUrl());

    case "GET /_fake/replies": {
      const target = account(ctx, query.get("account"));
      const min = boundedNumber(query.get("min"), "min", 0, 1_000_000, 0);
      const waitMs = boundedNumber(query.get("wait_ms"), "wait_ms", 0, MAX_WAIT_MS, 0);
      const replies = await ctx.state.waitForReplies(target.userId, min, waitMs);
      return { replies: replies.map(replyView) };
    }

    case "POST /_fake/rate-limit": {
      const body = await readJsonObject(req);
      const target = account(ctx, body.account);
      target.failNext = boundedNumber(body.fail_next, "fail_next", 0, 100_000);
      return { account: target.username, fail_next: target.failNext };
    }

    case "POST /_fake/age-tokens": {
      const body = await readJsonObject(req);
      const target = account(ctx, body.account);
      const seconds = boundedNumber(body.seconds, "seconds", 0, 365 * 24 * 3600);
      let aged = 0;
      for (const token of ctx.state.tokens.values()) {
        if (token.userId !== target.userId) continue;
        token.issuedAt -= seconds * SECOND;
        token.expiresAt -= seconds * SECOND;
        aged += 1;
      }
      return { account: target.username, tokens_aged: aged };
    }

    case "GET /_fake/deliveries": {
      const limit = boundedNumber(query.get("limit"), "limit", 1, 1000, 50);
      return { deliveries: ctx.state.deliveries.slice(-limit).map(deliveryView) };
    }
  }
  throw new ControlError(
    404,
    `no control route ${key}: the fake has GET accounts, replies, deliveries; POST comments, messages, redeliver, raw-webhook, verify, rate-limit, age-tokens (under /_fake/)`,
  );
}
