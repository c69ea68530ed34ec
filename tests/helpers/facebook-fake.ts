// The local stack's Facebook fake, as tests drive it: a person pressing Allow or Cancel on the
// Facebook Login dialog, comments on a Page's post and Messenger messages from people, what the
// Pages sent, and Meta's rate limit on demand (local-stack/facebook-fake).
import { expect } from "vitest";

export function facebookFakeUrl(): string {
  const url = process.env.FACEBOOK_FAKE_URL;
  if (!url)
    throw new Error("FACEBOOK_FAKE_URL is not set: run these tests through npm test (the stack's Facebook fake)");
  return url;
}

/** A control call as it was answered (GET without a body, POST with a JSON one). */
export async function controlCall<T = any>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const init: RequestInit =
    body === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(`${facebookFakeUrl()}/_fake/${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}

/** A control call's answer; a refusal throws with the fake's {error}. */
async function fake<T = any>(path: string, body?: unknown): Promise<T> {
  const answer = await controlCall(path, body);
  if (answer.status !== 200)
    throw new Error(`the Facebook fake refused ${path}: ${answer.body.error ?? answer.status}`);
  return answer.body as T;
}

/** Presses a button of the Login dialog at `dialogUrl` (the URL the app sent the browser to). */
async function pressOnDialog(dialogUrl: string, form: Record<string, string>): Promise<URLSearchParams> {
  const res = await fetch(dialogUrl, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
  expect(res.status, `the Login dialog answered ${res.status} instead of redirecting`).toBe(302);
  return new URL(res.headers.get("location")!).searchParams;
}

/**
 * Presses "Allow" as `name`, giving the app `pages` (Page names; default one Page "<name> Shop");
 * answers the query Facebook redirects with (code, state).
 */
export const allowOnFacebook = (dialogUrl: string, who: { name: string; pages?: string[] }) =>
  pressOnDialog(dialogUrl, { action: "allow", name: who.name, pages: (who.pages ?? []).join(", ") });

/** Presses "Cancel"; answers the query (error=access_denied, error_reason=user_denied, state...). */
export const cancelOnFacebook = (dialogUrl: string) => pressOnDialog(dialogUrl, { action: "cancel" });

/** A name no other test uses (the fake keeps its people and Pages for the stack's lifetime). */
export const uniqueName = (prefix = "Creator") =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** What a simulated event's webhook POST came to. */
export interface Delivered {
  delivered: boolean;
  status: number | null;
  ms: number | null;
  error?: string;
  reason?: string;
}

/** Who, on which Page, how long ago: a Page name or id (default: the only subscribed Page), a person's name. */
export interface EventOptions {
  page?: string;
  from?: string;
  age_hours?: number;
}

/** Someone comments on the Page's post (from: the Page's name makes it the Page's own comment). */
export const comment = (text: string, options: EventOptions = {}) =>
  fake<Delivered & { comment_id: string; post_id: string; page_id: string; from_id: string; psid: string | null }>(
    "comment",
    { ...options, text },
  );

/** Someone writes to the Page in Messenger. */
export const message = (text: string, options: EventOptions = {}) =>
  fake<Delivered & { mid: string; psid: string; page_id: string }>("message", { ...options, text });

/** The same webhook bytes and signature again. */
export const redeliver = (event: { comment_id: string } | { mid: string }) => fake<Delivered>("redeliver", event);

/** The next `count` sends of the Page answer Meta's rate-limit error (613). */
export const throttle = (page: string, count: number) => fake("rate-limit", { page, count });

export interface SentByPage {
  message_id: string;
  kind: "private_reply" | "message";
  recipient: { comment_id: string } | { id: string };
  recipient_id: string;
  text: string;
  at: string;
}

/** The fake holds a long poll at most this long (local-stack/facebook-fake/control.ts). */
const MAX_WAIT_MS = 60_000;

/** What the Page sent, once it sent at least `min` (waiting up to `waitMs`, 10 s by default). */
export async function waitForReplies(page: string, min: number, waitMs = 10_000): Promise<SentByPage[]> {
  const query = new URLSearchParams({ page, min: String(min), wait_ms: String(Math.min(waitMs, MAX_WAIT_MS)) });
  return (await fake<{ replies: SentByPage[] }>(`replies?${query}`)).replies;
}
