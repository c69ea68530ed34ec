// graph.instagram.com: token exchange and refresh, /me, /me/subscribed_apps and /me/messages
// (private replies and DMs), with Meta's rules and error shapes. A version prefix (/v21.0/...)
// is accepted and ignored, as Meta serves every live version the same for these calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { GraphError, graphErrors } from "./errors.ts";
import { echo, type EventContext } from "./events.ts";
import { bearerOrQueryToken, parseFields, readBody, sendJson } from "./http.ts";
import { DAY, HOUR, LONG_TOKEN_LIFETIME, type Account, type Reply, type Token } from "./state.ts";

export interface GraphContext extends EventContext {
  appId: string;
}

/** Meta's limits for keyword automation (Private Replies and Send API for Instagram). */
export const PRIVATE_REPLY_WINDOW = 7 * DAY;
export const MESSAGING_WINDOW = DAY;
export const PRIVATE_REPLIES_PER_HOUR = 750;
export const MAX_TEXT_LENGTH = 1000;

// The webhook fields an Instagram account can subscribe an app to (Instagram webhooks reference).
const SUBSCRIBABLE_FIELDS = [
  "comments",
  "live_comments",
  "mentions",
  "messages",
  "message_edit",
  "message_reactions",
  "messaging_handover",
  "messaging_optins",
  "messaging_postbacks",
  "messaging_referral",
  "messaging_seen",
  "standby",
  "story_insights",
];
const PROFILE_FIELDS = [
  "id",
  "user_id",
  "username",
  "name",
  "account_type",
  "followers_count",
  "follows_count",
  "media_count",
];

/** A Graph call as routes see it: its method, its body's fields (none for GET), its parameters. */
export interface GraphRequest {
  method: string;
  fields: Record<string, unknown>;
  /** A non-empty string parameter, from the query first, then the body. */
  param: (name: string) => string | undefined;
}

/**
 * Reads a Graph call and runs `work` on it; a GraphError thrown is answered in Meta's shape, a body
 * that is not JSON with `badParam`'s #100 (the Facebook fake answers its calls the same way).
 */
export async function answerGraph(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  badParam: (message: string) => GraphError,
  work: (request: GraphRequest) => Promise<void> | void,
) {
  try {
    const method = req.method ?? "GET";
    const fields = method === "GET" ? {} : parseFields(req, await readBody(req));
    const param = (name: string) => {
      const value = query.get(name) ?? fields[name];
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    await work({ method, fields, param });
  } catch (error) {
    if (error instanceof SyntaxError) return sendJson(res, 400, badParam(`Invalid JSON body: ${error.message}`).body());
    if (!(error instanceof GraphError)) throw error;
    sendJson(res, error.httpStatus, error.body());
  }
}

export function handleGraph(
  ctx: GraphContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  return answerGraph(req, res, query, graphErrors.badParam, (request) =>
    route(ctx, req, res, path.replace(/^\/v\d+(\.\d+)?(?=\/|$)/, ""), query, request),
  );
}

async function route(
  ctx: GraphContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
  { method, fields, param }: GraphRequest,
) {
  const segments = path.split("/").filter(Boolean);

  if (segments.length === 1 && segments[0] === "access_token" && method === "GET")
    return exchange(ctx, res, param, req, query);
  if (segments.length === 1 && segments[0] === "refresh_access_token" && method === "GET")
    return refresh(ctx, res, param, req, query);

  const [node, edge, ...rest] = segments;
  if (!node || rest.length > 0) throw graphErrors.badParam("Unknown path components: " + path);
  const { account, token } = authenticate(ctx, req, query, fields);
  if (node !== "me" && node !== account.userId) throw graphErrors.noSuchObject(node, method.toLowerCase());

  if (edge === undefined && method === "GET") return sendJson(res, 200, profile(account, query.get("fields")));
  if (edge === "subscribed_apps") return subscribedApps(ctx, res, method, account, param("subscribed_fields"));
  if (edge === "messages" && method === "POST") return send(ctx, res, account, token, fields);
  throw new GraphError(
    `Unsupported ${method.toLowerCase()} request. Object with ID '${node}' does not support this operation${edge ? ` (edge ${edge})` : ""}.`,
    100,
    "IGApiException",
    33,
  );
}

function findToken(ctx: GraphContext, value: string | undefined): Token {
  if (!value) throw graphErrors.noToken();
  const token = ctx.state.tokens.get(value);
  if (!token) throw graphErrors.badToken();
  if (Date.now() >= token.expiresAt) throw graphErrors.expiredToken(token.expiresAt);
  return token;
}

function authenticate(
  ctx: GraphContext,
  req: IncomingMessage,
  query: URLSearchParams,
  fields: Record<string, unknown>,
) {
  const token = findToken(ctx, bearerOrQueryToken(req, query, fields));
  const account = ctx.state.accounts.get(token.userId);
  if (!account) throw graphErrors.badToken();
  return { token, account };
}

type Param = (name: string) => string | undefined;

/** GET /access_token?grant_type=ig_exchange_token&client_secret&access_token: short -> 60-day token. */
function exchange(ctx: GraphContext, res: ServerResponse, param: Param, req: IncomingMessage, query: URLSearchParams) {
  const grantType = param("grant_type");
  if (grantType !== "ig_exchange_token")
    throw graphErrors.badParam(`grant_type must be ig_exchange_token (got ${JSON.stringify(grantType ?? null)})`);
  const secret = param("client_secret");
  if (!secret) throw graphErrors.badParam("The parameter client_secret is required");
  if (secret !== ctx.appSecret) throw graphErrors.badSecret();
  const token = findToken(ctx, bearerOrQueryToken(req, query));
  if (token.kind !== "short")
    throw graphErrors.badParam("The access_token must be a short-lived token from the code exchange");
  const long = ctx.state.issueToken(token.userId, "long", token.permissions);
  ctx.log(`graph: short-lived token of ${token.userId} exchanged for a 60-day token`);
  sendJson(res, 200, { access_token: long.value, token_type: "bearer", expires_in: LONG_TOKEN_LIFETIME / 1000 });
}

/** GET /refresh_access_token?grant_type=ig_refresh_token&access_token: a long token at least 24 h old -> a new 60-day one. */
function refresh(ctx: GraphContext, res: ServerResponse, param: Param, req: IncomingMessage, query: URLSearchParams) {
  const grantType = param("grant_type");
  if (grantType !== "ig_refresh_token")
    throw graphErrors.badParam(`grant_type must be ig_refresh_token (got ${JSON.stringify(grantType ?? null)})`);
  const token = findToken(ctx, bearerOrQueryToken(req, query));
  if (token.kind !== "long") throw graphErrors.badParam("Only a long-lived access token can be refreshed");
  if (Date.now() - token.issuedAt < DAY) throw graphErrors.tooYoungToRefresh();
  // The old token stays valid until it expires, as on Meta.
  const fresh = ctx.state.issueToken(token.userId, "long", token.permissions);
  ctx.log(`graph: long-lived token of ${token.userId} refreshed`);
  sendJson(res, 200, { access_token: fresh.value, token_type: "bearer", expires_in: LONG_TOKEN_LIFETIME / 1000 });
}

function profile(account: Account, fieldList: string | null) {
  const requested = (fieldList ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = requested.find((f) => !PROFILE_FIELDS.includes(f));
  if (unknown) throw graphErrors.badParam(`Tried accessing nonexisting field (${unknown}) on node type (User)`);
  const values: Record<string, unknown> = {
    user_id: account.userId,
    username: account.username,
    name: account.username,
    account_type: "BUSINESS",
    followers_count: 0,
    follows_count: 0,
    media_count: 1,
  };
  const answer: Record<string, unknown> = {};
  for (const field of requested) if (field !== "id") answer[field] = values[field];
  answer.id = account.appScopedId; // always present, as Graph adds the node's id
  return answer;
}

/** POST (turn on, replacing the list), GET (read), DELETE (turn off) the app's webhook fields for the account. */
function subscribedApps(
  ctx: GraphContext,
  res: ServerResponse,
  method: string,
  account: Account,
  list: string | undefined,
) {
  if (method === "GET") {
    const fields = [...account.subscribedFields];
    return sendJson(res, 200, { data: fields.length ? [{ id: ctx.appId, subscribed_fields: fields }] : [] });
  }
  if (method === "DELETE") {
    account.subscribedFields.clear();
    ctx.log(`graph: ${account.username} unsubscribed the app`);
    return sendJson(res, 200, { success: true });
  }
  if (method !== "POST") throw graphErrors.badParam(`Unsupported ${method.toLowerCase()} request on subscribed_apps`);
  const fields = subscribedFieldList(list, SUBSCRIBABLE_FIELDS, graphErrors.badParam);
  account.subscribedFields = new Set(fields);
  ctx.log(`graph: ${account.username} subscribed the app to ${fields.join(", ")}`);
  sendJson(res, 200, { success: true });
}

/** The subscribed_fields of a POST: comma-separated, each one of `allowed`, else Graph's #100 naming it. */
export function subscribedFieldList(
  list: string | undefined,
  allowed: string[],
  badParam: (message: string) => GraphError,
): string[] {
  if (!list) throw badParam("The parameter subscribed_fields is required.");
  const fields = list
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  fields.forEach((field, i) => {
    if (!allowed.includes(field))
      throw badParam(`Param subscribed_fields[${i}] must be one of {${allowed.join(", ")}} - got "${field}".`);
  });
  return fields;
}

/** A JSON object field, or the same object sent as a JSON string in a form post. */
export function objectField(fields: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  let value = fields[name];
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw graphErrors.badParam(`param ${name} must be a JSON object`);
    }
  }
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    throw graphErrors.badParam(`param ${name} must be a JSON object`);
  return value as Record<string, unknown>;
}

/** POST /me/messages: a private reply ({recipient:{comment_id}}) or a DM ({recipient:{id}}). */
function send(
  ctx: GraphContext,
  res: ServerResponse,
  account: Account,
  _token: Token,
  fields: Record<string, unknown>,
) {
  const recipient = objectField(fields, "recipient");
  if (!recipient) throw graphErrors.badParam("The parameter recipient is required");
  const message = objectField(fields, "message");
  if (!message) throw graphErrors.badParam("The parameter message is required");
  const text = message.text;
  if (typeof text !== "string" || text === "")
    throw graphErrors.badParam("param message[text] must be a non-empty UTF-8 string");
  // Meta counts characters; code points here, so a Khmer or emoji text is measured as a person would.
  if ([...text].length > MAX_TEXT_LENGTH)
    throw graphErrors.badParam(`Length of param message[text] must be less than or equal to ${MAX_TEXT_LENGTH}`);
  const commentId = recipient.comment_id;
  const personId = recipient.id;
  if ((commentId === undefined) === (personId === undefined))
    throw graphErrors.badParam("param recipient must have exactly one of id or comment_id");
  const now = Date.now();

  let reply: Reply;
  if (commentId !== undefined) {
    const comment = typeof commentId === "string" ? ctx.state.comments.get(commentId) : undefined;
    if (!comment || comment.accountId !== account.userId) throw graphErrors.noSuchObject(String(commentId), "post");
    if (comment.repliedWith) throw graphErrors.alreadyReplied();
    if (now - comment.createdAt > PRIVATE_REPLY_WINDOW) throw graphErrors.outsideWindow();
    if (ctx.state.privateRepliesSince(account.userId, now - HOUR) >= PRIVATE_REPLIES_PER_HOUR)
      throw graphErrors.rateLimited();
    consumeForcedFailure(account);
    reply = {
      message_id: ctx.state.newMid(account.userId),
      accountId: account.userId,
      kind: "private_reply",
      recipient: { comment_id: comment.id },
      recipient_id: comment.from.id,
      text,
      at: now,
    };
    comment.repliedWith = reply.message_id;
  } else {
    if (typeof personId !== "string" || !/^\d+$/.test(personId))
      throw graphErrors.badParam("param recipient[id] must be a numeric string");
    const last = ctx.state.lastMessageFrom(account.userId, personId);
    if (last === undefined || now - last > MESSAGING_WINDOW) throw graphErrors.outsideWindow();
    consumeForcedFailure(account);
    reply = {
      message_id: ctx.state.newMid(account.userId),
      accountId: account.userId,
      kind: "dm",
      recipient: { id: personId },
      recipient_id: personId,
      text,
      at: now,
    };
  }
  ctx.state.addReply(reply);
  ctx.log(
    `graph: ${account.username} sent a ${reply.kind === "dm" ? "DM" : "private reply"} to ${reply.recipient_id}: ${JSON.stringify(text)}`,
  );
  sendJson(res, 200, { recipient_id: reply.recipient_id, message_id: reply.message_id });
  echo(ctx, account, reply);
}

/** POST /_fake/rate-limit makes the next sends that would otherwise go out fail with Meta's rate-limit error. */
function consumeForcedFailure(account: Account) {
  if (account.failNext <= 0) return;
  account.failNext -= 1;
  throw graphErrors.rateLimited();
}
