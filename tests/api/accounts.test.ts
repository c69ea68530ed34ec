// Account paths (docs/api.md, "Accounts (/auth)") through the gateway, the real api function and
// real Postgres: every path with its success and each refusal, exact status and body.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "../../local-stack/keys.ts";
import {
  api,
  apiFrom,
  businessRegistration,
  freshLoopbackAddress,
  influencerRegistration,
  login,
} from "../helpers/api.ts";
import { databaseUrl, demoBusiness, demoInfluencer, seedAdmin, uniqueEmail } from "../helpers/stack.ts";

const sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
let admin: { token: string; user: any };

beforeAll(async () => {
  admin = await login(seedAdmin.email, seedAdmin.password);
});
afterAll(() => sql.end());

const userShape = {
  id: expect.any(String),
  email: expect.any(String),
  user_type: expect.any(String),
  role: expect.any(String),
  status: expect.any(String),
  is_approved: expect.any(Boolean),
  created_at: expect.any(String),
  updated_at: expect.any(String),
};

describe("POST /auth/register/business", () => {
  it("creates a pending business and answers 201 with a token", async () => {
    const email = uniqueEmail("shop");
    const res = await api("POST", "/auth/register/business", { body: businessRegistration(email) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      expires_at: expect.any(Number),
      message: "Registration successful! Your account is pending admin approval.",
      user: expect.objectContaining({
        ...userShape,
        email,
        user_type: "business",
        role: "business",
        status: "pending_approval",
        is_approved: false,
        store_phone: "+85512345678",
        social_media_page: "https://www.facebook.com/test.shop",
      }),
    });
    expect(res.body.user).not.toHaveProperty("password");
    expect(res.body.user).not.toHaveProperty("password_hash");
  });

  it("keeps the shop name given at signup, trimmed, and leaves it null when none is given", async () => {
    const named = await api("POST", "/auth/register/business", {
      body: { ...businessRegistration(uniqueEmail("named")), business_name: "  Sokha Silk  " },
    });
    expect(named.status).toBe(201);
    expect(named.body.user.business_name).toBe("Sokha Silk");
    expect((await api("GET", "/auth/me", { token: named.body.token })).body.user.business_name).toBe("Sokha Silk");
    const unnamed = await api("POST", "/auth/register/business", { body: businessRegistration(uniqueEmail("plain")) });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.user).toMatchObject({ business_name: null, rejection_reason: null });
  });

  it.each([
    ["business_name", { business_name: "   " }, "Shop name is required"],
    ["business_name", { business_name: "x".repeat(101) }, "Shop name must be at most 100 characters"],
    ["business_name", { business_name: 7 }, "Shop name must be text"],
    ["email", { email: "not-an-email" }, "Email must be a valid email address"],
    ["email", { email: "" }, "Email is required"],
    ["password", { password: "short" }, "Password must be at least 8 characters"],
    ["social_media_page", { social_media_page: "facebook" }, "Social media page URL must be a valid http(s) URL"],
    ["store_phone", { store_phone: "555" }, "Store phone number must be a Cambodian number such as 012 345 678"],
    ["store_phone", { store_phone: undefined }, "Store phone number is required"],
  ])("refuses a bad %s with 400 naming it", async (field, change, message) => {
    const res = await api("POST", "/auth/register/business", {
      body: { ...businessRegistration(uniqueEmail("bad")), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
  });

  it("refuses a duplicate email (any case) with 409", async () => {
    const email = uniqueEmail("twice");
    expect((await api("POST", "/auth/register/business", { body: businessRegistration(email) })).status).toBe(201);
    const res = await api("POST", "/auth/register/business", { body: businessRegistration(email.toUpperCase()) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "conflict",
      field: "email",
      message: "An account with this email already exists",
    });
  });

  it("refuses a body that is not JSON", async () => {
    const res = await api("POST", "/auth/register/business", { rawBody: "email=x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "Request body must be a JSON object" });
  });

  it("cannot make an admin: user_type in the body is ignored", async () => {
    const email = uniqueEmail("sneaky");
    const res = await api("POST", "/auth/register/business", {
      body: { ...businessRegistration(email), user_type: "admin", status: "approved" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ user_type: "business", status: "pending_approval" });
  });
});

describe("POST /auth/register/influencer", () => {
  it("creates a pending influencer and answers 201", async () => {
    const email = uniqueEmail("creator");
    const res = await api("POST", "/auth/register/influencer", {
      body: { ...influencerRegistration(email), platform: "Facebook" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      expires_at: expect.any(Number),
      message: "Registration successful! You are now logged in.",
      user: expect.objectContaining({
        ...userShape,
        email,
        user_type: "influencer",
        status: "pending_approval",
        full_name: "Test Creator",
        platform: "facebook",
        social_media_page: "@test.creator",
      }),
    });
  });

  it.each([
    ["full_name", { full_name: " " }, "Full name is required"],
    ["platform", { platform: "tiktok" }, "Platform must be Instagram or Facebook"],
    ["social_media_page", { social_media_page: "" }, "Social media handle is required"],
    ["password", { password: undefined }, "Password is required"],
  ])("refuses a bad %s with 400 naming it", async (field, change, message) => {
    const res = await api("POST", "/auth/register/influencer", {
      body: { ...influencerRegistration(uniqueEmail("bad")), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
  });

  // The original form's names: fullName beside snake_case, and an id_card_url that was never stored.
  it.each([
    ["fullName", { full_name: undefined, fullName: "Test Creator" }],
    ["id_card_url", { id_card_url: "" }],
    ["id_card_url", { id_card_url: "https://example.com/id-card.jpg" }],
  ])("refuses %s with 400 naming it, and creates no account", async (field, change) => {
    const email = uniqueEmail("old-form");
    const res = await api("POST", "/auth/register/influencer", {
      body: { ...influencerRegistration(email), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message: `${field} is not a field you can set here` });
    const login = await api("POST", "/auth/login", { body: { email, password: "longenough1" } });
    expect(login.status).toBe(401);
  });
});

describe("POST /auth/login", () => {
  it("answers {token, refresh_token, expires_at, user} for the right password, whatever the email's case", async () => {
    const res = await api("POST", "/auth/login", {
      body: { email: demoBusiness.email.toUpperCase(), password: demoBusiness.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      expires_at: expect.any(Number),
      user: expect.objectContaining({
        ...userShape,
        email: demoBusiness.email,
        user_type: "business",
        status: "approved",
        is_approved: true,
      }),
    });
    const claims = JSON.parse(Buffer.from(res.body.token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({
      sub: res.body.user.id,
      role: "authenticated",
      aud: "authenticated",
      email: demoBusiness.email,
      user_type: "business",
      is_approved: true,
      exp: expect.any(Number),
    });
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const wrongPassword = await api("POST", "/auth/login", {
      body: { email: demoInfluencer.email, password: "not-the-password" },
    });
    const unknownEmail = await api("POST", "/auth/login", {
      body: { email: uniqueEmail("nobody"), password: "whatever1" },
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized", message: "Invalid email or password" });
    }
  });

  it.each([
    ["email", { password: "x" }, "Email is required"],
    ["email", { email: "nope", password: "x" }, "Email must be a valid email address"],
    ["password", { email: "a@example.com" }, "Password is required"],
  ])("refuses missing or malformed %s with 400", async (field, body, message) => {
    const res = await api("POST", "/auth/login", { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
  });
});

describe("the sign-in throttle", () => {
  const refusedBody = {
    error: "rate_limited",
    message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  };

  it("stops a stranger's guesses where they come from and never locks the owner out", async () => {
    const email = uniqueEmail("owner");
    await api("POST", "/auth/register/business", { body: businessRegistration(email) });
    const attacker = freshLoopbackAddress();
    const owner = freshLoopbackAddress();

    // Twelve guesses at once: the check and the count are one step, so exactly ten are checked.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        apiFrom(attacker, "POST", "/auth/login", { body: { email, password: "wrong-guess" } }),
      ),
    );
    expect(guesses.map((g) => g.status).sort()).toEqual([...Array(10).fill(401), 429, 429]);

    const right = { email, password: "longenough1" };
    const fromAttacker = await apiFrom(attacker, "POST", "/auth/login", { body: right });
    expect(fromAttacker).toMatchObject({ status: 429, body: refusedBody });
    expect(fromAttacker.headers.get("retry-after")).toBe("900");
    // A forged X-Forwarded-For does not make the attacker someone else: only the proxy's entry counts.
    const forged = await apiFrom(attacker, "POST", "/auth/login", {
      body: right,
      headers: { "x-forwarded-for": owner },
    });
    expect(forged.status).toBe(429);

    expect((await apiFrom(owner, "POST", "/auth/login", { body: right })).status).toBe(200);
  });

  it("slows a password spray from one address, then refuses it", async () => {
    const sprayer = freshLoopbackAddress();
    // Failures of four other emails from that address, as if they had just happened.
    await sql`insert into private.login_failures (email, client_ip)
              select 'sprayed-' || g || '@example.com', ${sprayer} from generate_series(1, 4) g`;
    const started = Date.now();
    const slowed = await apiFrom(sprayer, "POST", "/auth/login", {
      body: { email: uniqueEmail("sprayed"), password: "wrong-guess" },
    });
    expect(slowed.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250); // a floor the server guarantees, not a timing race
    await sql`insert into private.login_failures (email, client_ip)
              select 'sprayed-more-' || g || '@example.com', ${sprayer} from generate_series(1, 45) g`;
    const refused = await apiFrom(sprayer, "POST", "/auth/login", {
      body: { email: demoInfluencer.email, password: demoInfluencer.password },
    });
    expect(refused).toMatchObject({ status: 429, body: refusedBody });
  });
});

describe("the sign-up throttle", () => {
  it("takes ten sign-ups an hour from one address and refuses the eleventh", async () => {
    const address = freshLoopbackAddress();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await apiFrom(address, "POST", "/auth/register/business", {
            body: businessRegistration(uniqueEmail("burst")),
          })
        ).status,
      );
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const refused = await apiFrom(address, "POST", "/auth/register/influencer", {
      body: influencerRegistration(uniqueEmail("burst")),
    });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: "rate_limited",
        message: "Too many sign-ups from this network. Please wait an hour and try again.",
      },
    });
    // Another address is not affected.
    expect(
      (await api("POST", "/auth/register/business", { body: businessRegistration(uniqueEmail("other")) })).status,
    ).toBe(201);
  });
});

describe("GET /auth/me", () => {
  it("answers the caller's account as it is now", async () => {
    const { token, user } = await login(demoInfluencer.email, demoInfluencer.password);
    const res = await api("GET", "/auth/me", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user });
  });

  it.each([
    ["no token", undefined, "Please sign in to continue"],
    ["a mock token", "mock-admin-token", "Your session has expired. Please sign in again"],
    ["the publishable key (no user's)", keys.publishableKey, "Your session has expired. Please sign in again"],
    ["the secret key (no user's)", keys.secretKey, "Your session has expired. Please sign in again"],
  ])("refuses %s with 401", async (_case, token, message) => {
    const res = await api("GET", "/auth/me", { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message });
  });
});

describe("PUT /auth/profile", () => {
  it("saves a business's logo and bank details", async () => {
    const { token } = (
      await api("POST", "/auth/register/business", { body: businessRegistration(uniqueEmail("profile")) })
    ).body;
    const changes = {
      business_logo_url: "https://example.com/logo.png",
      bank_name: "ABA Bank",
      account_name: "Test Shop",
      account_number: "000 123 456",
    };
    const res = await api("PUT", "/auth/profile", { token, body: changes });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject(changes);
    expect((await api("GET", "/auth/me", { token })).body.user).toMatchObject(changes);
  });

  it("saves an influencer's bank details and refuses a logo", async () => {
    const { token } = (
      await api("POST", "/auth/register/influencer", { body: influencerRegistration(uniqueEmail("bank")) })
    ).body;
    const ok = await api("PUT", "/auth/profile", {
      token,
      body: { bank_name: "ABA Bank", account_name: "Creator", account_number: "111222333" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ bank_name: "ABA Bank", account_number: "111222333" });
    const logo = await api("PUT", "/auth/profile", { token, body: { business_logo_url: "https://example.com/x.png" } });
    expect(logo.status).toBe(400);
    expect(logo.body).toEqual({
      error: "invalid_input",
      field: "business_logo_url",
      message: "Only businesses have a logo",
    });
  });

  it.each([
    ["status", { status: "approved" }, "status is not a field you can set here"],
    ["user_type", { user_type: "admin" }, "user_type is not a field you can set here"],
    ["account_number", { account_number: "12ab" }, "Account number must contain digits only"],
    ["business_logo_url", { business_logo_url: "ftp://x" }, "Business logo URL must be a valid http(s) URL"],
  ])("refuses %s and changes nothing", async (field, body, message) => {
    const { token } = await login(demoBusiness.email, demoBusiness.password);
    const before = (await api("GET", "/auth/me", { token })).body.user;
    const res = await api("PUT", "/auth/profile", { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
    expect((await api("GET", "/auth/me", { token })).body.user).toEqual(before);
  });

  it("lets a business name or rename its shop, trimmed, and never clear it", async () => {
    const { token } = (
      await api("POST", "/auth/register/business", { body: businessRegistration(uniqueEmail("rename")) })
    ).body;
    const named = await api("PUT", "/auth/profile", { token, body: { business_name: "  Phnom Penh Pepper " } });
    expect(named.status).toBe(200);
    expect(named.body.user.business_name).toBe("Phnom Penh Pepper");
    for (const [business_name, message] of [
      ["", "Shop name is required"],
      ["x".repeat(101), "Shop name must be at most 100 characters"],
    ]) {
      const res = await api("PUT", "/auth/profile", { token, body: { business_name } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "invalid_input", field: "business_name", message });
    }
    expect((await api("GET", "/auth/me", { token })).body.user.business_name).toBe("Phnom Penh Pepper");
  });

  it("refuses a shop name from an influencer", async () => {
    const { token } = (
      await api("POST", "/auth/register/influencer", { body: influencerRegistration(uniqueEmail("noshop")) })
    ).body;
    const res = await api("PUT", "/auth/profile", { token, body: { business_name: "My Shop" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "business_name",
      message: "Only businesses have a shop name",
    });
  });

  it("refuses an empty change and an anonymous caller", async () => {
    const { token } = await login(demoBusiness.email, demoBusiness.password);
    expect(await api("PUT", "/auth/profile", { token, body: {} })).toMatchObject({
      status: 400,
      body: { message: "Nothing to update" },
    });
    expect(await api("PUT", "/auth/profile", { body: { bank_name: "x" } })).toMatchObject({ status: 401 });
  });
});

describe("GET /admin/users", () => {
  it("lists every account, newest first, for an admin", async () => {
    const email = uniqueEmail("newest");
    await api("POST", "/auth/register/influencer", { body: influencerRegistration(email) });
    const res = await api("GET", "/admin/users?limit=200", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.users[0]).toMatchObject({ email, status: "pending_approval" });
    // The seeded accounts are the oldest: on the last page (board-paging.test.ts pages through all).
    let page = res.body;
    while (page.next_cursor)
      page = (await api("GET", `/admin/users?limit=200&cursor=${page.next_cursor}`, { token: admin.token })).body;
    expect(page.users.map((u: any) => u.email)).toEqual(
      expect.arrayContaining([demoBusiness.email, demoInfluencer.email, seedAdmin.email]),
    );
    const times = res.body.users.map((u: any) => Date.parse(u.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    ["a business", demoBusiness],
    ["an influencer", demoInfluencer],
  ])("refuses %s with 403", async (_who, account) => {
    const { token } = await login(account.email, account.password);
    const res = await api("GET", "/admin/users", { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only admins can use the admin tools" });
  });

  it("refuses an anonymous caller with 401", async () => {
    expect((await api("GET", "/admin/users")).status).toBe(401);
  });
});

describe("PUT /admin/users/{id}/status", () => {
  async function pendingUser() {
    return (await api("POST", "/auth/register/business", { body: businessRegistration(uniqueEmail("pending")) })).body;
  }

  it.each(["approved", "rejected"])("an admin sets a pending account to %s, once", async (status) => {
    const { user, token } = await pendingUser();
    const body = status === "rejected" ? { status, reason: "Not a real shop" } : { status };
    const res = await api("PUT", `/admin/users/${user.id}/status`, { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `User ${status}`,
      user: expect.objectContaining({ id: user.id, status, is_approved: status === "approved" }),
    });
    // The account sees it at once, with its old token.
    expect((await api("GET", "/auth/me", { token })).body.user.status).toBe(status);
    const again = await api("PUT", `/admin/users/${user.id}/status`, {
      token: admin.token,
      body: { status: "approved" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", message: `User is already ${status}` });
  });

  it.each([
    [
      "an unknown status",
      { status: "pending_approval" },
      400,
      { error: "invalid_input", field: "status", message: "status must be approved, rejected or suspended" },
    ],
    [
      "no status",
      {},
      400,
      { error: "invalid_input", field: "status", message: "status must be approved, rejected or suspended" },
    ],
  ])("refuses %s", async (_case, body, status, answer) => {
    const { user } = await pendingUser();
    const res = await api("PUT", `/admin/users/${user.id}/status`, { token: admin.token, body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
  });

  it("keeps a rejection's reason, trimmed, and shows it to the account on /auth/me and to admins", async () => {
    const { user, token } = await pendingUser();
    const res = await api("PUT", `/admin/users/${user.id}/status`, {
      token: admin.token,
      body: { status: "rejected", reason: "  The Facebook page is less than 3 months old " },
    });
    expect(res.status).toBe(200);
    const reason = "The Facebook page is less than 3 months old";
    expect(res.body.user).toMatchObject({ status: "rejected", rejection_reason: reason });
    expect((await api("GET", "/auth/me", { token })).body.user).toMatchObject({
      status: "rejected",
      rejection_reason: reason,
    });
    const listed = (await api("GET", "/admin/users", { token: admin.token })).body.users.find(
      (u: any) => u.id === user.id,
    );
    expect(listed.rejection_reason).toBe(reason);
  });

  it("keeps no reason for an approval, even when one is sent", async () => {
    const { user, token } = await pendingUser();
    const res = await api("PUT", `/admin/users/${user.id}/status`, {
      token: admin.token,
      body: { status: "approved", reason: "ignored" },
    });
    expect(res.status).toBe(200);
    expect((await api("GET", "/auth/me", { token })).body.user).toMatchObject({
      status: "approved",
      rejection_reason: null,
    });
  });

  it.each([
    ["no reason", {}, "A reason is required to reject"],
    ["a blank reason", { reason: "  " }, "A reason is required to reject"],
    ["a reason over 500 characters", { reason: "x".repeat(501) }, "Reason must be at most 500 characters"],
  ])("refuses a rejection with %s (400 naming reason) and the account stays pending", async (_case, extra, message) => {
    const { user, token } = await pendingUser();
    const res = await api("PUT", `/admin/users/${user.id}/status`, {
      token: admin.token,
      body: { status: "rejected", ...extra },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "reason", message });
    expect((await api("GET", "/auth/me", { token })).body.user.status).toBe("pending_approval");
  });

  it("answers 404 for an unknown account and 400 for a malformed id", async () => {
    const unknown = await api("PUT", "/admin/users/00000000-0000-4000-8000-000000000999/status", {
      token: admin.token,
      body: { status: "approved" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "User not found" });
    const malformed = await api("PUT", "/admin/users/42/status", { token: admin.token, body: { status: "approved" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "invalid_input", field: "id", message: "id must be a valid id" });
  });

  it("refuses a non-admin with 403 and leaves the account pending", async () => {
    const { user } = await pendingUser();
    const business = await login(demoBusiness.email, demoBusiness.password);
    const res = await api("PUT", `/admin/users/${user.id}/status`, {
      token: business.token,
      body: { status: "approved" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only admins can use the admin tools" });
    expect(
      (await api("GET", "/admin/users", { token: admin.token })).body.users.find((u: any) => u.id === user.id).status,
    ).toBe("pending_approval");
  });
});
