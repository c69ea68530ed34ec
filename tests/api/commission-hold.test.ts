// The holding period through the API (docs/money.md): a delivered order's commission and business
// net show as pending_balance until commission_hold_days have passed since delivery, then as
// available_for_payout; a payout request takes only what is available; a setting change applies at
// once; a revert inside the hold leaves nothing. The edges in days are pgTAP's
// (commission_hold.test.sql); here the figures a user reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, admin, business, influencer } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";

const sql = fixtureDb();
beforeAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));
afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});

const bankDetails = { bank_name: "ABA Bank", account_name: "Hold Test", account_number: "000 123 456" };

async function move(orderId: string, statuses: string[]) {
  const token = (await admin()).token;
  for (const new_status of statuses) {
    const res = await api("PUT", `/admin/orders/${orderId}/status`, { token, body: { new_status } });
    expect(res.status).toBe(200);
  }
}

const summaryOf = async (who: Account) => (await api("GET", "/payouts/summary", { token: who.token })).body.summary;

/** A fresh pair with one delivered order: $20.00 at 10% gives a commission of 200 and a net of 1530. */
async function deliveredOrder() {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  for (const who of [shop, creator]) {
    expect((await api("PUT", "/auth/profile", { token: who.token, body: bankDetails })).status).toBe(200);
  }
  const campaignId = await createCampaign(sql, {
    businessId: shop.user.id,
    priceCents: 2000,
    commissionRate: 0.1,
    productName: `Hold Lamp ${Math.random().toString(36).slice(2, 6)}`,
  });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 1 });
  await move(orderId, ["ready_for_pickup", "out_for_delivery", "delivered"]);
  return { shop, creator, orderId };
}

describe("the holding period", () => {
  it("shows a fresh delivery as pending, not available, and refuses to pay it out", async () => {
    const { shop, creator } = await deliveredOrder();
    expect(await summaryOf(creator)).toMatchObject({
      earned_balance_cents: 200,
      pending_balance_cents: 200,
      pending_balance: 2,
      available_for_payout_cents: 0,
    });
    expect(await summaryOf(shop)).toMatchObject({ pending_balance_cents: 1530, available_for_payout_cents: 0 });
    const refused = await api("POST", "/payouts/request", { token: creator.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("You have no available balance to request a payout.");
  });

  it("releases it once the hold has passed since delivery, and a payout then takes it", async () => {
    const { creator, orderId } = await deliveredOrder();
    // Seven days pass (the ledger is append-only: its guard is lifted for this fixture only).
    await sql.begin(async (tx) => {
      await tx`alter table public.ledger_transactions disable trigger ledger_transactions_append_only`;
      await tx`update public.ledger_transactions set created_at = now() - interval '7 days'
               where order_id = ${orderId} and kind = 'delivery'`;
      await tx`alter table public.ledger_transactions enable trigger ledger_transactions_append_only`;
      // The running balances follow the delivery's time, which the posting wrote: write them afresh.
      await tx`select private.rebuild_running_balances()`;
    });
    expect(await summaryOf(creator)).toMatchObject({ pending_balance_cents: 0, available_for_payout_cents: 200 });
    const res = await api("POST", "/payouts/request", { token: creator.token });
    expect(res.status).toBe(201);
    expect(await summaryOf(creator)).toMatchObject({ requested_balance_cents: 200, available_for_payout_cents: 0 });
  });

  it("applies a change of the setting at once, to everything not yet requested", async () => {
    const { creator } = await deliveredOrder();
    await setCommissionHoldDays(0);
    expect(await summaryOf(creator)).toMatchObject({ pending_balance_cents: 0, available_for_payout_cents: 200 });
    await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
    expect(await summaryOf(creator)).toMatchObject({ pending_balance_cents: 200, available_for_payout_cents: 0 });
  });

  it("leaves nothing pending when the order is reverted inside the hold", async () => {
    const { shop, creator, orderId } = await deliveredOrder();
    await move(orderId, ["out_for_delivery"]);
    expect(await summaryOf(creator)).toMatchObject({
      earned_balance_cents: 0,
      pending_balance_cents: 0,
      available_for_payout_cents: 0,
    });
    expect(await summaryOf(shop)).toMatchObject({ pending_balance_cents: 0, available_for_payout_cents: 0 });
  });
});
