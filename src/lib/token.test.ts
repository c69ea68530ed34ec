import { describe, expect, it } from "vitest";
import { dashboardPathFor, decodeToken, guardDecision, readSession } from "./token.ts";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const inOneHour = Math.floor(now / 1000) + 3600;

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT-shaped token: the SPA decodes without verifying, so the signature is irrelevant. */
function token(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: "HS256", typ: "JWT" })}.${base64Url(claims)}.signature`;
}

const claims = (userType: string, extra: Record<string, unknown> = {}) => ({
  sub: "00000000-0000-4000-8000-000000000001",
  role: "authenticated",
  aud: "authenticated",
  email: "someone@example.com",
  user_type: userType,
  is_approved: false,
  exp: inOneHour,
  ...extra,
});

describe("decodeToken", () => {
  it("reads the claims of a JWT", () => {
    expect(decodeToken(token(claims("business")))).toMatchObject({ user_type: "business", exp: inOneHour });
  });

  it("decodes UTF-8 claims", () => {
    expect(decodeToken(`x.${btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"សុខា"}')))}.y`)).toEqual({
      name: "សុខា",
    });
  });

  it.each([
    ["garbage", "not-a-token"],
    ["two parts", "abc.def"],
    ["payload not base64", "a.%%%.c"],
    ["payload not JSON", `a.${base64Url("x").slice(0, 2)}.c`],
    ["payload an array", `a.${base64Url([1, 2])}.c`],
    ["the old mock tokens", "mock-admin-token"],
  ])("returns null for %s", (_name, value) => {
    expect(decodeToken(value)).toBeNull();
  });
});

describe("readSession", () => {
  it("is missing without a token", () => {
    expect(readSession(null, now)).toEqual({ status: "missing" });
    expect(readSession("", now)).toEqual({ status: "missing" });
  });

  it("is invalid for an undecodable token", () => {
    expect(readSession("garbage", now)).toEqual({ status: "invalid", reason: "undecodable" });
  });

  it("is invalid without a known user type", () => {
    expect(readSession(token({ ...claims("x"), user_type: undefined }), now)).toEqual({
      status: "invalid",
      reason: "no-user-type",
    });
    expect(readSession(token(claims("superuser")), now)).toEqual({ status: "invalid", reason: "no-user-type" });
  });

  it("is invalid once expired, and without an expiry", () => {
    expect(readSession(token(claims("admin", { exp: Math.floor(now / 1000) })), now)).toEqual({
      status: "invalid",
      reason: "expired",
    });
    expect(readSession(token(claims("admin", { exp: Math.floor(now / 1000) - 60 })), now)).toEqual({
      status: "invalid",
      reason: "expired",
    });
    expect(readSession(token(claims("admin", { exp: undefined })), now)).toEqual({
      status: "invalid",
      reason: "expired",
    });
  });

  it("counts an expired token as a session while a refresh token can renew it", () => {
    const expired = token(claims("business", { exp: Math.floor(now / 1000) - 60 }));
    expect(readSession(expired, now, true)).toMatchObject({ status: "valid", session: { userType: "business" } });
    expect(guardDecision(expired, ["business"], now, true)).toMatchObject({ action: "allow" });
    expect(readSession(token(claims("admin", { exp: undefined })), now, true)).toEqual({
      status: "invalid",
      reason: "expired",
    });
  });

  it("gives the session of a valid token", () => {
    const value = token(claims("influencer", { is_approved: true }));
    expect(readSession(value, now)).toEqual({
      status: "valid",
      session: {
        token: value,
        userId: "00000000-0000-4000-8000-000000000001",
        email: "someone@example.com",
        userType: "influencer",
        isApproved: true,
        expiresAt: inOneHour * 1000,
      },
    });
  });
});

describe("guardDecision", () => {
  it("sends a visitor without a token to /login and keeps storage as is", () => {
    expect(guardDecision(null, ["admin"], now)).toEqual({ action: "redirect", to: "/login", removeToken: false });
  });

  it.each([
    ["garbage", "garbage"],
    ["a mock token", "mock-business-token"],
    ["no user type", token({ ...claims("business"), user_type: undefined })],
    ["expired", token(claims("business", { exp: Math.floor(now / 1000) - 1 }))],
  ])("removes an unusable token (%s) and sends to /login", (_name, value) => {
    expect(guardDecision(value, ["business"], now)).toEqual({ action: "redirect", to: "/login", removeToken: true });
  });

  const roles = ["admin", "business", "influencer"] as const;
  for (const role of roles) {
    it(`lets ${role} into its own routes`, () => {
      const decision = guardDecision(token(claims(role)), [role], now);
      expect(decision.action).toBe("allow");
      expect(decision.action === "allow" && decision.session.userType).toBe(role);
    });

    for (const other of roles.filter((candidate) => candidate !== role)) {
      it(`sends ${role} on a ${other} route to /dashboard`, () => {
        expect(guardDecision(token(claims(role)), [other], now)).toEqual({
          action: "redirect",
          to: "/dashboard",
          removeToken: false,
        });
      });
    }
  }

  it("does not trust is_approved for access: an unapproved business still reaches business routes", () => {
    expect(guardDecision(token(claims("business", { is_approved: false })), ["business"], now).action).toBe("allow");
  });
});

describe("dashboardPathFor", () => {
  it("maps each user type to its dashboard and anything else to /", () => {
    expect(dashboardPathFor("admin")).toBe("/admin/dashboard");
    expect(dashboardPathFor("business")).toBe("/business/dashboard");
    expect(dashboardPathFor("influencer")).toBe("/influencer/dashboard");
    expect(dashboardPathFor("customer")).toBe("/");
    expect(dashboardPathFor(undefined)).toBe("/");
  });
});
