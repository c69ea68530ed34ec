// /_fake/*: what tests and `npm run facebook:simulate` use to act as Facebook's people (comment on
// a Page's post, write to a Page in Messenger), to bend time and limits, and to watch what the
// Pages sent. JSON in, JSON out; a refusal is {error} with a status and a message naming what is
// wrong (the shared skeleton's answerControl).
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerControl, ControlError, readJsonObject } from "../fake-server.ts";
import { boundedNumber, deliveryView, rawWebhook, verifyWebhook } from "../meta-fake/control.ts";
import { post } from "../meta-fake/events.ts";
import { sendJson } from "../meta-fake/http.ts";
import { addComment, addMessage, deliveryReport, type FacebookEventContext } from "./events.ts";
import { SECOND, userIdFor, type Page, type Person, type Reply } from "./state.ts";

// A long poll never holds a connection longer than this.
const MAX_WAIT_MS = 60_000;

export async function handleControl(
  ctx: FacebookEventContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  await answerControl(res, sendJson, () => route(ctx, req, path, query));
}

const connectHint = "connect one through the app (Allow on the fake's Login dialog creates the person and their Pages)";

/** The Page a call names (name or id); with none named, the only subscribed Page (or the only Page). */
function pageOf(ctx: FacebookEventContext, ref: unknown): Page {
  const all = [...ctx.state.pages.values()];
  const names = (pages: Page[]) => pages.map((p) => `${p.name} (${p.id})`).join(", ");
  if (ref === undefined || ref === null || ref === "") {
    const subscribed = all.filter((p) => p.subscribedFields.size > 0);
    if (subscribed.length === 1) return subscribed[0];
    if (subscribed.length === 0 && all.length === 1) return all[0];
    if (all.length === 0) throw new ControlError(400, `no Facebook Page is known to the fake yet: ${connectHint}`);
    throw new ControlError(400, `name the Page (name or id): ${names(subscribed.length ? subscribed : all)}`);
  }
  if (typeof ref !== "string") throw new ControlError(400, "page must be a Page name or id string");
  const found = ctx.state.findPages(ref);
  if (found.length === 1) return found[0];
  if (found.length > 1) throw new ControlError(400, `several Pages are named "${ref}": use the id (${names(found)})`);
  throw new ControlError(
    404,
    `no Facebook Page "${ref}" in the fake: ${connectHint}${all.length ? `; known: ${names(all)}` : ""}`,
  );
}

/** The person a call names (name or id); with none named, the only one. */
function personOf(ctx: FacebookEventContext, ref: unknown): Person {
  const all = [...ctx.state.people.values()];
  if (ref === undefined || ref === null || ref === "") {
    if (all.length === 1) return all[0];
    throw new ControlError(
      400,
      all.length
        ? `name the person (user): ${all.map((p) => p.name).join(", ")}`
        : `no one has logged in yet: ${connectHint}`,
    );
  }
  if (typeof ref !== "string") throw new ControlError(400, "user must be a person's name or id string");
  const person = ctx.state.people.get(ref) ?? ctx.state.people.get(userIdFor(ref));
  if (!person) throw new ControlError(404, `no one named "${ref}" has logged in to the fake`);
  return person;
}

function replyView(reply: Reply) {
  const { pageId: _pageId, at, ...view } = reply;
  return { ...view, at: new Date(at).toISOString() };
}

async function route(
  ctx: FacebookEventContext,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<unknown> {
  const method = req.method ?? "GET";
  const key = `${method} ${path}`;
  switch (key) {
    case "GET /_fake/pages":
      return {
        pages: [...ctx.state.pages.values()].map((page) => {
          const owner = ctx.state.people.get(page.ownerId);
          return {
            id: page.id,
            name: page.name,
            owner: { id: page.ownerId, name: owner?.name ?? null },
            subscribed_fields: [...page.subscribedFields],
            post_id: `${page.id}_${page.postId}`,
          };
        }),
        webhook_url: ctx.webhookUrl(),
      };

    case "POST /_fake/comment": {
      const body = await readJsonObject(req);
      const page = pageOf(ctx, body.page);
      const { comment, ...report } = await addComment(ctx, page, {
        text: body.text,
        from: body.from,
        ageHours: body.age_hours,
      });
      return {
        comment_id: comment.id,
        post_id: `${page.id}_${page.postId}`,
        page_id: page.id,
        from_id: comment.from.id,
        psid: comment.psid,
        created_at: new Date(comment.createdAt).toISOString(),
        ...report,
      };
    }

    case "POST /_fake/message": {
      const body = await readJsonObject(req);
      const page = pageOf(ctx, body.page);
      const { message, ...report } = await addMessage(ctx, page, {
        text: body.text,
        from: body.from,
        ageHours: body.age_hours,
      });
      return {
        mid: message.mid,
        psid: message.senderId,
        page_id: page.id,
        created_at: new Date(message.createdAt).toISOString(),
        ...report,
      };
    }

    case "POST /_fake/redeliver": {
      const body = await readJsonObject(req);
      if (typeof body.comment_id !== "string" && typeof body.mid !== "string")
        throw new ControlError(400, "give comment_id or mid (a string)");
      const comment = typeof body.comment_id === "string" ? ctx.state.comments.get(body.comment_id) : undefined;
      const message = typeof body.mid === "string" ? ctx.state.messages.get(body.mid) : undefined;
      const found = comment
        ? { kind: "feed" as const, event: comment.event }
        : message
          ? { kind: message.isEcho ? ("echo" as const) : ("messages" as const), event: message.event }
          : undefined;
      if (!found)
        throw new ControlError(404, `no such ${body.comment_id !== undefined ? "comment" : "message"} in the fake`);
      if (!found.event.delivered)
        throw new ControlError(
          409,
          "that event was never delivered (the Page had not subscribed to its field): nothing to redeliver",
        );
      return deliveryReport(await post(ctx, found.kind, found.event.body, found.event.signature));
    }

    case "GET /_fake/replies": {
      const page = pageOf(ctx, query.get("page"));
      const min = boundedNumber(query.get("min"), "min", 0, 1_000_000, 0);
      const waitMs = boundedNumber(query.get("wait_ms"), "wait_ms", 0, MAX_WAIT_MS, 0);
      return { replies: (await ctx.state.waitForReplies(page.id, min, waitMs)).map(replyView) };
    }

    case "POST /_fake/rate-limit": {
      const body = await readJsonObject(req);
      const page = pageOf(ctx, body.page);
      page.failNext = boundedNumber(body.count, "count", 0, 100_000);
      return { page_id: page.id, page: page.name, count: page.failNext };
    }

    case "POST /_fake/raw-webhook": {
      const raw = rawWebhook(await readJsonObject(req), ctx.appSecret);
      return deliveryReport(await post(ctx, "raw", raw.body, raw.signature));
    }

    case "POST /_fake/verify":
      return verifyWebhook(await readJsonObject(req), ctx.webhookUrl());

    case "POST /_fake/age-tokens": {
      const body = await readJsonObject(req);
      const person = personOf(ctx, body.user);
      const ms = boundedNumber(body.seconds, "seconds", 0, 366 * 24 * 3600) * SECOND;
      let tokens = 0;
      for (const token of ctx.state.tokens.values()) {
        if (token.userId !== person.id) continue;
        token.issuedAt -= ms;
        if (token.expiresAt !== null) token.expiresAt -= ms;
        tokens += 1;
      }
      let codes = 0;
      for (const code of ctx.state.codes.values()) {
        if (code.userId !== person.id || code.used) continue;
        code.expiresAt -= ms;
        codes += 1;
      }
      return { user_id: person.id, tokens_aged: tokens, codes_aged: codes };
    }

    case "POST /_fake/change-password": {
      // What Facebook does to a person's sessions when they change their password: every token
      // they hold, their Pages' tokens too, is refused from then on. Logging in again gives new ones.
      const person = personOf(ctx, (await readJsonObject(req)).user);
      let tokens = 0;
      for (const token of ctx.state.tokens.values()) {
        if (token.userId !== person.id || token.invalidated) continue;
        token.invalidated = true;
        tokens += 1;
      }
      return { user_id: person.id, tokens_invalidated: tokens };
    }

    case "GET /_fake/deliveries": {
      const limit = boundedNumber(query.get("limit"), "limit", 1, 1000, 50);
      // The signature too: what a test needs to send the very same delivery itself.
      return {
        deliveries: ctx.state.deliveries.slice(-limit).map((d) => ({ ...deliveryView(d), signature: d.signature })),
      };
    }
  }
  throw new ControlError(
    404,
    `no control route ${key}: the fake has GET pages, replies, deliveries; POST comment, message, redeliver, rate-limit, raw-webhook, verify, age-tokens (under /_fake/)`,
  );
}
