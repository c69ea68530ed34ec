// Suspension through the API (docs/api.md, "PUT /admin/users/{id}/status"): an admin suspends an
// approved influencer or business with a reason and reinstates it. While suspended, every call of
// the account, its sign-in and its refresh answer 403 "Your account is suspended: <reason>"; its
// sessions are over; its short links take no order (the checkout says the product is unavailable);
// its keywords get no reply; the admin's list filters it. Reinstating lets it sign in again.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "../../local-stack/keys.ts";
import { api } from "../helpers/api.ts";
import { admin, apply, business, createCampaign, decideLink, influencer, type Account } from "../helpers/accounts.ts";
import { checkoutBody } from "../helpers/checkout.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { connectInstagram, repliesOf, simulateComment } from "../helpers/meta-fake.ts";
import { stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
const clients: SupabaseClient[] = [];
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await sql.end();
});

const REASON = "Orders placed from the influencer's own phone";
const SUSPENDED = { error: "account_suspended", message: `Your account is suspended: ${REASON}` };

let shop: Account;
beforeAll(async () => {
  shop = await business();
});

async function setStatus(id: string, body: Record<string, unknown>, token?: string) {
  return api("PUT", `/admin/users/${id}/status`, { token: token ?? (await admin()).token, body });
}

const suspend = (id: string, reason = REASON) => setStatus(id, { status: "suspended", reason });
const reinstate = (id: string) => setStatus(id, { status: "approved" });

/** An approved influencer with an approved link to a new product of the shop. */
async function creatorWithLink() {
  const creator = await influencer();
  const campaign = await createCampaign(shop, { product_name: `Krama${Math.random().toString(36).slice(2, 6)} Scarf` });
  const link = await apply(creator, campaign.id);
  await decideLink(link.id, "approve");
  return { creator, campaign };
}

/** Whether `token` joins the private live topic, as the SPA joins it (supabase-js, token set first). */
async function joins(token: string, topic: string): Promise<string> {
  const client = createClient(stackUrl(), keys.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  await client.realtime.setAuth();
  const channel = client.channel(topic, { config: { private: true } }).on("broadcast", { event: "*" }, () => {});
  return new Promise((resolve) =>
    channel.subscribe((status) => {
      if (status === "SUBSCRIBED" || status === "CHANNEL_ERROR") resolve(status);
    }),
  );
}

describe("suspending an account", () => {
  it("answers the account suspended with its reason, and signs it out of every call, sign-in and refresh", async () => {
    const { creator } = await creatorWithLink();
    expect((await api("GET", "/auth/me", { token: creator.token })).status).toBe(200);

    const res = await suspend(creator.user.id, `  ${REASON}  `);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("User suspended");
    expect(res.body.user).toMatchObject({ status: "suspended", is_approved: false, suspension_reason: REASON });

    for (const [method, path] of [
      ["GET", "/auth/me"],
      ["GET", "/affiliate-links/my-links"],
      ["GET", "/payouts/summary"],
      ["POST", "/payouts/request"],
      ["GET", "/auth/sessions"],
    ] as const) {
      const refused = await api(method, path, { token: creator.token });
      expect([path, refused.status, refused.body]).toEqual([path, 403, SUSPENDED]);
    }
    const signIn = await api("POST", "/auth/login", { body: { email: creator.user.email, password: "longenough1" } });
    expect([signIn.status, signIn.body]).toEqual([403, SUSPENDED]);
    const wrongPassword = await api("POST", "/auth/login", {
      body: { email: creator.user.email, password: "wrong-one-1" },
    });
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([401, "Invalid email or password"]);
    const refreshed = await api("POST", "/auth/refresh", { body: { refresh_token: creator.refresh_token } });
    expect([refreshed.status, refreshed.body]).toEqual([403, SUSPENDED]);

    const sessions = await sql<{ live: boolean; end_reason: string }[]>`
      select ended_at is null as live, end_reason::text from private.sessions where user_id = ${creator.user.id}`;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => !s.live && s.end_reason === "suspended")).toBe(true);
  });

  it("refuses the account's live channels", async () => {
    const { creator } = await creatorWithLink();
    const topic = `influencer:${creator.user.id}`;
    expect(await joins(creator.token, topic)).toBe("SUBSCRIBED");
    expect((await suspend(creator.user.id)).status).toBe(200);
    expect(await joins(creator.token, topic)).toBe("CHANNEL_ERROR");
    expect(await joins(creator.token, `user:${creator.user.id}`)).toBe("CHANNEL_ERROR");
  });

  it("stops the account's links taking orders: the checkout says the product is unavailable", async () => {
    const { creator, campaign } = await creatorWithLink();
    const info = `/checkout/info?influencer_id=${creator.user.id}&product_id=${campaign.id}`;
    expect((await api("GET", info)).body.unavailable_reason).toBeNull();
    expect((await api("POST", "/checkout/order", { body: checkoutBody(creator.user.id, campaign.id) })).status).toBe(
      201,
    );

    expect((await suspend(creator.user.id)).status).toBe(200);
    expect((await api("GET", info)).body.unavailable_reason).toBe("This product is no longer available");
    const refused = await api("POST", "/checkout/order", { body: checkoutBody(creator.user.id, campaign.id) });
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: "conflict", message: "This product is no longer available" },
    ]);

    expect((await reinstate(creator.user.id)).status).toBe(200);
    expect((await api("GET", info)).body.unavailable_reason).toBeNull();
    expect((await api("POST", "/checkout/order", { body: checkoutBody(creator.user.id, campaign.id) })).status).toBe(
      201,
    );
  });

  it("stops every link to a suspended shop's products taking orders", async () => {
    const otherShop = await business();
    const creator = await influencer();
    const campaign = await createCampaign(otherShop);
    await decideLink((await apply(creator, campaign.id)).id, "approve");
    expect((await suspend(otherShop.user.id, "Sells counterfeit silk")).status).toBe(200);
    const refused = await api("POST", "/checkout/order", { body: checkoutBody(creator.user.id, campaign.id) });
    expect([refused.status, refused.body.message]).toEqual([409, "This product is no longer available"]);
    const shopCall = await api("GET", "/campaigns/business", { token: otherShop.token });
    expect([shopCall.status, shopCall.body]).toEqual([
      403,
      { error: "account_suspended", message: "Your account is suspended: Sells counterfeit silk" },
    ]);
  });

  it("leaves a suspended influencer's keywords unanswered, recording why", async () => {
    const { creator } = await creatorWithLink();
    const [trigger] = (await api("GET", "/keyword-triggers/my-triggers", { token: creator.token })).body.triggers;
    const { username } = await connectInstagram(creator);
    expect((await suspend(creator.user.id)).status).toBe(200);

    const comment = await simulateComment(username, trigger.keyword);
    expect(comment.webhook_status).toBe(200);
    await expect
      .poll(
        async () =>
          await sql<{ outcome: string; skip_reason: string | null }[]>`
            select outcome::text, skip_reason::text from public.keyword_events where influencer_id = ${creator.user.id}`,
      )
      .toEqual([{ outcome: "skipped", skip_reason: "account_suspended" }]);
    expect(await repliesOf(username, 0)).toEqual([]);
  });

  it("lets a reinstated account sign in again; its old sessions stay ended", async () => {
    const { creator } = await creatorWithLink();
    expect((await suspend(creator.user.id)).status).toBe(200);
    const res = await reinstate(creator.user.id);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: "approved", is_approved: true, suspension_reason: null });

    const old = await api("GET", "/auth/me", { token: creator.token });
    expect([old.status, old.body.message]).toEqual([401, "Your session has ended. Please sign in again"]);
    const signIn = await api("POST", "/auth/login", { body: { email: creator.user.email, password: "longenough1" } });
    expect(signIn.status).toBe(200);
    expect((await api("GET", "/affiliate-links/my-links", { token: signIn.body.token })).status).toBe(200);
  });

  it("lists the suspended accounts under their own filter, counted", async () => {
    const { creator } = await creatorWithLink();
    const token = (await admin()).token;
    const before = (await api("GET", "/admin/users?status=suspended&limit=100", { token })).body;
    expect((await suspend(creator.user.id)).status).toBe(200);
    const after = (await api("GET", "/admin/users?status=suspended&limit=100", { token })).body;
    expect(after.counts.suspended).toBe(before.counts.suspended + 1);
    expect(after.users.every((user: { status: string }) => user.status === "suspended")).toBe(true);
    expect(after.users.map((user: { id: string }) => user.id)).toContain(creator.user.id);
    const all = (await api("GET", "/admin/users?limit=1", { token })).body.counts;
    expect(all.total).toBe(all.pending_approval + all.approved + all.rejected + all.suspended);
  });
});

describe("refusals", () => {
  it("needs a reason, an approved business or influencer, and an admin", async () => {
    const creator = await influencer();
    const pending = await influencer("pending");
    const missing = await setStatus(creator.user.id, { status: "suspended" });
    expect([missing.status, missing.body]).toEqual([
      400,
      { error: "invalid_input", message: "A reason is required to suspend an account", field: "reason" },
    ]);
    const blank = await setStatus(creator.user.id, { status: "suspended", reason: "   " });
    expect([blank.status, blank.body.message]).toEqual([400, "A reason is required to suspend an account"]);
    const tooLong = await setStatus(creator.user.id, { status: "suspended", reason: "x".repeat(501) });
    expect([tooLong.status, tooLong.body.field]).toEqual([400, "reason"]);
    const notApproved = await suspend(pending.user.id);
    expect([notApproved.status, notApproved.body.message]).toEqual([409, "Only an approved account can be suspended"]);
    const anAdmin = await suspend((await admin()).user.id);
    expect([anAdmin.status, anAdmin.body.message]).toEqual([409, "Admin accounts cannot be suspended"]);
    const byInfluencer = await setStatus(pending.user.id, { status: "suspended", reason: REASON }, creator.token);
    expect(byInfluencer.status).toBe(403);
    expect((await suspend(creator.user.id)).status).toBe(200);
    const twice = await suspend(creator.user.id);
    expect([twice.status, twice.body.message]).toEqual([409, "User is already suspended"]);
    const rejected = await setStatus(creator.user.id, { status: "rejected", reason: "x" });
    expect([rejected.status, rejected.body.message]).toEqual([
      409,
      "A suspended account is reinstated or stays suspended",
    ]);
  });
});
