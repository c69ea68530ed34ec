// A tiny client for the documented REST paths, through the one-origin gateway.
import { request } from "node:http";
import { stackUrl } from "./stack.ts";

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  /** Extra request headers (a client may send any, e.g. a forged X-Forwarded-For). */
  headers?: Record<string, string>;
}

/** A loopback address of its own (127.x.y.z), as a different customer's phone would have. */
export function freshLoopbackAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export async function api<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
  // Sign-ups are limited per address: each test sign-up comes from an address of its own.
  if (path.startsWith("/auth/register/")) return apiFrom(freshLoopbackAddress(), method, path, opts);
  const headers: Record<string, string> = { ...opts.headers };
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

/** The same call from a chosen loopback source address (the gateway reports the socket's address). */
export function apiFrom<T = any>(
  address: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const { hostname, port } = new URL(stackUrl());
  const text = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (text !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(text));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: `/functions/v1/api${path}`, method, headers, localAddress: address },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (data += chunk));
        res.on("end", () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === "string") answerHeaders.set(name, value);
          resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : null, headers: answerHeaders });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

export async function login(email: string, password: string): Promise<{ token: string; user: any }> {
  const answer = await api("POST", "/auth/login", { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function businessRegistration(email: string) {
  return {
    email,
    password: "longenough1",
    social_media_page: "https://www.facebook.com/test.shop",
    store_phone: "012 345 678",
  };
}

export function influencerRegistration(email: string) {
  return {
    full_name: "Test Creator",
    email,
    password: "longenough1",
    platform: "instagram",
    social_media_page: "@test.creator",
  };
}
