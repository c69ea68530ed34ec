// Undoing payout decisions through the API (docs/api.md, "Payouts"; docs/money.md): the owner
// cancels a pending request, or an admin rejects it with a reason; either way what it covered is
// available again at once, the next request covers it, and the history says why it ended. An admin
// corrects a completed payout's ABA reference with a reason, which the audit log keeps with both
// values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { waitingForLock } from "../helpers/locks.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";

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

/**
 * A fresh influencer with bank details and one delivered order (carried by `courierId` when given):
 * a 20.00 sale at 10%, 2.00 commission.
 */
async function creatorWithEarnings(courierId?: string): Promise<Account & { orderId: string }> {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const saved = await api("PUT", "/auth/profile", { token: creator.token, body: bankDetails });
  expect(saved.status).toBe(200);
  const campaignId = await createCampaign(sql, {
    businessId: shop.user.id,
    priceCents: 2000,
    commissionRate: 0.1,
    productName: `Decisions ${Math.random().toString(36).slice(2, 8)}`,
  });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 1 });
  if (courierId) {
    const given = await api("PUT", `/admin/orders/${orderId}/courier`, {
      token: (await admin()).token,
      body: { courier_id: courierId },
    });
    expect(given.status).toBe(200);
  }
  await deliver(orderId);
  return { ...creator, orderId };
}

async function summaryOf(who: Account) {
  const res = await api("GET", "/payouts/summary", { token: who.token });
  expect(res.status).toBe(200);
  return res.body as { summary: Record<string, number>; history: Record<string, unknown>[] };
}

async function request(who: Account) {
  const res = await api("POST", "/payouts/request", { token: who.token });
  expect(res.status).toBe(201);
  return res.body.payout as { payout_request_id: string; total_amount_cents: number };
}

const balances = ({ summary }: { summary: Record<string, number> }) => ({
  available: summary.available_for_payout_cents,
  requested: summary.requested_balance_cents,
  completed: summary.total_completed_cents,
});

const adminToken = async () => (await admin()).token;

describe("DELETE /payouts/request", () => {
  it("cancels the caller's pending request: its amount is available again, and the next request covers it", async () => {
    const creator = await creatorWithEarnings();
    const requested = await request(creator);
    expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 200, completed: 0 });

    const res = await api("DELETE", "/payouts/request", { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Payout request cancelled. Its amount is available again.");
    expect(res.body.payout).toMatchObject({
      payout_request_id: requested.payout_request_id,
      status: "cancelled",
      cancelled_at: expect.any(String),
      rejected_at: null,
      rejection_reason: null,
      total_amount_cents: 200,
      transaction_count: 1,
    });
    const after = await summaryOf(creator);
    expect(balances(after)).toEqual({ available: 200, requested: 0, completed: 0 });
    expect(after.history.map((item) => item.status)).toEqual(["cancelled"]);

    const again = await request(creator);
    expect(again.total_amount_cents).toBe(200);
    expect(again.payout_request_id).not.toBe(requested.payout_request_id);
    expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 200, completed: 0 });
    const [{ differences }] = await sql<{ differences: number }[]>`
      select count(*)::int as differences from private.running_balance_differences()`;
    expect(differences).toBe(0);
  });

  it("answers 409 when nothing is pending, and 403 to an admin", async () => {
    const creator = await creatorWithEarnings();
    const none = await api("DELETE", "/payouts/request", { token: creator.token });
    expect([none.status, none.body]).toEqual([
      409,
      { error: "conflict", message: "There is no pending payout request to cancel." },
    ]);
    const byAdmin = await api("DELETE", "/payouts/request", { token: await adminToken() });
    expect(byAdmin.status).toBe(403);
  });

  it("cannot cancel a request an admin already completed", async () => {
    const creator = await creatorWithEarnings();
    await request(creator);
    const done = await api("PUT", `/payouts/admin/complete/${creator.user.id}`, {
      token: await adminToken(),
      body: { aba_reference: "ABA-CANCEL-LATE" },
    });
    expect(done.status).toBe(200);
    const late = await api("DELETE", "/payouts/request", { token: creator.token });
    expect(late.status).toBe(409);
    expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 0, completed: 200 });
  });
});

describe("PUT /payouts/admin/reject/{userId}", () => {
  it("rejects a user's pending request with the reason the user reads; its amount is available again", async () => {
    const creator = await creatorWithEarnings();
    const requested = await request(creator);
    const reason = "The account name does not match the ABA account";
    const res = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, {
      token: await adminToken(),
      body: { reason: `  ${reason}  ` },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Payout request rejected for ${creator.user.email}`);
    expect(res.body.payout).toMatchObject({
      payout_request_id: requested.payout_request_id,
      status: "rejected",
      rejected_at: expect.any(String),
      rejection_reason: reason,
      aba_reference: null,
    });

    const after = await summaryOf(creator);
    expect(balances(after)).toEqual({ available: 200, requested: 0, completed: 0 });
    expect(after.history[0]).toMatchObject({ status: "rejected", rejection_reason: reason });
    const pending = await api("GET", "/payouts/admin/pending", { token: await adminToken() });
    expect(pending.body.requests.map((r: { user_id: string }) => r.user_id)).not.toContain(creator.user.id);

    const [entry] = await sql<{ action: string; details: Record<string, unknown> }[]>`
      select action::text, details from public.audit_log
      where target_id = ${requested.payout_request_id} order by id desc limit 1`;
    expect(entry).toMatchObject({
      action: "payout.reject",
      details: { reason, before: { status: "pending" }, after: { status: "rejected" }, amount_cents: 200 },
    });
    expect((await request(creator)).total_amount_cents).toBe(200);
  });

  it("needs a reason and a pending request, and an admin", async () => {
    const creator = await creatorWithEarnings();
    const token = await adminToken();
    const none = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, { token, body: { reason: "x" } });
    expect([none.status, none.body.message]).toEqual([409, "There is no pending payout request for this user."]);
    await request(creator);
    const missing = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, { token, body: {} });
    expect([missing.status, missing.body]).toEqual([
      400,
      { error: "invalid_input", message: "A reason is required to reject a payout request", field: "reason" },
    ]);
    const tooLong = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, {
      token,
      body: { reason: "x".repeat(501) },
    });
    expect([tooLong.status, tooLong.body.field]).toEqual([400, "reason"]);
    const byOwner = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, {
      token: creator.token,
      body: { reason: "Mine" },
    });
    expect(byOwner.status).toBe(403);
    expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 200, completed: 0 });
  });
});

describe("PUT /payouts/admin/reference/{requestId}", () => {
  it("corrects a completed payout's reference with a reason; the owner sees it and the audit log keeps both", async () => {
    const creator = await creatorWithEarnings();
    const requested = await request(creator);
    const token = await adminToken();
    expect(
      (await api("PUT", `/payouts/admin/complete/${creator.user.id}`, { token, body: { aba_reference: "ABA-1O0" } }))
        .status,
    ).toBe(200);

    const res = await api("PUT", `/payouts/admin/reference/${requested.payout_request_id}`, {
      token,
      body: { aba_reference: " ABA-100 ", reason: "Typed O for 0" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("ABA reference corrected");
    expect(res.body.payout).toMatchObject({
      status: "completed",
      aba_reference: "ABA-100",
      reference_corrections: [
        {
          previous_reference: "ABA-1O0",
          aba_reference: "ABA-100",
          reason: "Typed O for 0",
          corrected_at: expect.any(String),
        },
      ],
    });
    expect((await summaryOf(creator)).history[0]).toMatchObject({
      aba_reference: "ABA-100",
      reference_corrections: [{ previous_reference: "ABA-1O0", reason: "Typed O for 0" }],
    });
    // No money moved: the payout is still one 2.00 transfer.
    expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 0, completed: 200 });

    const [entry] = await sql<{ action: string; details: Record<string, unknown> }[]>`
      select action::text, details from public.audit_log
      where target_id = ${requested.payout_request_id} order by id desc limit 1`;
    expect(entry).toMatchObject({
      action: "payout.reference_correct",
      details: {
        before: { aba_reference: "ABA-1O0" },
        after: { aba_reference: "ABA-100" },
        reason: "Typed O for 0",
        email: creator.user.email,
      },
    });
  });

  it("refuses a pending request, the same reference, no reason, an unknown request and a non-admin", async () => {
    const creator = await creatorWithEarnings();
    const requested = await request(creator);
    const token = await adminToken();
    const path = `/payouts/admin/reference/${requested.payout_request_id}`;
    const pending = await api("PUT", path, { token, body: { aba_reference: "ABA-9", reason: "x" } });
    expect([pending.status, pending.body.message]).toEqual([
      409,
      "Only a completed payout has an ABA reference to correct",
    ]);
    await api("PUT", `/payouts/admin/complete/${creator.user.id}`, { token, body: { aba_reference: "ABA-9" } });
    const same = await api("PUT", path, { token, body: { aba_reference: "ABA-9", reason: "x" } });
    expect([same.status, same.body.message]).toEqual([409, "This payout already has ABA reference ABA-9"]);
    const noReason = await api("PUT", path, { token, body: { aba_reference: "ABA-10" } });
    expect([noReason.status, noReason.body]).toEqual([
      400,
      { error: "invalid_input", message: "A reason is required to correct an ABA reference", field: "reason" },
    ]);
    const unknown = await api("PUT", "/payouts/admin/reference/00000000-0000-4000-8000-000000000999", {
      token,
      body: { aba_reference: "ABA-10", reason: "x" },
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Payout request not found"]);
    const byOwner = await api("PUT", path, { token: creator.token, body: { aba_reference: "ABA-10", reason: "x" } });
    expect(byOwner.status).toBe(403);
    expect((await summaryOf(creator)).history[0]).toMatchObject({ aba_reference: "ABA-9", reference_corrections: [] });
  });
});

describe("a payout decision beside a change of one of its orders", () => {
  async function setReleaseAfterRemittance(release: boolean) {
    const res = await api("PUT", "/admin/settings", {
      token: await adminToken(),
      body: { release_after_remittance: release },
    });
    expect(res.status).toBe(200);
  }

  // The ledger-invariant run once answered this rejection with a 500: its release held the order's
  // cash while checking the order's key, and the revert held the order while waiting for its cash.
  it("rejects a request while an admin reverts one of its orders whose cash is being read: both answer, the balances agree", async () => {
    const token = await adminToken();
    const courier = await api("POST", "/admin/couriers", {
      token,
      body: { name: "Locks Rider", phone: uniqueStoredPhone(), kind: "company", keeps_delivery_fee: true },
    });
    expect(courier.status).toBe(201);
    const reader = await sql.reserve();
    try {
      await setReleaseAfterRemittance(false);
      const creator = await creatorWithEarnings(courier.body.courier.id);
      await request(creator);
      // The shop's own payout request reads the order's cash at this moment (as request_payout
      // does), in a transaction still open.
      await reader`begin`;
      await reader`select private.lock_order_cash(${[creator.orderId]}::uuid[])`;
      // An admin reverts the order: the change holds the order and waits for its cash.
      const revert = api("PUT", `/admin/orders/${creator.orderId}/status`, {
        token,
        body: { new_status: "out_for_delivery" },
      });
      await waitingForLock(sql, "change_order_status");
      // Another admin rejects the request, which returns the order's commission to the creator.
      const rejected = await api("PUT", `/payouts/admin/reject/${creator.user.id}`, {
        token,
        body: { reason: "The account number is wrong" },
      });
      expect(rejected.status).toBe(200);
      await reader`commit`;
      expect((await revert).status).toBe(200);
      expect(balances(await summaryOf(creator))).toEqual({ available: 0, requested: 0, completed: 0 });
      expect(await sql`select * from private.running_balance_differences()`).toEqual([]);
    } finally {
      await reader`rollback`;
      reader.release();
      await setReleaseAfterRemittance(true);
    }
  });
});
