import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { API } from "@contract/routes.ts";
import { ApiError, apiCall, apiRequest, routeUrl } from "./api-client.ts";
import { getToken, setToken } from "./token.ts";

const schema = z.object({ ok: z.boolean() });
const timeoutMessage = "Request timeout. Please check your connection and try again.";

/** A fetch that never answers, and rejects like the platform's fetch when its signal aborts. */
function neverAnsweringFetch() {
  return vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        );
      }),
  );
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("apiRequest timeout", () => {
  it("fails with the SPEC message after 60 seconds, not before", async () => {
    vi.useFakeTimers();
    const fetchImpl = neverAnsweringFetch();
    vi.stubGlobal("fetch", fetchImpl);
    let settled: unknown = "pending";
    const request = apiRequest("/auth/me", { schema }).then(
      () => (settled = "resolved"),
      (error: unknown) => (settled = error),
    );

    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await request;

    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).message).toBe(timeoutMessage);
    expect((settled as ApiError).kind).toBe("timeout");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((fetchImpl.mock.calls[0][1] as RequestInit).signal?.aborted).toBe(true);
  });

  it("gives the same message when the caller aborts", async () => {
    const controller = new AbortController();
    const request = apiRequest("/auth/me", { schema, fetchImpl: neverAnsweringFetch(), signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toThrow(timeoutMessage);
  });
});

describe("apiRequest", () => {
  it("calls <base>/functions/v1/api<path> with JSON and the stored bearer token", async () => {
    setToken("abc.def.ghi");
    const fetchImpl = vi.fn(async () => jsonResponse(200, { ok: true }));
    await expect(
      apiRequest("/auth/login", {
        method: "POST",
        body: { a: 1 },
        schema,
        fetchImpl,
        baseUrl: "https://x.test/functions/v1/api",
      }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://x.test/functions/v1/api/auth/login");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ Authorization: "Bearer abc.def.ghi", "Content-Type": "application/json" });
  });

  it("defaults the base URL to this origin's api function", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { ok: true }));
    await apiRequest("/auth/me", { schema, fetchImpl });
    expect((fetchImpl.mock.calls[0] as unknown[])[0]).toBe(`${window.location.origin}/functions/v1/api/auth/me`);
  });

  it("surfaces the server's message, code and field", async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(409, { error: "conflict", message: "An account with this email already exists", field: "email" }),
    );
    const error = await apiRequest("/auth/register/business", { method: "POST", body: {}, schema, fetchImpl }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "An account with this email already exists",
      status: 409,
      code: "conflict",
      field: "email",
    });
  });

  it("drops a token the server refuses (401) so the guards send the user to /login", async () => {
    setToken("abc.def.ghi");
    const fetchImpl = vi.fn(async () =>
      jsonResponse(401, { error: "unauthorized", message: "Invalid or expired token" }),
    );
    await expect(apiRequest("/auth/me", { schema, fetchImpl })).rejects.toThrow("Invalid or expired token");
    expect(getToken()).toBeNull();
  });

  it("gives a generic message for a non-JSON failure and a network message when fetch fails", async () => {
    await expect(
      apiRequest("/x", { schema, fetchImpl: async () => new Response("<html>", { status: 502 }) }),
    ).rejects.toThrow("Something went wrong. Please try again.");
    await expect(
      apiRequest("/x", {
        schema,
        fetchImpl: async () => {
          throw new TypeError("Failed to fetch");
        },
      }),
    ).rejects.toThrow("Could not reach the server. Please check your connection and try again.");
  });

  it("rejects a response that does not match the endpoint's schema", async () => {
    await expect(
      apiRequest("/x", { schema, fetchImpl: async () => jsonResponse(200, { nope: 1 }) }),
    ).rejects.toMatchObject({ kind: "invalid-response" });
  });
});

describe("apiCall", () => {
  const base = "https://x.test/functions/v1/api";
  const calls = (fetchImpl: ReturnType<typeof vi.fn>) => fetchImpl.mock.calls as unknown as [string, RequestInit][];

  it("takes the method and path of the route table's entry, fills its parameters and parses with its schema", async () => {
    setToken("abc.def.ghi");
    const chat = {
      id: "00000000-0000-4000-8000-000000000001",
      title: "Shop",
      language: "km",
      notices: { new_order: true, payout_completed: false, new_signup: false },
      linked_at: "2026-11-22T06:00:00.000Z",
    };
    const fetchImpl = vi.fn(async () => jsonResponse(200, { chat, extra: 1 }));
    const answer = await apiCall(API.updateTelegramChat, {
      params: { id: "a b/c" },
      body: { payout_completed: false },
      fetchImpl,
      baseUrl: base,
    });
    expect(answer).toEqual({ chat });
    const [[url, init]] = calls(fetchImpl);
    expect(url).toBe(`${base}/notifications/telegram/chats/a%20b%2Fc`);
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"payout_completed":false}');
    expect(init.headers).toMatchObject({ Authorization: "Bearer abc.def.ghi" });
  });

  it("writes the query's non-empty values in order and leaves the rest out", () => {
    expect(routeUrl(API.adminOrders.path, undefined, { limit: "50", q: "", status: "delivered", cursor: null })).toBe(
      "/admin/orders?limit=50&status=delivered",
    );
    expect(routeUrl(API.me.path)).toBe("/auth/me");
    expect(() => routeUrl(API.campaign.path, {})).toThrow("/campaigns/{id} needs the path parameter id");
  });

  it("calls a route open to anyone without the stored token", async () => {
    setToken("abc.def.ghi");
    const fetchImpl = vi.fn(async () => jsonResponse(200, { districts: ["Doun Penh"] }));
    await expect(apiCall(API.districts, { fetchImpl, baseUrl: base })).resolves.toEqual({ districts: ["Doun Penh"] });
    expect(calls(fetchImpl)[0][1].headers).not.toHaveProperty("Authorization");
  });

  it("refuses an answer its route's schema does not parse", async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { user: { id: 1 } }));
    await expect(apiCall(API.me, { fetchImpl, baseUrl: base })).rejects.toMatchObject({ kind: "invalid-response" });
  });
});
