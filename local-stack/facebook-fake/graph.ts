// graph.facebook.com for Facebook Login and the Messenger Platform for Pages: the code exchange and
// the long-lived exchange (GET /oauth/access_token), /me and /me/accounts (the Pages and their
// tokens), /{page-id}/subscribed_apps and /{page-id}/messages (private replies and Messenger
// messages), with Meta's rules and error shapes. A version prefix (/v21.0/...) is accepted and
// ignored, as Meta serves every live version the same for these calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerGraph, objectField, subscribedFieldList, type GraphRequest } from "../meta-fake/graph.ts";
import { bearerOrQueryToken, sendJson } from "../meta-fake/http.ts";
import { facebookErrors as errors } from "./errors.ts";
import { echo, type FacebookEventContext } from "./events.ts";
import {
  DAY,
  LONG_TOKEN_LIFETIME,
  SHORT_TOKEN_LIFETIME,
  type Page,
  type Person,
  type Reply,
  type Token,
} from "./state.ts";

export interface GraphContext extends FacebookEventContext {
  /** This fake's graph URL (paging links point back at it). */
  graphUrl: () => string;
}

/** Meta's limits for Private Replies and the Send API. */
export const PRIVATE_REPLY_WINDOW = 7 * DAY;
export const MESSAGING_WINDOW = DAY;
export const MAX_TEXT_LENGTH = 2000;

/** What GET /{page-id}/subscribed_apps calls the app. */
const APP_NAME = "Local development app";
const PAGE_CATEGORY = { id: "200600219953504", name: "Shopping & Retail" };
/** The tasks of a person who manages the Page fully (MESSAGING is what private replies need). */
const TASKS = ["ANALYZE", "ADVERTISE", "MESSAGING", "MODERATE", "CREATE_CONTENT", "MANAGE"];
const ACCOUNT_FIELDS = ["id", "name", "access_token", "category", "category_list", "tasks"];
const PAGE_WEBHOOK_FIELDS = [
  "feed",
  "messages",
  "message_echoes",
  "message_deliveries",
  "message_reads",
  "message_reactions",
  "message_edits",
  "messaging_postbacks",
  "messaging_optins",
  "messaging_referrals",
  "messaging_handovers",
  "messaging_policy_enforcement",
  "messaging_account_linking",
  "standby",
  "mention",
  "ratings",
  "conversations",
  "leadgen",
  "live_videos",
  "videos",
];
const MESSAGING_TYPES = ["RESPONSE", "UPDATE", "MESSAGE_TAG"];

export function handleGraph(
  ctx: GraphContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  // The version prefix goes: every live version answers these calls the same.
  const unversioned = path.replace(/^\/v\d+\.\d+(?=\/|$)/, "");
  return answerGraph(req, res, query, errors.badParam, (request) =>
    route(ctx, { ...request, req, res, path: unversioned, query }),
  );
}

type Param = GraphRequest["param"];

/** One Graph call: the request and its answer, the path without its version, the parsed parameters. */
interface Call extends GraphRequest {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  query: URLSearchParams;
}

async function route(ctx: GraphContext, { req, res, path, query, method, fields, param }: Call) {
  const segments = path.split("/").filter(Boolean);
  if (segments.join("/") === "oauth/access_token") return accessToken(ctx, res, param);

  const [node, edge, ...rest] = segments;
  if (!node || rest.length > 0) throw errors.badParam(`Unknown path components: ${path}`);
  const value = bearerOrQueryToken(req, query, fields);
  if (!value) throw node === "me" ? errors.noTokenForMe() : errors.noToken();
  const token = findToken(ctx, value);
  const verb = method.toLowerCase();

  if (token.kind === "user") {
    const person = ctx.state.people.get(token.userId);
    if (!person) throw errors.badToken();
    if (node === "me" || node === person.id) {
      if (edge === undefined && method === "GET") return sendJson(res, 200, profile(person, query, "User"));
      if (edge === "accounts" && method === "GET") return sendJson(res, 200, accounts(ctx, token, query));
      throw errors.badParam(`Unknown path components: /${edge ?? ""}`);
    }
    // A Page's edges want the Page's own token, whoever asks.
    if (ctx.state.pages.has(node) && (edge === "subscribed_apps" || edge === "messages"))
      throw errors.pageTokenRequired();
    throw errors.noSuchObject(node, verb);
  }

  const page = ctx.state.pages.get(token.pageIds[0]);
  if (!page) throw errors.badToken();
  if (node !== "me" && node !== page.id) throw errors.noSuchObject(node, verb);
  if (edge === undefined && method === "GET") return sendJson(res, 200, profile(page, query, "Page"));
  if (edge === "accounts") throw errors.nonexistingField("accounts", "Page");
  if (edge === "subscribed_apps") return subscribedApps(ctx, res, method, page, param("subscribed_fields"));
  // The Send API takes its parameters from the query string too (recipient and message as JSON).
  if (edge === "messages" && method === "POST")
    return send(ctx, res, page, { ...Object.fromEntries(query), ...fields });
  throw errors.noSuchObject(node, verb);
}

function findToken(ctx: GraphContext, value: string): Token {
  const token = ctx.state.tokens.get(value);
  if (!token) throw errors.badToken();
  if (token.invalidated) throw errors.sessionInvalidated();
  if (token.expiresAt !== null && Date.now() >= token.expiresAt) throw errors.expiredToken(token.expiresAt);
  return token;
}

/**
 * GET /oauth/access_token: the code from the Login dialog -> a short-lived user token
 * (client_id, redirect_uri, client_secret, code), or a short-lived user token -> a long-lived one
 * (grant_type=fb_exchange_token, client_id, client_secret, fb_exchange_token).
 */
function accessToken(ctx: GraphContext, res: ServerResponse, param: Param) {
  const clientId = param("client_id");
  if (!clientId) throw errors.missingClientId();
  if (clientId !== ctx.appId) throw errors.badClientId();
  const secret = param("client_secret");
  if (!secret) throw errors.badParam("Missing client_secret parameter.");
  if (secret !== ctx.appSecret) throw errors.badSecret();
  const grantType = param("grant_type");

  if (grantType === "fb_exchange_token") {
    const value = param("fb_exchange_token");
    if (!value) throw errors.badParam("Missing fb_exchange_token parameter.");
    const short = findToken(ctx, value);
    if (short.kind !== "user") throw errors.badParam("fb_exchange_token must be a user access token.");
    const long = ctx.state.issueUserToken(short.userId, "long", short.pageIds, short.scopes);
    ctx.log(`graph: user token of ${short.userId} exchanged for a long-lived one`);
    return sendJson(res, 200, {
      access_token: long.value,
      token_type: "bearer",
      expires_in: LONG_TOKEN_LIFETIME / 1000,
    });
  }
  if (grantType !== undefined && grantType !== "authorization_code")
    throw errors.badParam(
      `Unsupported grant_type ${JSON.stringify(grantType)}: use fb_exchange_token, or none with a code.`,
    );
  const codeValue = param("code");
  if (!codeValue) throw errors.badParam("Missing code parameter.");
  const redirectUri = param("redirect_uri") ?? "";
  const code = ctx.state.codes.get(codeValue);
  if (!code) throw errors.unknownCode();
  if (code.used) throw errors.usedCode();
  if (Date.now() > code.expiresAt) throw errors.expiredCode();
  if (code.redirectUri !== redirectUri) throw errors.redirectMismatch();
  code.used = true;
  const token = ctx.state.issueUserToken(code.userId, "short", code.pageIds, code.scopes);
  ctx.log(`graph: code exchanged for a short-lived user token of ${code.userId}`);
  sendJson(res, 200, { access_token: token.value, token_type: "bearer", expires_in: SHORT_TOKEN_LIFETIME / 1000 });
}

/** The requested `fields` (default all of `known`), or Graph's refusal of an unknown one. */
function requestedFields(query: URLSearchParams, known: string[], nodeType: string, fallback = known) {
  const list = query.get("fields");
  const fields =
    list === null
      ? fallback
      : list
          .split(",")
          .map((f) => f.trim())
          .filter(Boolean);
  const unknown = fields.find((f) => !known.includes(f));
  if (unknown) throw errors.nonexistingField(unknown, nodeType);
  return fields;
}

/** GET /me (a user token: the person; a Page token: the Page). */
function profile(node: Person | Page, query: URLSearchParams, nodeType: "User" | "Page") {
  const fields = requestedFields(query, ["id", "name"], nodeType);
  return { ...(fields.includes("name") ? { name: node.name } : {}), id: node.id };
}

/**
 * GET /me/accounts: the Pages the person gave the app in the Login dialog, each with its Page
 * token, 25 a page by default (limit, after), with Graph's cursors.
 */
function accounts(ctx: GraphContext, token: Token, query: URLSearchParams) {
  const fields = requestedFields(query, ACCOUNT_FIELDS, "Page");
  const limitParam = query.get("limit");
  const limit = limitParam === null ? 25 : Number(limitParam);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw errors.badParam("Param limit must be a number from 1 to 100");
  const pages = token.pageIds.map((id) => ctx.state.pages.get(id)).filter((p): p is Page => p !== undefined);
  const cursor = (page: Page) => Buffer.from(page.id).toString("base64url");
  const after = query.get("after");
  const start = after === null ? 0 : pages.findIndex((p) => cursor(p) === after) + 1;
  const slice = pages.slice(start, start + limit);
  const data = slice.map((page) => {
    const values: Record<string, unknown> = {
      access_token: ctx.state.pageTokenFor(token, page).value,
      category: PAGE_CATEGORY.name,
      category_list: [PAGE_CATEGORY],
      name: page.name,
      id: page.id,
      tasks: TASKS,
    };
    return Object.fromEntries(
      ACCOUNT_FIELDS.filter((f) => fields.includes(f) || f === "id").map((f) => [f, values[f]]),
    );
  });
  if (data.length === 0) return { data };
  const next = new URL(`${ctx.graphUrl()}/v21.0/me/accounts`);
  for (const [k, v] of query) if (k !== "after") next.searchParams.set(k, v);
  next.searchParams.set("access_token", token.value);
  next.searchParams.set("after", cursor(slice[slice.length - 1]));
  return {
    data,
    paging: {
      cursors: { before: cursor(slice[0]), after: cursor(slice[slice.length - 1]) },
      ...(start + limit < pages.length ? { next: next.toString() } : {}),
    },
  };
}

/** POST (subscribe the app, replacing the list), GET (read), DELETE (unsubscribe) the Page's webhook fields. */
function subscribedApps(ctx: GraphContext, res: ServerResponse, method: string, page: Page, list: string | undefined) {
  if (method === "GET") {
    const fields = [...page.subscribedFields];
    return sendJson(res, 200, {
      data: fields.length ? [{ category: "Business", name: APP_NAME, id: ctx.appId, subscribed_fields: fields }] : [],
    });
  }
  if (method === "DELETE") {
    page.subscribedFields.clear();
    ctx.log(`graph: ${page.name} unsubscribed the app`);
    return sendJson(res, 200, { success: true });
  }
  if (method !== "POST") throw errors.noSuchObject(page.id, method.toLowerCase());
  const fields = subscribedFieldList(list, PAGE_WEBHOOK_FIELDS, errors.badParam);
  page.subscribedFields = new Set(fields);
  ctx.log(`graph: ${page.name} subscribed the app to ${fields.join(", ")}`);
  sendJson(res, 200, { success: true });
}

/** POST /{page-id}/messages: a private reply ({recipient:{comment_id}}) or a Messenger message ({recipient:{id}}). */
function send(ctx: GraphContext, res: ServerResponse, page: Page, fields: Record<string, unknown>) {
  const recipient = objectField(fields, "recipient");
  if (!recipient) throw errors.badParam("The parameter recipient is required");
  const messagingType = fields.messaging_type;
  if (messagingType !== undefined && !MESSAGING_TYPES.includes(String(messagingType)))
    throw errors.badParam(
      `Param messaging_type must be one of {${MESSAGING_TYPES.join(", ")}} - got "${String(messagingType)}".`,
    );
  const message = objectField(fields, "message");
  if (!message) throw errors.badParam("The parameter message is required");
  const text = message.text;
  if (typeof text !== "string" || text.trim() === "")
    throw errors.badParam("Message cannot be empty, must provide valid attachment or text", 2018034);
  // Meta counts characters: code points here, so a Khmer text is measured as a person would.
  if ([...text].length > MAX_TEXT_LENGTH)
    throw errors.badParam(`Length of param message[text] must be less than or equal to ${MAX_TEXT_LENGTH}`);
  const given = ["comment_id", "id", "post_id"].filter((k) => recipient[k] !== undefined);
  if (given.length !== 1) throw errors.badParam("param recipient must have exactly one of id, comment_id or post_id");
  if (given[0] === "post_id")
    throw errors.badParam("Private replies to visitor posts are not served by the local fake: reply to a comment_id");
  const now = Date.now();
  const { comment, ...to } =
    recipient.comment_id !== undefined
      ? commenter(ctx, page, recipient.comment_id, now)
      : personWhoWrote(ctx, page, recipient.id, now);
  consumeForcedFailure(page);
  const reply: Reply = { message_id: ctx.state.newMid(), pageId: page.id, ...to, text, at: now };
  if (comment) comment.repliedWith = reply.message_id;
  ctx.state.addReply(reply);
  const what = reply.kind === "private_reply" ? `a private reply to comment ${comment?.id}` : "a Messenger message";
  ctx.log(`graph: ${page.name} sent ${what} to ${reply.recipient_id}: ${JSON.stringify(text)}`);
  sendJson(res, 200, { recipient_id: reply.recipient_id, message_id: reply.message_id });
  echo(ctx, page, reply);
}

/** A private reply's recipient: the author of a comment on this Page, once, within 7 days. */
function commenter(ctx: GraphContext, page: Page, commentId: unknown, now: number) {
  const comment = typeof commentId === "string" ? ctx.state.comments.get(commentId) : undefined;
  if (!comment || comment.pageId !== page.id || comment.psid === null) throw errors.invalidComment();
  if (comment.repliedWith) throw errors.alreadyReplied();
  if (now - comment.createdAt > PRIVATE_REPLY_WINDOW) throw errors.outsideWindow();
  return {
    kind: "private_reply" as const,
    recipient: { comment_id: comment.id },
    recipient_id: comment.psid,
    comment,
  };
}

/** A Messenger message's recipient: a Page-scoped id of this Page that wrote within 24 hours. */
function personWhoWrote(ctx: GraphContext, page: Page, psid: unknown, now: number) {
  if (typeof psid !== "string" || !/^\d+$/.test(psid))
    throw errors.badParam('Param recipient[id] must be a valid ID string (e.g., "123")');
  if (ctx.state.psids.get(psid)?.pageId !== page.id) throw errors.noMatchingUser();
  const last = ctx.state.lastMessageFrom(page.id, psid);
  if (last === undefined || now - last > MESSAGING_WINDOW) throw errors.outsideWindow();
  return { kind: "message" as const, recipient: { id: psid }, recipient_id: psid, comment: undefined };
}

/** POST /_fake/rate-limit makes the next sends that would otherwise go out fail with the rate-limit error. */
function consumeForcedFailure(page: Page) {
  if (page.failNext <= 0) return;
  page.failNext -= 1;
  throw errors.rateLimited();
}
