// The admin's marketplace settings (the riel exchange rate) through the gateway, the real api
// function and real Postgres: reading and saving them, every refusal by role with its exact
// answer, bad input naming the field, and the checkout showing a new rate at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { demoBusiness, demoInfluencer, seedAdmin, uniqueEmail } from "../helpers/stack.ts";
import { signLocal } from "../helpers/tokens.ts";
import { business, pageForm } from "../helpers/accounts.ts";

const sql = fixtureDb();
let admin: { token: string; user: { id: string } };
let originalRate: number;
const tokens: Record<string, string> = {};
const fixtureAdminIds: string[] = [];

/** A token for an admin account the seed never makes: one waiting for approval, or rejected. */
async function adminWithStatus(status: "pending_approval" | "rejected"): Promise<string> {
  const email = uniqueEmail(`admin-${status}`);
  const [row] = await sql<{ id: string }[]>`
    insert into public.users (email, user_type, status) values (${email}, 'admin', ${status}) returning id`;
  fixtureAdminIds.push(row.id);
  // Such an account cannot sign in (the sign-in answers its tokens only to a live account's
  // password), so its session is started here, as a sign-in would.
  const [session] = await sql<{ session_id: string }[]>`select session_id from private.start_session(${row.id}, '')`;
  return signLocal({
    sub: row.id,
    role: "authenticated",
    aud: "authenticated",
    email,
    user_type: "admin",
    session_id: session.session_id,
  });
}

beforeAll(async () => {
  admin = await login(seedAdmin.email, seedAdmin.password);
  [{ riel_per_usd: originalRate }] = await sql<{ riel_per_usd: number }[]>`
    select riel_per_usd from public.marketplace_settings`;
  tokens.business = (await login(demoBusiness.email, demoBusiness.password)).token;
  tokens.influencer = (await login(demoInfluencer.email, demoInfluencer.password)).token;
  tokens.pendingAdmin = await adminWithStatus("pending_approval");
  tokens.rejectedAdmin = await adminWithStatus("rejected");
  tokens.noAccount = await signLocal({
    sub: "00000000-0000-4000-8000-000000000999",
    role: "authenticated",
    aud: "authenticated",
    email: "gone@example.com",
  });
});

afterAll(async () => {
  // Leave the rate as the other test files found it, and no stray admin accounts on the admin screens.
  await sql`update public.marketplace_settings set riel_per_usd = ${originalRate} where id`;
  await sql`delete from public.users where id = any(${fixtureAdminIds}::uuid[])`;
  await sql.end();
});

const settingsShape = {
  riel_per_usd: expect.any(Number),
  commission_hold_days: expect.any(Number),
  repeat_phone_orders: expect.any(Number),
  repeat_phone_hours: expect.any(Number),
  refusal_flag_percent: expect.any(Number),
  refusal_flag_min_finished: expect.any(Number),
  max_commission_rate: expect.any(Number),
  unconfirmed_cancel_hours: expect.any(Number),
  release_after_remittance: expect.any(Boolean),
  courier_remit_days: expect.any(Number),
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  updated_by: expect.toBeOneOf([null, expect.stringMatching(/^[0-9a-f-]{36}$/)]),
};

// Who is refused, with the answers every /admin path gives.
const refusals: [string, () => string | undefined, number, object][] = [
  ["an anonymous caller", () => undefined, 401, { error: "unauthorized", message: "Please sign in to continue" }],
  [
    "a token whose account does not exist",
    () => tokens.noAccount,
    401,
    { error: "unauthorized", message: "Your session has expired. Please sign in again" },
  ],
  ["a business", () => tokens.business, 403, { error: "forbidden", message: "Only admins can use the admin tools" }],
  [
    "an influencer",
    () => tokens.influencer,
    403,
    { error: "forbidden", message: "Only admins can use the admin tools" },
  ],
  [
    "an admin waiting for approval",
    () => tokens.pendingAdmin,
    403,
    {
      error: "forbidden",
      message: "Your account is pending admin approval. You can use the admin tools once it is approved.",
    },
  ],
  [
    "a rejected admin",
    () => tokens.rejectedAdmin,
    403,
    { error: "forbidden", message: "Your admin account was not approved, so you cannot use the admin tools" },
  ],
];

describe("GET /admin/settings", () => {
  it("answers the settings to an admin", async () => {
    const res = await api("GET", "/admin/settings", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settings: { ...settingsShape, riel_per_usd: originalRate } });
  });

  it.each(refusals)("refuses %s", async (_who, token, status, body) => {
    const res = await api("GET", "/admin/settings", { token: token() });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });
});

describe("PUT /admin/settings", () => {
  it("saves the rate, records who and when, and answers the new settings", async () => {
    const before = (await api("GET", "/admin/settings", { token: admin.token })).body.settings;
    const rate = originalRate === 4000 ? 4050 : 4000;
    const res = await api("PUT", "/admin/settings", { token: admin.token, body: { riel_per_usd: rate } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Settings saved",
      settings: {
        riel_per_usd: rate,
        commission_hold_days: before.commission_hold_days,
        repeat_phone_orders: before.repeat_phone_orders,
        repeat_phone_hours: before.repeat_phone_hours,
        refusal_flag_percent: before.refusal_flag_percent,
        refusal_flag_min_finished: before.refusal_flag_min_finished,
        max_commission_rate: before.max_commission_rate,
        unconfirmed_cancel_hours: before.unconfirmed_cancel_hours,
        release_after_remittance: before.release_after_remittance,
        courier_remit_days: before.courier_remit_days,
        updated_at: expect.any(String),
        updated_by: admin.user.id,
      },
    });
    expect(Date.parse(res.body.settings.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect((await api("GET", "/admin/settings", { token: admin.token })).body).toEqual({
      settings: res.body.settings,
    });
  });

  it("saves the holding period alone, leaving the rate as it was", async () => {
    const before = (await api("GET", "/admin/settings", { token: admin.token })).body.settings;
    for (const days of [0, 90, 7]) {
      const res = await api("PUT", "/admin/settings", { token: admin.token, body: { commission_hold_days: days } });
      expect(res.status).toBe(200);
      expect(res.body.settings).toMatchObject({ commission_hold_days: days, riel_per_usd: before.riel_per_usd });
    }
  });

  it.each([1000, 10000])("accepts %s riel per dollar (the ends of the range)", async (rate) => {
    const res = await api("PUT", "/admin/settings", { token: admin.token, body: { riel_per_usd: rate } });
    expect(res.status).toBe(200);
    expect(res.body.settings.riel_per_usd).toBe(rate);
  });

  const ceilingRange = "max_commission_rate must be from 0.05 to 0.90 with at most two decimals";
  it.each([
    ["below 0.05", 0.04],
    ["above 0.90", 0.91],
    ["three decimals", 0.555],
    ["a numeric string", "0.5"],
    ["null", null],
  ])("refuses a commission ceiling %s with 400 naming max_commission_rate", async (_, value) => {
    const before = (await api("GET", "/admin/settings", { token: admin.token })).body;
    const res = await api("PUT", "/admin/settings", { token: admin.token, body: { max_commission_rate: value } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "max_commission_rate", message: ceilingRange });
    expect((await api("GET", "/admin/settings", { token: admin.token })).body).toEqual(before);
  });

  const range = "riel_per_usd must be a whole number from 1000 to 10000";
  const holdRange = "commission_hold_days must be a whole number from 0 to 90";
  it.each([
    ["a rate below 1000", { riel_per_usd: 999 }, "riel_per_usd", range],
    ["a rate above 10000", { riel_per_usd: 10001 }, "riel_per_usd", range],
    ["a fraction", { riel_per_usd: 4100.5 }, "riel_per_usd", range],
    ["a numeric string", { riel_per_usd: "4100" }, "riel_per_usd", range],
    ["null", { riel_per_usd: null }, "riel_per_usd", range],
    ["nothing to change", {}, undefined, "Nothing to change: send at least one setting"],
    ["a hold over 90 days", { commission_hold_days: 91 }, "commission_hold_days", holdRange],
    ["a negative hold", { commission_hold_days: -1 }, "commission_hold_days", holdRange],
    ["a fraction of a day", { commission_hold_days: 1.5 }, "commission_hold_days", holdRange],
    [
      "an unknown setting",
      { riel_per_usd: 4100, riel_per_dollar: 4100 },
      "riel_per_dollar",
      "riel_per_dollar is not a field you can set here",
    ],
    [
      "a field that is not a setting",
      { riel_per_usd: 4100, updated_by: "00000000-0000-4000-8000-000000000999" },
      "updated_by",
      "updated_by is not a field you can set here",
    ],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_case, body, field, message) => {
    const before = (await api("GET", "/admin/settings", { token: admin.token })).body;
    const res = await api("PUT", "/admin/settings", { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
    expect((await api("GET", "/admin/settings", { token: admin.token })).body).toEqual(before);
  });

  it.each([
    ["a body that is not JSON", "riel_per_usd=4100"],
    ["an array", "[4100]"],
  ])("refuses %s with 400", async (_case, rawBody) => {
    const res = await api("PUT", "/admin/settings", { token: admin.token, rawBody });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "Request body must be a JSON object" });
  });

  it.each(refusals)("refuses %s and leaves the rate alone", async (_who, token, status, body) => {
    const before = (await api("GET", "/admin/settings", { token: admin.token })).body;
    const res = await api("PUT", "/admin/settings", { token: token(), body: { riel_per_usd: 1234 } });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    expect((await api("GET", "/admin/settings", { token: admin.token })).body).toEqual(before);
  });
});

describe("the commission ceiling", () => {
  const ceiling = (rate: string) => ({
    error: "invalid_input",
    field: "commission_rate",
    message: `Commission rate can be at most ${rate} (${Math.round(Number(rate) * 100)}%), the marketplace's ceiling`,
  });
  const setCeiling = (max_commission_rate: number) =>
    api("PUT", "/admin/settings", { token: admin.token, body: { max_commission_rate } });
  afterAll(async () => {
    await sql`update public.marketplace_settings set max_commission_rate = 0.50 where id`;
  });

  it("is 0.50 by default and refuses a campaign rate above it with 400 naming commission_rate", async () => {
    const shop = await business();
    expect((await api("GET", "/admin/settings", { token: admin.token })).body.settings.max_commission_rate).toBe(0.5);
    const refused = await api("POST", "/campaigns", { token: shop.token, body: pageForm({ commission_rate: 0.99 }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(ceiling("0.50"));
    const atCeiling = await api("POST", "/campaigns", { token: shop.token, body: pageForm({ commission_rate: 0.5 }) });
    expect(atCeiling.status).toBe(201);
    const raised = await api("PUT", `/campaigns/${atCeiling.body.campaign.id}`, {
      token: shop.token,
      body: { commission_rate: 0.51 },
    });
    expect(raised.status).toBe(400);
    expect(raised.body).toEqual(ceiling("0.50"));
  });

  it("moves when an admin moves it, and a campaign above it keeps its rate until the rate changes", async () => {
    const shop = await business();
    const saved = await setCeiling(0.6);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.max_commission_rate).toBe(0.6);
    const generous = await api("POST", "/campaigns", { token: shop.token, body: pageForm({ commission_rate: 0.6 }) });
    expect(generous.status).toBe(201);
    expect(
      (await api("POST", "/campaigns", { token: shop.token, body: pageForm({ commission_rate: 0.61 }) })).body,
    ).toEqual(ceiling("0.60"));

    expect((await setCeiling(0.5)).status).toBe(200);
    const id = generous.body.campaign.id;
    // Edits that keep the rate (even sending it) are taken; a new rate must meet the ceiling.
    const renamed = await api("PUT", `/campaigns/${id}`, {
      token: shop.token,
      body: { product_name: "Generous Scarf", commission_rate: 0.6 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.campaign).toMatchObject({ product_name: "Generous Scarf", commission_rate: 0.6 });
    const lowered = await api("PUT", `/campaigns/${id}`, { token: shop.token, body: { commission_rate: 0.55 } });
    expect(lowered.status).toBe(400);
    expect(lowered.body).toEqual(ceiling("0.50"));
    const fair = await api("PUT", `/campaigns/${id}`, { token: shop.token, body: { commission_rate: 0.3 } });
    expect(fair.status).toBe(200);
    expect(fair.body.campaign.commission_rate).toBe(0.3);
  });
});

describe("the checkout page and the rate", () => {
  it("shows the rate an admin just saved", async () => {
    const campaignId = await createCampaign(sql);
    await createApprovedLink(sql, campaignId);
    const info = () => api("GET", `/checkout/info?influencer_id=${demoInfluencerId}&product_id=${campaignId}`);
    for (const rate of [3950, 4125]) {
      expect((await api("PUT", "/admin/settings", { token: admin.token, body: { riel_per_usd: rate } })).status).toBe(
        200,
      );
      const res = await info();
      expect(res.status).toBe(200);
      expect(res.body.riel_per_usd).toBe(rate);
    }
  });
});
