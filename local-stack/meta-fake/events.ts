// What happens on Instagram's side: a follower comments or writes a DM, the account's own sends
// come back as echoes. Each becomes a signed webhook body, POSTed to the app's webhook URL when the
// account has subscribed the app to that field (POST /me/subscribed_apps), as Meta does.
import { ControlError } from "./errors.ts";
import {
  personIdFor,
  SECOND,
  type Account,
  type Comment,
  type Delivery,
  type DirectMessage,
  type FakeState,
  type Reply,
} from "./state.ts";
import { commentEvent, deliver, messageEvent, sign } from "./webhooks.ts";

const MAX_KEPT_DELIVERIES = 1000;

export interface EventContext {
  state: FakeState;
  appSecret: string;
  webhookUrl: () => string;
  log: (line: string) => void;
}

/** A delivery's outcome as control calls report it. */
export function deliveryReport(delivery: Delivery<string> | undefined, reason?: string) {
  return {
    delivered: delivery !== undefined && delivery.status !== null && delivery.status < 300,
    webhook_status: delivery?.status ?? null,
    webhook_ms: delivery?.ms ?? null,
    ...(delivery?.error ? { webhook_error: delivery.error } : {}),
    ...(reason ? { reason } : {}),
  };
}

function notSubscribed(account: Account, field: string) {
  return `${account.username} has not subscribed the app to "${field}" (POST /me/subscribed_apps?subscribed_fields=comments,messages with its token): Meta sends nothing`;
}

/** Delivers a body and keeps the delivery (the Facebook fake keeps its own list the same way). */
export async function post<Kind extends string>(
  ctx: Pick<EventContext, "webhookUrl" | "log"> & { state: { deliveries: Delivery<Kind>[] } },
  kind: Kind,
  body: string,
  signature: string | null,
) {
  const delivery = await deliver(ctx.webhookUrl(), kind, body, signature);
  ctx.state.deliveries.push(delivery);
  // A long dev session must not grow without bound; tests look at recent ones only.
  if (ctx.state.deliveries.length > MAX_KEPT_DELIVERIES) ctx.state.deliveries.shift();
  ctx.log(`webhook ${kind} -> ${delivery.status ?? delivery.error} in ${delivery.ms} ms (${ctx.webhookUrl()})`);
  return delivery;
}

const validAge = (ageSeconds: unknown) => {
  if (ageSeconds === undefined || ageSeconds === null) return 0;
  if (typeof ageSeconds !== "number" || !Number.isFinite(ageSeconds) || ageSeconds < 0)
    throw new ControlError(400, "age_seconds must be a number of seconds >= 0");
  return ageSeconds;
};

const validText = (text: unknown) => {
  if (typeof text !== "string" || text.trim() === "") throw new ControlError(400, "text must be a non-empty string");
  if (text.length > 2200) throw new ControlError(400, "text is over 2200 characters (Instagram's comment limit)");
  return text;
};

/** A follower comments on the account's reel. */
export async function addComment(
  ctx: EventContext,
  account: Account,
  input: { text: unknown; fromUsername?: unknown; ageSeconds?: unknown },
) {
  const text = validText(input.text);
  const fromUsername = input.fromUsername ?? "a.follower";
  if (typeof fromUsername !== "string" || !/^[A-Za-z0-9._]{1,30}$/.test(fromUsername))
    throw new ControlError(400, "from_username must be an Instagram username (letters, digits, . and _)");
  const createdAt = Date.now() - validAge(input.ageSeconds) * SECOND;
  // The account's own comments (answering a follower in public) arrive too, from its own id.
  const own = fromUsername.toLowerCase() === account.username.toLowerCase();
  const from = { id: own ? account.userId : personIdFor(fromUsername), username: fromUsername };
  ctx.state.rememberPerson(from.id, fromUsername);
  const id = ctx.state.newCommentId();
  const body = commentEvent(account, { id, text, from, createdAt });
  const comment: Comment = {
    id,
    accountId: account.userId,
    mediaId: account.mediaId,
    text,
    from,
    createdAt,
    event: { body, signature: sign(body, ctx.appSecret) },
    delivered: false,
  };
  ctx.state.comments.set(id, comment);
  ctx.log(`comment ${id} by ${fromUsername} on ${account.username}: ${JSON.stringify(text)}`);
  if (!account.subscribedFields.has("comments"))
    return { comment, ...deliveryReport(undefined, notSubscribed(account, "comments")) };
  const delivery = await post(ctx, "comments", comment.event.body, comment.event.signature);
  comment.delivered = true;
  return { comment, ...deliveryReport(delivery) };
}

/** A person writes to the account; this opens (or renews) Meta's 24-hour messaging window. */
export async function addMessage(
  ctx: EventContext,
  account: Account,
  input: { text: unknown; fromId?: unknown; ageSeconds?: unknown },
) {
  const text = validText(input.text);
  const senderId = input.fromId ?? personIdFor("a.follower");
  if (typeof senderId !== "string" || !/^\d{1,20}$/.test(senderId))
    throw new ControlError(400, "from_id must be a numeric string (an Instagram-scoped id)");
  if (senderId === account.userId) throw new ControlError(400, "from_id is the account itself: use a person's id");
  const createdAt = Date.now() - validAge(input.ageSeconds) * SECOND;
  const mid = ctx.state.newMid(account.userId);
  const body = messageEvent(account, { mid, senderId, recipientId: account.userId, text, createdAt, isEcho: false });
  const message: DirectMessage = {
    mid,
    accountId: account.userId,
    senderId,
    recipientId: account.userId,
    text,
    createdAt,
    isEcho: false,
    event: { body, signature: sign(body, ctx.appSecret) },
    delivered: false,
  };
  ctx.state.messages.set(mid, message);
  ctx.log(`DM ${mid} from ${senderId} to ${account.username}: ${JSON.stringify(text)}`);
  if (!account.subscribedFields.has("messages"))
    return { message, ...deliveryReport(undefined, notSubscribed(account, "messages")) };
  const delivery = await post(ctx, "messages", message.event.body, message.event.signature);
  message.delivered = true;
  return { message, ...deliveryReport(delivery) };
}

/**
 * The account's own send, reported back as a message with is_echo (sender = the account), as
 * Instagram does for every message an account sends, private replies included. Not awaited by the
 * send: Meta answers the send first and delivers the echo on its own.
 */
export function echo(ctx: EventContext, account: Account, reply: Reply) {
  const createdAt = reply.at;
  const body = messageEvent(account, {
    mid: reply.message_id,
    senderId: account.userId,
    recipientId: reply.recipient_id,
    text: reply.text,
    createdAt,
    isEcho: true,
  });
  const message: DirectMessage = {
    mid: reply.message_id,
    accountId: account.userId,
    senderId: account.userId,
    recipientId: reply.recipient_id,
    text: reply.text,
    createdAt,
    isEcho: true,
    event: { body, signature: sign(body, ctx.appSecret) },
    delivered: false,
  };
  ctx.state.messages.set(message.mid, message);
  if (!account.subscribedFields.has("messages")) return;
  message.delivered = true;
  void post(ctx, "echo", body, message.event.signature);
}
