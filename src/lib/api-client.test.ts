import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { API } from "@contract/routes.ts";
import { env } from "@/config/env.ts";
import { deferred, fail, fakeApi, jsonResponse, networkDown } from "@/testing/fake-api.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { ApiError, apiCall, apiRequest, routeUrl } from "./api-client.ts";
import { getToken, setTokens } from "./token.ts";

const schema = z.object({ ok: z.boolean() });
const timeoutMessage = "Request timeout. Please check your connection and try again.";
const me = { user: { id: 1 } };

/** A server that never answers the route. */
const neverAnswering = () => deferred<never>().promise;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
});

describe("apiRequest timeout", () => {
  it("fails with the product's message after 60 seconds, not before", async () => {
    vi.useFakeTimers();
    fakeApi.on(API.me, neverAnswering);
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
    expect(fakeApi.calls(API.me)).toHaveLength(1);
  });

  it("gives the same message when the caller aborts", async () => {
    fakeApi.on(API.me, neverAnswering);
    const controller = new AbortController();
    const request = apiRequest("/auth/me", { schema, signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toThrow(timeoutMessage);
  });
});

describe("apiRequest", () => {
  it("calls <origin>/functions/v1/api<path> with JSON and the stored bearer token", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    fakeApi.on(API.login, jsonResponse(200, { ok: true }));
    await expect(apiRequest("/auth/login", { method: "POST", body: { a: 1 }, schema })).resolves.toEqual({ ok: true });
    const [sent] = fakeApi.calls(API.login);
    expect(env.apiBaseUrl).toBe(`${window.location.origin}/functions/v1/api`);
    expect(sent.url.href).toBe(`${window.location.origin}/functions/v1/api/auth/login`);
    expect(sent.method).toBe("POST");
    expect(sent.body).toEqual({ a: 1 });
    expect(sent.headers.get("Authorization")).toBe("Bearer abc.def.ghi");
    expect(sent.headers.get("Content-Type")).toBe("application/json");
  });

  it("surfaces the server's message, code and field", async () => {
    fakeApi.on(API.registerBusiness, fail("conflict", "An account with this email already exists", "email"));
    const error = await apiRequest("/auth/register/business", { method: "POST", body: {}, schema }).catch(
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

  it("renews a refused token once and sends the call again with the new one", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh-1" });
    fakeApi.on(API.me, ({ headers }) =>
      headers.get("Authorization") === "Bearer new.access.token"
        ? { user: makeUser() }
        : fail("unauthorized", "Your session has expired. Please sign in again"),
    );
    fakeApi.on(API.refreshSession, {
      token: "new.access.token",
      refresh_token: "refresh-2",
      expires_at: 1,
      user: makeUser(),
    });
    await expect(apiRequest("/auth/me", { schema: z.object({ user: z.object({}) }) })).resolves.toBeTruthy();
    expect(fakeApi.calls(API.refreshSession).map((call) => call.body)).toEqual([{ refresh_token: "refresh-1" }]);
    expect([getToken(), localStorage.getItem("refresh_token")]).toEqual(["new.access.token", "refresh-2"]);
  });

  it("drops the tokens when the session cannot be renewed (401), so the guards send the user to /login", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    fakeApi.on(API.me, fail("unauthorized", "Your session has ended. Please sign in again"));
    fakeApi.on(API.refreshSession, fail("unauthorized", "Your session has ended. Please sign in again"));
    await expect(apiRequest("/auth/me", { schema })).rejects.toThrow("Your session has ended. Please sign in again");
    expect([getToken(), localStorage.getItem("refresh_token")]).toEqual([null, null]);
  });

  it("drops the tokens when the account was suspended, keeping the reason for the sign-in page", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    fakeApi.on(API.me, fail("account_suspended", "Your account is suspended: Orders from your own phone"));
    await expect(apiRequest("/auth/me", { schema })).rejects.toThrow(
      "Your account is suspended: Orders from your own phone",
    );
    expect([getToken(), localStorage.getItem("refresh_token")]).toEqual([null, null]);
    expect(sessionStorage.getItem("signed_out_reason")).toBe("Your account is suspended: Orders from your own phone");
    expect(fakeApi.calls(API.refreshSession)).toHaveLength(0);
  });

  it("keeps the tokens when the renewal cannot reach the server", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    fakeApi.on(API.me, fail("unauthorized", "Your session has expired. Please sign in again"));
    fakeApi.on(API.refreshSession, networkDown);
    await expect(apiRequest("/auth/me", { schema })).rejects.toThrow("Your session has expired. Please sign in again");
    expect(getToken()).toBe("abc.def.ghi");
  });

  it("gives a generic message for a non-JSON failure and a network message when fetch fails", async () => {
    fakeApi.on(API.me, () => new Response("<html>", { status: 502 }));
    await expect(apiRequest("/auth/me", { schema })).rejects.toThrow("Something went wrong. Please try again.");
    fakeApi.on(API.me, networkDown);
    await expect(apiRequest("/auth/me", { schema })).rejects.toThrow(
      "Could not reach the server. Please check your connection and try again.",
    );
  });

  it("rejects a response that does not match the endpoint's schema", async () => {
    fakeApi.on(API.me, jsonResponse(200, { nope: 1 }));
    await expect(apiRequest("/auth/me", { schema })).rejects.toMatchObject({ kind: "invalid-response" });
  });
});

describe("apiCall", () => {
  it("takes the method and path of the route table's entry, fills its parameters and parses with its schema", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    const chat = {
      id: "00000000-0000-4000-8000-000000000001",
      title: "Shop",
      language: "km" as const,
      notices: { new_order: true, payout_completed: false, new_signup: false },
      linked_at: "2026-11-22T06:00:00.000Z",
    };
    fakeApi.on(API.updateTelegramChat, jsonResponse(200, { chat, extra: 1 }));
    const answer = await apiCall(API.updateTelegramChat, {
      params: { id: "a b/c" },
      body: { payout_completed: false },
    });
    expect(answer).toEqual({ chat });
    const [sent] = fakeApi.calls(API.updateTelegramChat);
    expect(sent.url.pathname).toBe("/functions/v1/api/notifications/telegram/chats/a%20b%2Fc");
    expect(sent.params).toEqual({ id: "a b/c" });
    expect(sent.method).toBe("PUT");
    expect(sent.body).toEqual({ payout_completed: false });
    expect(sent.headers.get("Authorization")).toBe("Bearer abc.def.ghi");
  });

  it("writes the query's non-empty values in order and leaves the rest out", () => {
    expect(routeUrl(API.adminOrders.path, undefined, { limit: "50", q: "", status: "delivered", cursor: null })).toBe(
      "/admin/orders?limit=50&status=delivered",
    );
    expect(routeUrl(API.me.path)).toBe("/auth/me");
    expect(() => routeUrl(API.campaign.path, {})).toThrow("/campaigns/{id} needs the path parameter id");
  });

  it("calls a route open to anyone without the stored token", async () => {
    setTokens({ token: "abc.def.ghi", refresh_token: "refresh" });
    const provinces = { provinces: [{ code: "12", name_en: "Phnom Penh", name_km: "ភ្នំពេញ" }] };
    fakeApi.on(API.provinces, provinces);
    await expect(apiCall(API.provinces)).resolves.toEqual(provinces);
    expect(fakeApi.calls(API.provinces)[0].headers.has("Authorization")).toBe(false);
  });

  it("refuses an answer its route's schema does not parse", async () => {
    fakeApi.on(API.me, jsonResponse(200, me));
    await expect(apiCall(API.me)).rejects.toMatchObject({ kind: "invalid-response" });
  });
});
