// What happens on Facebook's side: a person comments on the Page's post or writes to the Page in
// Messenger, and the Page's own sends come back as echoes. Each becomes a signed webhook body,
// POSTed to the app's webhook URL only when the Page has subscribed the app to that field
// (POST /{page-id}/subscribed_apps), as Meta does: feed for comments, messages for Messenger
// messages, message_echoes for echoes (a field of its own on Messenger, unlike Instagram: Meta's
// "message_echoes Webhook Event Reference" and "Webhooks for Pages", which sends nothing to an app
// a Page has not installed through subscribed_apps).
import { ControlError } from "../fake-server.ts";
import { post } from "../meta-fake/events.ts";
import { sign } from "../meta-fake/webhooks.ts";
import {
  HOUR,
  psidFor,
  userIdFor,
  type Comment,
  type FacebookState,
  type MessengerMessage,
  type Page,
  type Reply,
  type SignedEvent,
} from "./state.ts";
import { commentEvent, messagingEvent } from "./webhooks.ts";
import type { Delivery } from "../meta-fake/state.ts";

export interface FacebookEventContext {
  state: FacebookState;
  appId: string;
  appSecret: string;
  webhookUrl: () => string;
  log: (line: string) => void;
}

export const DEFAULT_FOLLOWER = "A Follower";
/** Facebook's comment limit; Messenger's is far higher, the fake holds both to this. */
const MAX_EVENT_TEXT = 8000;

/** A delivery's outcome as control calls report it. */
export function deliveryReport(delivery: Delivery<string> | undefined, reason?: string) {
  return {
    delivered: delivery !== undefined && delivery.status !== null && delivery.status < 300,
    status: delivery?.status ?? null,
    ms: delivery?.ms ?? null,
    ...(delivery?.error ? { error: delivery.error } : {}),
    ...(reason ? { reason } : {}),
  };
}

function signed(ctx: FacebookEventContext, body: string): SignedEvent {
  return { body, signature: sign(body, ctx.appSecret), delivered: false };
}

/** POSTs the event when the Page subscribed to `field`; says why not otherwise. */
async function deliverIfSubscribed(
  ctx: FacebookEventContext,
  page: Page,
  field: "feed" | "messages",
  event: SignedEvent,
) {
  if (!page.subscribedFields.has(field))
    return deliveryReport(
      undefined,
      `the Page "${page.name}" has not subscribed the app to "${field}" (POST /${page.id}/subscribed_apps?subscribed_fields=feed,messages with its Page token): Meta sends nothing`,
    );
  const delivery = await post(ctx, field, event.body, event.signature);
  event.delivered = true;
  return deliveryReport(delivery);
}

function eventText(text: unknown) {
  if (typeof text !== "string" || text.trim() === "") throw new ControlError(400, "text must be a non-empty string");
  if ([...text].length > MAX_EVENT_TEXT)
    throw new ControlError(400, `text is over ${MAX_EVENT_TEXT} characters (Facebook's comment limit)`);
  return text;
}

function personName(from: unknown) {
  if (from === undefined || from === null || from === "") return DEFAULT_FOLLOWER;
  if (typeof from !== "string" || from.trim() === "" || from.length > 100)
    throw new ControlError(400, "from must be a person's name (1 to 100 characters)");
  return from.trim();
}

/** When the event happened: now, or age_hours ago (at most a year). */
function createdAt(ageHours: unknown) {
  if (ageHours === undefined || ageHours === null) return Date.now();
  if (typeof ageHours !== "number" || !Number.isFinite(ageHours) || ageHours < 0 || ageHours > 24 * 366)
    throw new ControlError(400, "age_hours must be a number of hours from 0 to 8784");
  return Date.now() - Math.round(ageHours * HOUR);
}

/**
 * Someone comments on the Page's post; `from` naming the Page itself (its name or id) makes it the
 * Page's own comment, which Meta delivers too, with the Page as the author.
 */
export async function addComment(
  ctx: FacebookEventContext,
  page: Page,
  input: { text: unknown; from?: unknown; ageHours?: unknown },
) {
  const text = eventText(input.text);
  const name = personName(input.from);
  const own = name === page.id || name.toLowerCase() === page.name.toLowerCase();
  const from = own ? { id: page.id, name: page.name } : { id: userIdFor(name), name };
  const psid = own ? null : psidFor(page.id, name);
  if (psid) ctx.state.rememberPsid(psid, page.id, name);
  const fields = {
    id: ctx.state.newCommentId(page),
    pageId: page.id,
    text,
    from,
    psid,
    createdAt: createdAt(input.ageHours),
  };
  const comment: Comment = { ...fields, event: signed(ctx, commentEvent(page, fields)) };
  ctx.state.comments.set(comment.id, comment);
  ctx.log(`comment ${comment.id} by ${from.name} on ${page.name}: ${JSON.stringify(text)}`);
  return { comment, ...(await deliverIfSubscribed(ctx, page, "feed", comment.event)) };
}

/** Someone writes to the Page in Messenger: this opens (or renews) the 24-hour messaging window. */
export async function addMessage(
  ctx: FacebookEventContext,
  page: Page,
  input: { text: unknown; from?: unknown; ageHours?: unknown },
) {
  const text = eventText(input.text);
  const name = personName(input.from);
  if (name === page.id || name.toLowerCase() === page.name.toLowerCase())
    throw new ControlError(400, "from names the Page itself: a Messenger message comes from a person");
  const psid = psidFor(page.id, name);
  ctx.state.rememberPsid(psid, page.id, name);
  const fields = {
    mid: ctx.state.newMid(),
    pageId: page.id,
    senderId: psid,
    recipientId: page.id,
    text,
    createdAt: createdAt(input.ageHours),
    isEcho: false,
  };
  const message: MessengerMessage = { ...fields, event: signed(ctx, messagingEvent(fields, ctx.appId)) };
  ctx.state.messages.set(message.mid, message);
  ctx.log(`message ${message.mid} from ${name} (${psid}) to ${page.name}: ${JSON.stringify(text)}`);
  return { message, ...(await deliverIfSubscribed(ctx, page, "messages", message.event)) };
}

/**
 * The Page's own send, reported back as a message with is_echo (sender = the Page), when the Page
 * subscribed the app to message_echoes. Not awaited by the send: Meta answers the send first and
 * delivers the echo on its own.
 */
export function echo(ctx: FacebookEventContext, page: Page, reply: Reply) {
  const fields = {
    mid: reply.message_id,
    pageId: page.id,
    senderId: page.id,
    recipientId: reply.recipient_id,
    text: reply.text,
    createdAt: reply.at,
    isEcho: true,
  };
  const message: MessengerMessage = { ...fields, event: signed(ctx, messagingEvent(fields, ctx.appId)) };
  ctx.state.messages.set(message.mid, message);
  if (!page.subscribedFields.has("message_echoes")) return;
  message.event.delivered = true;
  void post(ctx, "echo", message.event.body, message.event.signature);
}
