// Payout paths (docs/api.md, "Payouts"; docs/money.md): exact figures over a table of orders for
// the influencer, the business and the admin, then requests, completion, reversals after payout,
// permissions, and parallel requests and completions of one user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";

// Deliveries are released at once here: the holding period has tests of its own.
beforeAll(() => setCommissionHoldDays(0));
afterAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));

const sql = fixtureDb();
afterAll(() => sql.end());

const bankDetails = { bank_name: "ABA Bank", account_name: "Test Account", account_number: "000 123 456" };

async function deliver(orderId: string) {
  const token = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    const res = await api("PUT", `/admin/orders/${orderId}/status`, { token, body: { new_status } });
    if (res.status !== 200) throw new Error(`deliver: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

async function revert(orderId: string, new_status = "out_for_delivery") {
  const res = await api("PUT", `/admin/orders/${orderId}/status`, {
    token: (await admin()).token,
    body: { new_status },
  });
  expect(res.status).toBe(200);
}

async function redeliver(orderId: string) {
  const res = await api("PUT", `/admin/orders/${orderId}/status`, {
    token: (await admin()).token,
    body: { new_status: "delivered" },
  });
  expect(res.status).toBe(200);
}

const summaryOf = async (who: Account) => {
  const res = await api("GET", "/payouts/summary", { token: who.token });
  expect(res.status).toBe(200);
  return res.body as { summary: Record<string, number>; history: any[] };
};

const completeFor = async (userId: string, aba_reference: unknown) =>
  api("PUT", `/payouts/admin/complete/${userId}`, { token: (await admin()).token, body: { aba_reference } });

/** A fresh business and influencer with one approved link per campaign, so their balances start at zero. */
async function freshPair() {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  return { shop, creator };
}

async function orderOf(
  pair: { shop: Account; creator: Account },
  priceCents: number,
  commissionRate: number,
  quantity: number,
  productName: string,
) {
  const campaignId = await createCampaign(sql, {
    businessId: pair.shop.user.id,
    priceCents,
    commissionRate,
    productName,
  });
  await createApprovedLink(sql, campaignId, pair.creator.user.id);
  return placeOrder(sql, campaignId, { influencerId: pair.creator.user.id, quantity });
}

// price (cents), quantity, rate -> sale S, commission C = round_half_up(S*r), gross G = S-C,
// fee F = round_half_up(G*0.15), net N = G-F; worked out by hand, not by the code under test.
const figures = [
  { product: "Figures Honey", price: 2000, quantity: 2, rate: 0.1, S: 4000, C: 400, G: 3600, F: 540, N: 3060 },
  { product: "Figures Krama", price: 1299, quantity: 3, rate: 0.15, S: 3897, C: 585, G: 3312, F: 497, N: 2815 },
  { product: "Figures Pepper", price: 777, quantity: 1, rate: 0.333, S: 777, C: 259, G: 518, F: 78, N: 440 },
  { product: "Figures Silk", price: 1999, quantity: 7, rate: 0.07, S: 13993, C: 980, G: 13013, F: 1952, N: 11061 },
  // C = 3.5 cents, rounded half up
  { product: "Figures Candy", price: 50, quantity: 1, rate: 0.07, S: 50, C: 4, G: 46, F: 7, N: 39 },
  // F = 1.5 cents, rounded half up
  { product: "Figures Stamp", price: 11, quantity: 1, rate: 0.1, S: 11, C: 1, G: 10, F: 2, N: 8 },
  { product: "Figures Lamp", price: 3333, quantity: 10, rate: 0.333, S: 33330, C: 11099, G: 22231, F: 3335, N: 18896 },
];
const total = (key: "S" | "C" | "G" | "F" | "N") => figures.reduce((sum, row) => sum + row[key], 0);

describe("exact figures over a table of orders", () => {
  let pair: { shop: Account; creator: Account };
  const orderIds: string[] = [];
  let statsBefore: Record<string, number>;

  beforeAll(async () => {
    pair = await freshPair();
    statsBefore = (await api("GET", "/payouts/admin/stats", { token: (await admin()).token })).body.stats;
    for (const row of figures) orderIds.push(await orderOf(pair, row.price, row.rate, row.quantity, row.product));
    // Undelivered orders earn nothing.
    expect((await summaryOf(pair.creator)).summary.earned_balance_cents).toBe(0);
    for (const id of orderIds) await deliver(id);
  });

  it.each(figures)("$product: the order carries C, G, F and N", async (row) => {
    const [order] =
      await sql`select commission_cents, business_gross_cents, platform_fee_cents, business_net_cents, subtotal_cents
      from public.orders o join public.campaigns c on c.id = o.campaign_id where c.product_name = ${row.product} and c.business_id = ${pair.shop.user.id}`;
    expect(order).toEqual({
      subtotal_cents: String(row.S),
      commission_cents: String(row.C),
      business_gross_cents: String(row.G),
      platform_fee_cents: String(row.F),
      business_net_cents: String(row.N),
    });
  });

  it("gives the influencer every commission, with no fee", async () => {
    const { summary, history } = await summaryOf(pair.creator);
    expect(summary).toEqual({
      earned_balance: 133.28,
      earned_balance_cents: total("C"),
      requested_balance: 0,
      requested_balance_cents: 0,
      total_completed: 0,
      total_completed_cents: 0,
      available_for_payout: 133.28,
      available_for_payout_cents: total("C"),
      pending_balance: 0,
      pending_balance_cents: 0,
      held_for_review_balance: 0,
      held_for_review_balance_cents: 0,
      awaiting_cash_balance: 0,
      awaiting_cash_balance_cents: 0,
    });
    expect(total("C")).toBe(13328);
    expect(history).toEqual([]);
  });

  it("gives the business gross, fee and net", async () => {
    const { summary } = await summaryOf(pair.shop);
    expect(summary).toEqual({
      earned_balance: 363.19,
      earned_balance_cents: total("N"),
      requested_balance: 0,
      requested_balance_cents: 0,
      total_completed: 0,
      total_completed_cents: 0,
      available_for_payout: 363.19,
      available_for_payout_cents: total("N"),
      pending_balance: 0,
      pending_balance_cents: 0,
      held_for_review_balance: 0,
      held_for_review_balance_cents: 0,
      awaiting_cash_balance: 0,
      awaiting_cash_balance_cents: 0,
      total_earnings: 427.3,
      total_earnings_cents: total("G"),
      total_platform_fees: 64.11,
      total_platform_fees_cents: total("F"),
      total_influencer_commissions: 133.28,
      total_influencer_commissions_cents: total("C"),
    });
    expect([total("N"), total("G"), total("F")]).toEqual([36319, 42730, 6411]);
  });

  it("shows the admin the fee revenue and the cash collected", async () => {
    const { stats } = (await api("GET", "/payouts/admin/stats", { token: (await admin()).token })).body;
    // Other test files share the database, so compare with the figures before this table.
    expect(stats.platform_fees_cents - statsBefore.platform_fees_cents).toBe(total("F"));
    expect(stats.cash_collected_cents - statsBefore.cash_collected_cents).toBe(total("S"));
    expect(stats.cash_held_cents - statsBefore.cash_held_cents).toBe(total("S"));
  });

  it("requests, lists and completes both payouts to the cent", async () => {
    const adminToken = (await admin()).token;
    for (const who of [pair.creator, pair.shop]) {
      expect((await api("PUT", "/auth/profile", { token: who.token, body: bankDetails })).status).toBe(200);
    }
    const creatorRequest = await api("POST", "/payouts/request", { token: pair.creator.token });
    expect(creatorRequest.status).toBe(201);
    expect(creatorRequest.body.payout).toMatchObject({
      status: "pending",
      user_id: pair.creator.user.id,
      user_type: "influencer",
      total_amount: 133.28,
      total_amount_cents: 13328,
      gross_amount_cents: 13328,
      fee_amount_cents: 0,
      transaction_count: 7,
      completed_at: null,
      aba_reference: null,
      product_names: figures.map((row) => row.product).sort(),
    });
    const shopRequest = await api("POST", "/payouts/request", { token: pair.shop.token });
    expect(shopRequest.status).toBe(201);
    expect(shopRequest.body.payout).toMatchObject({
      status: "pending",
      user_type: "business",
      total_amount: 363.19,
      total_amount_cents: 36319,
      gross_amount: 427.3,
      gross_amount_cents: 42730,
      fee_amount: 64.11,
      fee_amount_cents: 6411,
      transaction_count: 7,
    });

    expect((await summaryOf(pair.creator)).summary).toMatchObject({
      earned_balance_cents: 13328,
      requested_balance_cents: 13328,
      total_completed_cents: 0,
      available_for_payout_cents: 0,
    });

    // The admin's card names a shop by its name (an influencer has none).
    await api("PUT", "/auth/profile", { token: pair.shop.token, body: { business_name: "Pair Shop" } });
    const pending = await api("GET", "/payouts/admin/pending", { token: adminToken });
    expect(pending.status).toBe(200);
    const mine = (id: string) => pending.body.requests.find((row: any) => row.user_id === id);
    expect(mine(pair.creator.user.id)).toMatchObject({
      email: pair.creator.user.email,
      business_name: null,
      user_type: "influencer",
      total_amount: 133.28,
      total_amount_cents: 13328,
      request_count: 1,
      gross_amount: null,
      fee_amount: null,
      net_amount: null,
      transaction_count: 7,
      payout_request_ids: [creatorRequest.body.payout.payout_request_id],
    });
    expect(mine(pair.shop.user.id)).toMatchObject({
      email: pair.shop.user.email,
      business_name: "Pair Shop",
      user_type: "business",
      total_amount_cents: 36319,
      gross_amount: 427.3,
      gross_amount_cents: 42730,
      fee_amount: 64.11,
      fee_amount_cents: 6411,
      net_amount: 363.19,
      net_amount_cents: 36319,
    });
    expect(new Date(mine(pair.shop.user.id).oldest_request).toISOString()).toBe(shopRequest.body.payout.requested_at);

    const done = await completeFor(pair.shop.user.id, "  ABA-20261122-0042  ");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      message: `Payout completed successfully for ${pair.shop.user.email}!`,
      aba_reference: "ABA-20261122-0042",
      total_amount: 363.19,
      total_amount_cents: 36319,
    });
    expect(done.body.payouts).toHaveLength(1);
    expect(done.body.payouts[0]).toMatchObject({
      status: "completed",
      aba_reference: "ABA-20261122-0042",
      total_amount_cents: 36319,
    });

    const shop = await summaryOf(pair.shop);
    expect(shop.summary).toMatchObject({
      earned_balance_cents: 36319,
      requested_balance_cents: 0,
      total_completed_cents: 36319,
      available_for_payout_cents: 0,
    });
    expect(shop.history).toHaveLength(1);
    expect(shop.history[0]).toMatchObject({
      status: "completed",
      aba_reference: "ABA-20261122-0042",
      total_amount: 363.19,
      transaction_count: 7,
      product_names: figures.map((row) => row.product).sort(),
    });
    expect(shop.history[0].completed_at).toEqual(expect.any(String));

    const repeat = await completeFor(pair.shop.user.id, "ABA-20261122-0042");
    expect(repeat.status).toBe(409);
    expect(repeat.body).toEqual({ error: "conflict", message: "There is no pending payout request for this user." });
    expect((await summaryOf(pair.shop)).summary.total_completed_cents).toBe(36319);

    // The ledger: the payout left the cash account once.
    const { stats } = (await api("GET", "/payouts/admin/stats", { token: adminToken })).body;
    expect(stats.cash_collected_cents - statsBefore.cash_collected_cents).toBe(total("S"));
    expect(stats.cash_held_cents - statsBefore.cash_held_cents).toBe(total("S") - 36319);
    expect(stats.completed_amount_cents - statsBefore.completed_amount_cents).toBe(36319);
  });

  it("shows a reversal after payout as owed, netted off by later earnings", async () => {
    expect((await completeFor(pair.creator.user.id, "ABA-CREATOR-1")).status).toBe(200);
    const silk = orderIds[3]; // C 980
    await revert(silk);
    let { summary } = await summaryOf(pair.creator);
    expect(summary).toMatchObject({
      earned_balance_cents: 13328 - 980,
      total_completed_cents: 13328,
      requested_balance_cents: 0,
      available_for_payout: -9.8,
      available_for_payout_cents: -980,
    });
    const refused = await api("POST", "/payouts/request", { token: pair.creator.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "conflict", message: "You have no available balance to request a payout." });

    // Delivered again: the reversal and the new delivery cancel out, still nothing to request.
    await redeliver(silk);
    ({ summary } = await summaryOf(pair.creator));
    expect(summary).toMatchObject({ earned_balance_cents: 13328, available_for_payout_cents: 0 });

    // Reverted once more, then a new $20.00 x2 at 10% sale: 400 - 980 is still owed.
    await revert(silk);
    const next = await orderOf(pair, 2000, 0.1, 2, "Figures Honey Two");
    await deliver(next);
    ({ summary } = await summaryOf(pair.creator));
    expect(summary.available_for_payout_cents).toBe(400 - 980);
    await redeliver(silk);
    ({ summary } = await summaryOf(pair.creator));
    expect(summary.available_for_payout_cents).toBe(400);

    const request = await api("POST", "/payouts/request", { token: pair.creator.token });
    expect(request.status).toBe(201);
    // It covers the two reversals, the two re-deliveries and the new sale: 400 net.
    expect(request.body.payout).toMatchObject({ total_amount_cents: 400, transaction_count: 5 });
    expect(request.body.payout.product_names).toEqual(["Figures Honey Two", "Figures Silk"]);
  });
});

describe("refusals", () => {
  let pair: { shop: Account; creator: Account };
  beforeAll(async () => {
    pair = await freshPair();
  });

  it("asks for bank details before a request", async () => {
    await deliver(await orderOf(pair, 1000, 0.1, 1, "Refusal Soap"));
    const res = await api("POST", "/payouts/request", { token: pair.creator.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "bank_details",
      message: "Please complete your bank account information in your profile before requesting a payout.",
    });
    await api("PUT", "/auth/profile", { token: pair.creator.token, body: { ...bankDetails, account_number: "" } });
    expect((await api("POST", "/payouts/request", { token: pair.creator.token })).status).toBe(400);
  });

  it("refuses a request with nothing available", async () => {
    await api("PUT", "/auth/profile", { token: pair.shop.token, body: bankDetails });
    const fresh = await business();
    await api("PUT", "/auth/profile", { token: fresh.token, body: bankDetails });
    const res = await api("POST", "/payouts/request", { token: fresh.token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: "You have no available balance to request a payout." });
  });

  it("refuses a second request while one is pending, for a business and for an influencer", async () => {
    await api("PUT", "/auth/profile", { token: pair.creator.token, body: bankDetails });
    for (const who of [pair.shop, pair.creator]) {
      expect((await api("POST", "/payouts/request", { token: who.token })).status).toBe(201);
      await deliver(await orderOf(pair, 1500, 0.2, 1, "Refusal Mat"));
      const res = await api("POST", "/payouts/request", { token: who.token });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message: "You already have a pending payout request." });
    }
  });

  it.each([
    ["no reference", {}],
    ["an empty reference", { aba_reference: "" }],
    ["a blank reference", { aba_reference: "   " }],
  ])("refuses a completion with %s", async (_case, body) => {
    const res = await api("PUT", `/payouts/admin/complete/${pair.shop.user.id}`, {
      token: (await admin()).token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "aba_reference",
      message: "ABA reference number is required to complete payout.",
    });
    expect((await summaryOf(pair.shop)).summary.total_completed_cents).toBe(0);
  });

  it("refuses a completion for an unknown user, or one with nothing pending", async () => {
    const unknown = await completeFor("00000000-0000-4000-8000-000000000999", "ABA-1");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "User not found" });
    const none = await completeFor((await influencer()).user.id, "ABA-1");
    expect(none.status).toBe(409);
  });

  it("keeps the admin paths for admins and the balances for their owners", async () => {
    const adminToken = (await admin()).token;
    for (const who of [pair.shop, pair.creator]) {
      expect((await api("GET", "/payouts/admin/pending", { token: who.token })).status).toBe(403);
      expect((await api("GET", "/payouts/admin/stats", { token: who.token })).status).toBe(403);
      expect(
        (await api("PUT", `/payouts/admin/complete/${who.user.id}`, { token: who.token, body: { aba_reference: "X" } }))
          .status,
      ).toBe(403);
    }
    expect((await api("POST", "/payouts/request", { token: adminToken })).status).toBe(403);
    expect((await api("GET", "/payouts/summary", { token: adminToken })).status).toBe(403);
    for (const path of ["/payouts/summary", "/payouts/history", "/payouts/admin/pending", "/payouts/admin/stats"]) {
      expect((await api("GET", path)).status).toBe(401);
    }
    expect((await api("POST", "/payouts/request")).status).toBe(401);

    // Another influencer sees none of this pair's payouts.
    const other = await influencer();
    const history = await api("GET", "/payouts/history", { token: other.token });
    expect(history.status).toBe(200);
    expect(history.body.history).toEqual([]);
    expect((await summaryOf(other)).summary.earned_balance_cents).toBe(0);
    // The admin sees them.
    const all = await api("GET", "/payouts/history", { token: adminToken });
    expect(all.body.history.map((item: any) => item.user_id)).toEqual(
      expect.arrayContaining([pair.shop.user.id, pair.creator.user.id]),
    );
  });
});

describe("the summary's newest requests", () => {
  it("carries the newest 10 and a cursor where GET /payouts/history goes on, without overlap", async () => {
    const pair = await freshPair();
    await api("PUT", "/auth/profile", { token: pair.creator.token, body: bankDetails });
    const created: string[] = [];
    for (let n = 1; n <= 12; n++) {
      await deliver(await orderOf(pair, 1000 + n, 0.1, 1, `Newest Soap ${n}`));
      const request = await api("POST", "/payouts/request", { token: pair.creator.token });
      expect(request.status).toBe(201);
      created.unshift(request.body.payout.payout_request_id);
      if (n < 12) expect((await completeFor(pair.creator.user.id, `ABA-NEWEST-${n}`)).status).toBe(200);
    }
    const res = await api("GET", "/payouts/summary", { token: pair.creator.token });
    expect(res.status).toBe(200);
    expect(res.body.history.map((item: any) => item.payout_request_id)).toEqual(created.slice(0, 10));
    expect(res.body.history[0].status).toBe("pending");
    expect(res.body.next_cursor).toEqual(expect.any(String));
    const older = await api("GET", `/payouts/history?cursor=${res.body.next_cursor}`, { token: pair.creator.token });
    expect(older.status).toBe(200);
    expect(older.body.history.map((item: any) => item.payout_request_id)).toEqual(created.slice(10));
    expect(older.body.next_cursor).toBeNull();

    // With every request on hand, there is no cursor.
    const fewer = await freshPair();
    await api("PUT", "/auth/profile", { token: fewer.creator.token, body: bankDetails });
    await deliver(await orderOf(fewer, 1000, 0.1, 1, "Newest Soap alone"));
    expect((await api("POST", "/payouts/request", { token: fewer.creator.token })).status).toBe(201);
    const one = await api("GET", "/payouts/summary", { token: fewer.creator.token });
    expect(one.body.history).toHaveLength(1);
    expect(one.body.next_cursor).toBeNull();
  });
});

describe("parallel requests and completions", () => {
  it("makes one request of 20 parallel ones, and completes it once of 20 parallel completions", async () => {
    const pair = await freshPair();
    await api("PUT", "/auth/profile", { token: pair.creator.token, body: bankDetails });
    for (let i = 0; i < 3; i++) await deliver(await orderOf(pair, 1000 + i, 0.1, 1, `Parallel ${i}`));

    const requests = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/payouts/request", { token: pair.creator.token })),
    );
    expect(requests.filter((res) => res.status === 201)).toHaveLength(1);
    expect(requests.filter((res) => res.status === 409).map((res) => res.body.message)).toEqual(
      Array(19).fill("You already have a pending payout request."),
    );
    const amount = 100 + 100 + 100; // round_half_up(10.00 * 0.1), (10.01), (10.02)
    expect(requests.find((res) => res.status === 201)!.body.payout.total_amount_cents).toBe(amount);

    const completions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => completeFor(pair.creator.user.id, `ABA-PARALLEL-${i}`)),
    );
    expect(completions.filter((res) => res.status === 200)).toHaveLength(1);
    expect(completions.filter((res) => res.status === 409)).toHaveLength(19);
    const { summary, history } = await summaryOf(pair.creator);
    expect(summary).toMatchObject({
      total_completed_cents: amount,
      requested_balance_cents: 0,
      available_for_payout_cents: 0,
    });
    expect(history).toHaveLength(1);
    const [{ payouts }] = await sql`select count(*)::int as payouts from public.ledger_transactions t
      join public.payout_requests r on r.id = t.payout_request_id where r.user_id = ${pair.creator.user.id}`;
    expect(payouts).toBe(1);
  });
});
