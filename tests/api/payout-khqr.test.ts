// Payouts an admin can send (issue 14): the profile's KHQR, checked by the server; a request's bank
// details as they were when it was made; the payable KHQR of each pending request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkKhqr, khqrCrc, khqrTags, parseTlv } from "../../supabase/functions/_shared/contract/khqr.ts";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";

// Deliveries are released at once here: the holding period has tests of its own.
beforeAll(() => setCommissionHoldDays(0));
afterAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));

const sql = fixtureDb();
afterAll(() => sql.end());

// A known-good KHQR, as published in the bakong-khqr SDK's documentation (checksum EA38 is theirs).
const GOOD_KHQR =
  "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38";
const resigned = (body: string) => body + khqrCrc(body);
/** GOOD_KHQR with `extra` inserted after `after`, signed again so only the repeat is wrong. */
const withExtra = (after: string, extra: string) =>
  resigned(GOOD_KHQR.slice(0, -8).replace(after, after + extra) + "6304");

const putProfile = (who: Account, body: unknown) => api("PUT", "/auth/profile", { token: who.token, body });

async function deliver(orderId: string) {
  const token = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    const res = await api("PUT", `/admin/orders/${orderId}/status`, { token, body: { new_status } });
    if (res.status !== 200) throw new Error(`deliver: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** An influencer with one delivered order earning `commission` cents (price 10000 x rate). */
async function earningInfluencer(productName: string) {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const campaignId = await createCampaign(sql, {
    businessId: shop.user.id,
    priceCents: 10000,
    commissionRate: 0.1234,
    productName,
  });
  await createApprovedLink(sql, campaignId, creator.user.id);
  await deliver(await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 1 }));
  return creator;
}

describe("the profile's KHQR", () => {
  it("is saved trimmed, shown on /auth/me, and cleared with an empty string or null", async () => {
    const who = await influencer();
    const saved = await putProfile(who, { khqr: `  ${GOOD_KHQR}\n` });
    expect(saved.status).toBe(200);
    expect(saved.body.user.khqr).toBe(GOOD_KHQR);
    expect((await api("GET", "/auth/me", { token: who.token })).body.user.khqr).toBe(GOOD_KHQR);
    expect((await putProfile(who, { khqr: "" })).body.user.khqr).toBeNull();
    await putProfile(who, { khqr: GOOD_KHQR });
    expect((await putProfile(who, { khqr: null })).body.user.khqr).toBeNull();
  });

  it.each([
    ["not a code at all", "hello", "KHQR is not a valid tag-length-value code (broken field at character 1)"],
    [
      "a wrong checksum",
      GOOD_KHQR.slice(0, -1) + "9",
      "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped",
    ],
    [
      "a foreign code",
      resigned(GOOD_KHQR.slice(0, -4).replace("5802KH", "5802TH")),
      "KHQR must be a Cambodian code (country KH, tag 58)",
    ],
    [
      "no Bakong account",
      resigned(GOOD_KHQR.slice(0, -4).replace("jonhsmith@nbcq", "jonhsmith-nbcq")),
      "KHQR has no Bakong account (name@bank in tag 29 or 30)",
    ],
    [
      "a wrong payload format",
      resigned("000202" + GOOD_KHQR.slice(6, -4)),
      "KHQR must start with payload format 01 (tag 00)",
    ],
    ["two amounts (54)", withExtra("5403500", "54079999.99"), "KHQR repeats tag 54: a code carries each field once"],
    ["two currencies (53)", withExtra("5303116", "5303840"), "KHQR repeats tag 53: a code carries each field once"],
    [
      "two accounts (29)",
      withExtra("0014jonhsmith@nbcq", "29170013attacker@nbcq"),
      "KHQR repeats tag 29: a code carries each field once",
    ],
    [
      "an individual and a merchant account (29 and 30)",
      withExtra("0014jonhsmith@nbcq", "30170013attacker@nbcq"),
      "KHQR carries two accounts (tags 29 and 30): a code pays one account",
    ],
    ["a number", 42, "KHQR must be text"],
  ])("refuses %s with 400 naming khqr", async (_, khqr, message) => {
    const who = await business();
    const res = await putProfile(who, { khqr });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field: "khqr", message });
    expect((await api("GET", "/auth/me", { token: who.token })).body.user.khqr).toBeNull();
  });
});

describe("a pending payout as the admin sees it", () => {
  it("shows the bank details and KHQR of the request, not the profile's later edits, and a payable KHQR", async () => {
    const creator = await earningInfluencer("KHQR Payout Scarf");
    expect(
      (
        await putProfile(creator, {
          bank_name: "ABA Bank",
          account_name: "Sok Dara",
          account_number: "000 123 456",
          khqr: GOOD_KHQR,
        })
      ).status,
    ).toBe(200);
    const requested = await api("POST", "/payouts/request", { token: creator.token });
    expect(requested.status).toBe(201);
    expect(requested.body.payout).toMatchObject({
      bank_name: "ABA Bank",
      account_name: "Sok Dara",
      account_number: "000 123 456",
    });

    // The profile changes after the request; the request does not.
    const edited = await putProfile(creator, {
      bank_name: "ACLEDA",
      account_name: "Someone Else",
      account_number: "999",
      khqr: "",
    });
    expect(edited.status).toBe(200);

    const before = Date.now();
    const pending = await api("GET", "/payouts/admin/pending", { token: (await admin()).token });
    expect(pending.status).toBe(200);
    const item = pending.body.requests.find((row: { user_id: string }) => row.user_id === creator.user.id);
    expect(item).toMatchObject({
      total_amount: 12.34,
      total_amount_cents: 1234,
      bank_name: "ABA Bank",
      account_name: "Sok Dara",
      account_number: "000 123 456",
    });

    const payable: string = item.khqr;
    expect(checkKhqr(payable).ok).toBe(true);
    expect(payable.slice(-4)).toBe(khqrCrc(payable.slice(0, -4)));
    const tags = khqrTags(payable);
    expect(tags).toMatchObject({
      "00": "01",
      "01": "12",
      "29": "0014jonhsmith@nbcq",
      "53": "840",
      "54": "12.34",
      "58": "KH",
    });
    // Exactly one amount, one currency and one account: no second copy for a bank app to read.
    const counts = new Map<string, number>();
    for (const { tag } of parseTlv(payable) as { tag: string }[]) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    expect([counts.get("54"), counts.get("53"), counts.get("29"), counts.get("30")]).toEqual([1, 1, 1, undefined]);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const times = khqrTags(tags["99"]);
    const created = Number(times["00"]);
    expect(created).toBeGreaterThanOrEqual(before - 5_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(Number(times["01"]) - created).toBe(24 * 60 * 60 * 1000);

    // The user's own history says where the request will be paid.
    const history = await api("GET", "/payouts/history", { token: creator.token });
    expect(history.body.history[0]).toMatchObject({
      status: "pending",
      bank_name: "ABA Bank",
      account_number: "000 123 456",
    });

    const done = await api("PUT", `/payouts/admin/complete/${creator.user.id}`, {
      token: (await admin()).token,
      body: { aba_reference: "KHQR-REF-1" },
    });
    expect(done.status).toBe(200);
    expect(done.body.payouts[0]).toMatchObject({
      status: "completed",
      aba_reference: "KHQR-REF-1",
      bank_name: "ABA Bank",
    });
  });

  it("has a null khqr when the user saved none", async () => {
    const creator = await earningInfluencer("KHQR Payout Plain Scarf");
    await putProfile(creator, { bank_name: "ABA Bank", account_name: "Chan Thida", account_number: "111 222 333" });
    expect((await api("POST", "/payouts/request", { token: creator.token })).status).toBe(201);
    const pending = await api("GET", "/payouts/admin/pending", { token: (await admin()).token });
    const item = pending.body.requests.find((row: { user_id: string }) => row.user_id === creator.user.id);
    expect(item).toMatchObject({ account_name: "Chan Thida", khqr: null });
  });
});
