import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { keepSessionFresh, refreshSession } from "./session-refresh.ts";
import { getRefreshToken, getToken, setTokens, signedOutReason } from "./token.ts";

/** A JWT-shaped token that expires `seconds` from now (the SPA reads, never verifies, it). */
function accessToken(name: string, seconds: number): string {
  const claims = { sub: "u", user_type: "business", exp: Math.floor(Date.now() / 1000) + seconds, name };
  return `x.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.y`;
}

const renewed = () => ({
  token: accessToken("renewed", 3600),
  refresh_token: "refresh-2",
  expires_at: 0,
  user: makeUser(),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("keepSessionFresh", () => {
  it("swaps the pair five minutes before the access token expires, not earlier", async () => {
    vi.useFakeTimers();
    setTokens({ token: accessToken("first", 3600), refresh_token: "refresh-1" });
    fakeApi.on(API.refreshSession, renewed);
    const stop = keepSessionFresh();
    try {
      await vi.advanceTimersByTimeAsync(54 * 60_000);
      expect(fakeApi.calls(API.refreshSession)).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(60_000 + 10);
      expect(fakeApi.calls(API.refreshSession).map((call) => call.body)).toEqual([{ refresh_token: "refresh-1" }]);
      expect(getRefreshToken()).toBe("refresh-2");
      // The new token is planned for in turn: nothing more for the next 54 minutes.
      await vi.advanceTimersByTimeAsync(54 * 60_000);
      expect(fakeApi.calls(API.refreshSession)).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it("tries again in 30 seconds when the server cannot be reached, keeping the pair", async () => {
    vi.useFakeTimers();
    setTokens({ token: accessToken("first", 60), refresh_token: "refresh-1" });
    fakeApi.on(API.refreshSession, () => new Response("", { status: 503 }));
    const stop = keepSessionFresh();
    try {
      await vi.advanceTimersByTimeAsync(10);
      expect(fakeApi.calls(API.refreshSession)).toHaveLength(1);
      expect(getRefreshToken()).toBe("refresh-1");
      fakeApi.on(API.refreshSession, renewed);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fakeApi.calls(API.refreshSession)).toHaveLength(2);
      expect(getRefreshToken()).toBe("refresh-2");
    } finally {
      stop();
    }
  });
});

describe("refreshSession", () => {
  it("sends one request for callers that ask at once", async () => {
    setTokens({ token: accessToken("first", 10), refresh_token: "refresh-1" });
    fakeApi.on(API.refreshSession, renewed);
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).toEqual(["refreshed", "refreshed", "refreshed"]);
    expect(fakeApi.calls(API.refreshSession)).toHaveLength(1);
  });

  it("sends nothing when another tab already stored a fresh pair", async () => {
    const stale = accessToken("stale", 10);
    setTokens({ token: accessToken("from another tab", 3600), refresh_token: "refresh-2" });
    expect(await refreshSession(stale)).toBe("refreshed");
    expect(fakeApi.calls(API.refreshSession)).toHaveLength(0);
  });

  it("signs out with the server's reason when the session is over", async () => {
    setTokens({ token: accessToken("first", 10), refresh_token: "refresh-1" });
    const reason =
      "This sign-in was used on another device, so it was ended to keep your account safe. Please sign in again";
    fakeApi.on(API.refreshSession, fail("unauthorized", reason));
    expect(await refreshSession()).toBe("signed-out");
    expect([getToken(), getRefreshToken()]).toEqual([null, null]);
    expect(signedOutReason()).toBe(reason);
  });

  it("signs out with the admin's reason when the account was suspended (403)", async () => {
    setTokens({ token: accessToken("first", 10), refresh_token: "refresh-1" });
    fakeApi.on(API.refreshSession, fail("account_suspended", "Your account is suspended: Sells fakes"));
    expect(await refreshSession()).toBe("signed-out");
    expect([getToken(), getRefreshToken()]).toEqual([null, null]);
    expect(signedOutReason()).toBe("Your account is suspended: Sells fakes");
  });

  it("keeps the pair when the refresh is refused for another reason than the session (a 403 of a proxy)", async () => {
    setTokens({ token: accessToken("first", 10), refresh_token: "refresh-1" });
    fakeApi.on(API.refreshSession, fail("forbidden", "Forbidden"));
    expect(await refreshSession()).toBe("unavailable");
    expect(getRefreshToken()).toBe("refresh-1");
  });
});
