// Webhook bodies as Instagram sends them, their signature, and their delivery.
//
// Meta signs the raw body with the app secret (X-Hub-Signature-256: sha256=<hex HMAC-SHA256>)
// and POSTs JSON; one delivery here carries one entry with one change or one messaging item, as
// Instagram does in practice (it may batch, the product must accept both).
import { createHmac, randomInt } from "node:crypto";
import type { Account, Delivery } from "./state.ts";

// Meta gives a webhook about 20 s before it counts the delivery as failed; a stuck receiver must
// not hold a control call (or a test) longer than that.
const DELIVERY_TIMEOUT_MS = 20_000;

/**
 * entry[].time is when Meta sent the notification (Instagram webhook examples), in seconds; the
 * event's own time is messaging[].timestamp (ms). A comment made days ago is still sent now.
 */
const sentAt = () => Math.floor(Date.now() / 1000);

export function sign(body: string, appSecret: string) {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

export function commentEvent(
  account: Account,
  comment: { id: string; text: string; from: { id: string; username: string }; createdAt: number },
) {
  return JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: account.userId,
        time: sentAt(),
        changes: [
          {
            field: "comments",
            value: {
              id: comment.id,
              text: comment.text,
              from: { id: comment.from.id, username: comment.from.username },
              media: { id: account.mediaId, media_product_type: "REELS" },
            },
          },
        ],
      },
    ],
  });
}

export function messageEvent(
  account: Account,
  message: { mid: string; senderId: string; recipientId: string; text: string; createdAt: number; isEcho: boolean },
) {
  return JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: account.userId,
        time: sentAt(),
        messaging: [
          {
            sender: { id: message.senderId },
            recipient: { id: message.recipientId },
            timestamp: message.createdAt,
            message: { mid: message.mid, text: message.text, ...(message.isEcho ? { is_echo: true } : {}) },
          },
        ],
      },
    ],
  });
}

/** POSTs a body to the webhook URL and measures the answer; never throws. */
export async function deliver<Kind extends string>(
  url: string,
  kind: Kind,
  body: string,
  signature: string | null,
): Promise<Delivery<Kind>> {
  const started = performance.now();
  const delivery: Delivery<Kind> = { kind, body, signature, at: Date.now(), status: null, ms: null };
  try {
    const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "facebookexternalua" };
    if (signature !== null) headers["x-hub-signature-256"] = signature;
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.arrayBuffer(); // Meta reads (and ignores) the answer's body
    delivery.status = response.status;
  } catch (error) {
    delivery.error = describeFailure(error, url);
  }
  delivery.ms = Math.round(performance.now() - started);
  return delivery;
}

/** The GET handshake Meta performs when a webhook URL is saved in the app dashboard. */
export async function verifyHandshake(url: string, verifyToken: string) {
  const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
  const target = new URL(url);
  target.searchParams.set("hub.mode", "subscribe");
  target.searchParams.set("hub.verify_token", verifyToken);
  target.searchParams.set("hub.challenge", challenge);
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, challenge_echoed: response.ok && text === challenge, body: text.slice(0, 200) };
  } catch (error) {
    return { status: null, challenge_echoed: false, error: describeFailure(error, url) };
  }
}

function describeFailure(error: unknown, url: string) {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause === "ECONNREFUSED") return `nothing listens at ${url} (connection refused)`;
  if ((error as Error)?.name === "TimeoutError") return `no answer from ${url} within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  return `${(error as Error)?.message ?? error}${cause ? ` (${cause})` : ""}`;
}
