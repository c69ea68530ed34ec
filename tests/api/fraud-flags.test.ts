// Fraud flags held for review (issue 14 part 3): each rule at checkout, what each party reads of
// a flagged order, the commission held past the holding period until an admin clears it, and the
// thresholds in the settings. The thresholds' edges are pgTAP's (fraud_flags.test.sql).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, businessRegistration, influencerRegistration, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { seedAdmin, uniqueEmail } from "../helpers/stack.ts";

const sql = fixtureDb();
let admin: string;

interface Party {
  id: string;
  token: string;
}

async function freshUser(type: "business" | "influencer"): Promise<Party> {
  const email = uniqueEmail(`flags-${type}`);
  const body = type === "business" ? businessRegistration(email) : influencerRegistration(email);
  const { user } = (await api("POST", `/auth/register/${type}`, { body })).body;
  await api("PUT", `/admin/users/${user.id}/status`, { token: admin, body: { status: "approved" } });
  const party = { id: user.id as string, token: (await login(email, "longenough1")).token };
  const bank = { bank_name: "ABA Bank", account_name: "Flag Test", account_number: "000 123 456" };
  expect((await api("PUT", "/auth/profile", { token: party.token, body: bank })).status).toBe(200);
  return party;
}

/** A shop with its own store phone (the test registration's is shared) and a creator with a link. */
async function freshLink() {
  const [shop, creator] = await Promise.all([freshUser("business"), freshUser("influencer")]);
  const storePhone = uniqueStoredPhone();
  await sql`update public.users set store_phone = ${storePhone} where id = ${shop.id}`;
  const campaignId = await createCampaign(sql, { businessId: shop.id, productName: "Flag Soap", priceCents: 2000 });
  await createApprovedLink(sql, campaignId, creator.id);
  const order = (phone = uniqueStoredPhone()) => placeOrder(sql, campaignId, { influencerId: creator.id, phone });
  return { shop, creator, storePhone, order };
}

const adminOrder = async (id: string) =>
  (await api("GET", "/admin/orders", { token: admin })).body.orders.find((o: { id: string }) => o.id === id);
const ownOrder = async (party: Party, id: string) =>
  (await api("GET", "/orders/user/all", { token: party.token })).body.orders.find((o: { id: string }) => o.id === id);
const summaryOf = async (party: Party) => (await api("GET", "/payouts/summary", { token: party.token })).body.summary;

async function deliver(id: string) {
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    expect((await api("PUT", `/admin/orders/${id}/status`, { token: admin, body: { new_status } })).status).toBe(200);
  }
}

beforeAll(async () => {
  admin = (await login(seedAdmin.email, seedAdmin.password)).token;
});
afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});

describe("flags at checkout", () => {
  it("flags self_order when the customer's phone is the shop's store phone; the admin sees the rule, the parties only the hold", async () => {
    const { shop, creator, storePhone, order } = await freshLink();
    const id = await order(storePhone);
    expect(await adminOrder(id)).toMatchObject({ flags: ["self_order"], review_status: "held" });
    for (const party of [shop, creator]) {
      expect(await ownOrder(party, id)).toMatchObject({ flags: [], review_status: "held" });
    }
    const clean = await order();
    expect(await adminOrder(clean)).toMatchObject({ flags: [], review_status: null });
  });

  it("flags self_order when the customer's phone is the influencer's own phone, which only influencers add", async () => {
    const { shop, creator, order } = await freshLink();
    const phone = uniqueStoredPhone();
    const saved = await api("PUT", "/auth/profile", { token: creator.token, body: { phone: `0${phone.slice(4)}` } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.phone).toBe(phone);
    expect((await adminOrder(await order(phone))).flags).toEqual(["self_order"]);

    const notAPhone = await api("PUT", "/auth/profile", { token: creator.token, body: { phone: "12345" } });
    expect(notAPhone).toMatchObject({
      status: 400,
      body: { field: "phone", message: "Phone number must be a Cambodian number such as 012 345 678" },
    });
    const shopPhone = await api("PUT", "/auth/profile", { token: shop.token, body: { phone: "012 999 888" } });
    expect(shopPhone).toMatchObject({ status: 400, body: { field: "phone" } });
    const cleared = await api("PUT", "/auth/profile", { token: creator.token, body: { phone: "" } });
    expect(cleared.body.user.phone).toBeNull();
  });

  it("flags repeat_phone on the third order from one phone within 24 hours, across links", async () => {
    const first = await freshLink();
    const second = await freshLink();
    const phone = uniqueStoredPhone();
    const ids = [await first.order(phone), await second.order(phone), await first.order(phone)];
    const flags = await Promise.all(ids.map(async (id) => (await adminOrder(id)).flags));
    expect(flags).toEqual([[], [], ["repeat_phone"]]);
  });

  it("flags high_refusal_link once 30% of at least 10 finished orders were refused at the door", async () => {
    const { order } = await freshLink();
    const finished = await Promise.all(Array.from({ length: 10 }, () => order()));
    // Finished as cancelled (delivering would need the ledger): 2 refused of 10 first, then 3.
    await sql`update public.orders set status = 'cancelled', cancellation_reason = 'out_of_stock'
              where id = any(${finished}::uuid[])`;
    await sql`update public.orders set cancellation_reason = 'customer_refused' where id = any(${finished.slice(0, 2)}::uuid[])`;
    expect((await adminOrder(await order())).flags).toEqual([]);
    await sql`update public.orders set cancellation_reason = 'customer_refused' where id = ${finished[2]}`;
    expect((await adminOrder(await order())).flags).toEqual(["high_refusal_link"]);
  });
});

describe("review", () => {
  it("holds a flagged commission past the holding period until the admin clears it; the shop's net is not held", async () => {
    await setCommissionHoldDays(0);
    const { shop, creator, storePhone, order } = await freshLink();
    const id = await order(storePhone);
    await deliver(id);
    expect(await summaryOf(creator)).toMatchObject({
      earned_balance_cents: 200,
      held_for_review_balance_cents: 200,
      held_for_review_balance: 2,
      pending_balance_cents: 0,
      available_for_payout_cents: 0,
    });
    expect(await summaryOf(shop)).toMatchObject({ held_for_review_balance_cents: 0, available_for_payout_cents: 1530 });
    const refused = await api("POST", "/payouts/request", { token: creator.token });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "You have no available balance to request a payout." },
    });

    expect(
      (await api("PUT", `/admin/orders/${id}/review`, { token: shop.token, body: { decision: "clear" } })).status,
    ).toBe(403);
    const cleared = await api("PUT", `/admin/orders/${id}/review`, { token: admin, body: { decision: "clear" } });
    expect(cleared).toMatchObject({
      status: 200,
      body: { message: "Order cleared after review", order: { id, review_status: "cleared", flags: ["self_order"] } },
    });
    expect(await summaryOf(creator)).toMatchObject({
      held_for_review_balance_cents: 0,
      available_for_payout_cents: 200,
    });
    expect((await api("POST", "/payouts/request", { token: creator.token })).status).toBe(201);
  });

  it("refuses a review of an order not held, a decision other than clear, and an unknown order", async () => {
    const { order } = await freshLink();
    const id = await order();
    const notHeld = await api("PUT", `/admin/orders/${id}/review`, { token: admin, body: { decision: "clear" } });
    expect(notHeld).toMatchObject({ status: 409, body: { message: "This order is not held for review" } });
    const reject = await api("PUT", `/admin/orders/${id}/review`, { token: admin, body: { decision: "reject" } });
    expect(reject).toMatchObject({
      status: 400,
      body: { field: "decision", message: "decision must be clear (to refuse an order, cancel it as suspected_fraud)" },
    });
    const unknown = await api("PUT", "/admin/orders/00000000-0000-4000-8000-000000000999/review", {
      token: admin,
      body: { decision: "clear" },
    });
    expect(unknown.status).toBe(404);
  });

  it("earns nothing once a flagged order is cancelled as suspected_fraud", async () => {
    await setCommissionHoldDays(0);
    const { creator, storePhone, order } = await freshLink();
    const id = await order(storePhone);
    const res = await api("PUT", `/admin/orders/${id}/status`, {
      token: admin,
      body: { new_status: "cancelled", reason: "suspected_fraud" },
    });
    expect(res.body.order).toMatchObject({ order_status: "cancelled", cancellation_reason: "suspected_fraud" });
    expect(await summaryOf(creator)).toMatchObject({ earned_balance_cents: 0, held_for_review_balance_cents: 0 });
  });
});

describe("thresholds in the settings", () => {
  it("reads the defaults and changes one, refusing values out of range with the field named", async () => {
    const { settings } = (await api("GET", "/admin/settings", { token: admin })).body;
    expect(settings).toMatchObject({
      repeat_phone_orders: 3,
      repeat_phone_hours: 24,
      refusal_flag_percent: 30,
      refusal_flag_min_finished: 10,
    });
    const tooFew = await api("PUT", "/admin/settings", { token: admin, body: { repeat_phone_orders: 1 } });
    expect(tooFew).toMatchObject({
      status: 400,
      body: { field: "repeat_phone_orders", message: "repeat_phone_orders must be a whole number from 2 to 100" },
    });
    const saved = await api("PUT", "/admin/settings", { token: admin, body: { refusal_flag_percent: 45 } });
    expect(saved.body.settings).toMatchObject({ refusal_flag_percent: 45, repeat_phone_orders: 3 });
    await api("PUT", "/admin/settings", { token: admin, body: { refusal_flag_percent: 30 } });
  });
});
