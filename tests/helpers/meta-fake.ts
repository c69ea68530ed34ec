// The local stack's Meta fake, as tests drive it: the influencer's "Allow" on Instagram's
// authorize page, simulated comments and DMs from followers, and the replies Instagram received.
import { expect } from "vitest";
import { api } from "./api.ts";
import type { Account } from "./accounts.ts";

export function metaFakeUrl(): string {
  const url = process.env.META_FAKE_URL;
  if (!url) throw new Error("META_FAKE_URL is not set: run these tests through npm test (the stack's Meta fake)");
  return url;
}

async function control<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${metaFakeUrl()}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`the Meta fake refused ${method} ${path}: ${JSON.stringify(answer)}`);
  return answer as T;
}

/** A username no other test uses (the fake keeps its accounts for the stack's lifetime). */
export function uniqueUsername(prefix = "creator"): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Presses "Allow" on the authorize page as `username`; returns the query Instagram redirects with. */
export async function allowOnInstagram(authorizeUrl: string, username: string): Promise<URLSearchParams> {
  const res = await fetch(authorizeUrl, {
    method: "POST",
    body: new URLSearchParams({ username, action: "allow" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!).searchParams;
}

/** Connects the influencer's account to a new Instagram account `username`, as the callback page does. */
export async function connectInstagram(owner: Account, username = uniqueUsername()) {
  const start = await api("GET", "/instagram/connect", { token: owner.token });
  expect(start.status).toBe(200);
  const query = await allowOnInstagram(start.body.url, username);
  const res = await api("POST", "/instagram/connect", {
    token: owner.token,
    body: { code: query.get("code"), state: query.get("state") },
  });
  expect(res.status).toBe(200);
  return { username, userId: res.body.instagram.user_id as string };
}

export interface Delivery {
  delivered: boolean;
  webhook_status: number | null;
  webhook_ms: number | null;
}

export const simulateComment = (account: string, text: string, extra: Record<string, unknown> = {}) =>
  control<Delivery & { comment_id: string; from_id: string }>("POST", "comments", { account, text, ...extra });

export const simulateDm = (account: string, text: string, extra: Record<string, unknown> = {}) =>
  control<Delivery & { mid: string; sender_id: string }>("POST", "messages", { account, text, ...extra });

export const redeliver = (ids: { comment_id?: string; mid?: string }) => control<Delivery>("POST", "redeliver", ids);

export const rawWebhook = (body: string, signature?: string | null) =>
  control<Delivery>("POST", "raw-webhook", { body, signature });

export const failNextSends = (account: string, count: number) =>
  control("POST", "rate-limit", { account, fail_next: count });

export interface Reply {
  message_id: string;
  recipient: { comment_id?: string; id?: string };
  text: string;
  at: string;
}

/** The fake waits at most this long for replies (local-stack/meta-fake/control.ts). */
const MAX_WAIT_MS = 60_000;

/** The account's replies once there are at least `min` (waiting up to `waitMs`, 10 s, for them). */
export async function repliesOf(account: string, min: number, waitMs = 10_000): Promise<Reply[]> {
  const wait = String(Math.min(waitMs, MAX_WAIT_MS));
  const params = new URLSearchParams({ account, min: String(min), wait_ms: wait });
  const { replies } = await control<{ replies: Reply[] }>("GET", `replies?${params}`);
  return replies;
}
