// Passwords through the API (docs/api.md, "Passwords"): a new password is refused when it is one of
// the most common, one character repeated or the account's email, at sign-up and when changed;
// PUT /auth/password needs the current password and ends the account's other sessions.
import { describe, expect, it } from "vitest";
import { api, businessRegistration, influencerRegistration } from "../helpers/api.ts";
import { influencer } from "../helpers/accounts.ts";
import { uniqueEmail } from "../helpers/stack.ts";

const tooCommon = "This password is too common: choose one that is harder to guess";

const signIn = (email: string, password: string) => api("POST", "/auth/login", { body: { email, password } });

describe("new passwords at sign-up", () => {
  it.each([
    ["aaaaaaaa", tooCommon],
    ["password", tooCommon],
    ["Iloveyou", tooCommon],
  ])("refuses %s, creating no account", async (password, message) => {
    const email = uniqueEmail("weak");
    const res = await api("POST", "/auth/register/business", { body: { ...businessRegistration(email), password } });
    expect([res.status, res.body.field, res.body.message]).toEqual([400, "password", message]);
    expect((await signIn(email, password)).status).toBe(401);
  });

  it("refuses the email as the password", async () => {
    const email = uniqueEmail("same");
    const res = await api("POST", "/auth/register/influencer", {
      body: { ...influencerRegistration(email), password: email.toUpperCase() },
    });
    expect([res.status, res.body.field, res.body.message]).toEqual([
      400,
      "password",
      "Password must not be your email",
    ]);
  });
});

describe("PUT /auth/password", () => {
  it("changes the password given the current one; the other sessions end, this one stays", async () => {
    const account = await influencer();
    const elsewhere = (await signIn(account.user.email, "longenough1")).body;
    const res = await api("PUT", "/auth/password", {
      token: account.token,
      body: { current_password: "longenough1", new_password: "kampot-pepper-2026" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Password changed. You were signed out on your other devices.");
    expect((await api("GET", "/auth/me", { token: account.token })).status).toBe(200);
    expect((await api("GET", "/auth/me", { token: elsewhere.token })).status).toBe(401);
    expect((await api("POST", "/auth/refresh", { body: { refresh_token: elsewhere.refresh_token } })).status).toBe(401);
    expect((await signIn(account.user.email, "longenough1")).status).toBe(401);
    expect((await signIn(account.user.email, "kampot-pepper-2026")).status).toBe(200);
  });

  it("refuses a wrong current password and a weak new one, changing nothing", async () => {
    const account = await influencer();
    const wrong = await api("PUT", "/auth/password", {
      token: account.token,
      body: { current_password: "not-the-password", new_password: "kampot-pepper-2026" },
    });
    expect([wrong.status, wrong.body.field, wrong.body.message]).toEqual([
      400,
      "current_password",
      "Current password is incorrect",
    ]);
    const weak = await api("PUT", "/auth/password", {
      token: account.token,
      body: { current_password: "longenough1", new_password: "12345678" },
    });
    expect([weak.status, weak.body.field, weak.body.message]).toEqual([400, "new_password", tooCommon]);
    const short = await api("PUT", "/auth/password", {
      token: account.token,
      body: { current_password: "longenough1", new_password: "short" },
    });
    expect([short.status, short.body.field]).toEqual([400, "new_password"]);
    expect((await signIn(account.user.email, "longenough1")).status).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    const res = await api("PUT", "/auth/password", {
      body: { current_password: "longenough1", new_password: "kampot-pepper-2026" },
    });
    expect(res.status).toBe(401);
  });
});
