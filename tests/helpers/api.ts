// A tiny client for the documented REST paths, through the one-origin gateway.
import { stackUrl } from "./stack.ts";

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined || opts.rawBody !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${stackUrl()}/functions/v1/api${path}`, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function login(email: string, password: string): Promise<{ token: string; user: any }> {
  const answer = await api("POST", "/auth/login", { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function businessRegistration(email: string) {
  return { email, password: "longenough1", social_media_page: "https://www.facebook.com/test.shop", store_phone: "012 345 678" };
}

export function influencerRegistration(email: string) {
  return { fullName: "Test Creator", email, password: "longenough1", platform: "instagram", social_media_page: "@test.creator", id_card_url: "" };
}
