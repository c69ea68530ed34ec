// The audit log through the gateway, the real api function and real Postgres: each admin action
// made through its real path leaves one entry with the actor and before/after values, which
// GET /admin/audit-log answers newest first, filtered and keyset-paged; bad queries name the
// field; only admins may read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, apply, business, createCampaign, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import {
  createApprovedLink,
  createCampaign as createCampaignRow,
  fixtureDb,
  placeOrder,
} from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { seedAdmin } from "../helpers/stack.ts";

const sql = fixtureDb();
let adminAccount: Account;
let zoneId: string;
const zoneName = `Audit Sangkat ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  adminAccount = await admin();
  await setCommissionHoldDays(0);
  // A sangkat of its own in Khan Kamboul, under a code the gazetteer leaves free and no earlier run
  // used (the log keeps every entry, and these tests count the entries about their zone).
  [{ code: zoneId }] = await sql<{ code: string }[]>`
    with code as (
      select '1214' || n as code from generate_series(50, 99) n
      where not exists (select 1 from public.audit_log a where a.target_id = '1214' || n)
      limit 1),
    commune as (
      insert into public.communes (code, district_code, name_en, name_km, kind)
      select code, '1214', ${zoneName}, ${zoneName}, 'sangkat' from code returning code)
    insert into public.delivery_zones (commune_code, fee_cents) select code, 100 from commune returning commune_code as code`;
});

afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  // The zone goes; its audit entries stay (they name it by its code), as the log keeps everything.
  await sql`delete from public.delivery_zones where commune_code = ${zoneId}`;
  await sql`delete from public.communes where code = ${zoneId}`;
  await sql.end();
});

interface Entry {
  actor_email: string;
  actor_courier: { id: string; name: string } | null;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, any>;
  created_at: string;
}

async function auditLog(query: Record<string, string | number>, token = adminAccount.token) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return api<{ entries: Entry[]; next_cursor: string | null }>("GET", `/admin/audit-log?${search}`, { token });
}

/** The entries about one target, newest first. */
async function entriesFor(targetId: string): Promise<Entry[]> {
  const res = await auditLog({ target_id: targetId });
  expect(res.status).toBe(200);
  return res.body.entries;
}

/** Changes a delivery fee as an admin's token does at PostgREST (the only path fees change by). */
async function changeFeeAsAdmin(feeCents: number) {
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: adminAccount.user.id, role: "authenticated" })}, true)`;
    const changed =
      await tx`update public.delivery_zones set fee_cents = ${feeCents} where commune_code = ${zoneId} returning 1`;
    expect(changed).toHaveLength(1);
  });
}

const entryShape = {
  actor_email: seedAdmin.email,
  actor_courier: null,
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
};

describe("one entry per admin action, through the real paths", () => {
  it("an account approval and a rejection with its reason", async () => {
    const [shop, creator] = await Promise.all([business("pending"), influencer("pending")]);
    const approve = await api("PUT", `/admin/users/${shop.user.id}/status`, {
      token: adminAccount.token,
      body: { status: "approved" },
    });
    expect(approve.status).toBe(200);
    const reject = await api("PUT", `/admin/users/${creator.user.id}/status`, {
      token: adminAccount.token,
      body: { status: "rejected", reason: "No public page" },
    });
    expect(reject.status).toBe(200);

    expect(await entriesFor(shop.user.id)).toEqual([
      {
        ...entryShape,
        action: "user.approve",
        target_type: "user",
        target_id: shop.user.id,
        details: {
          before: { status: "pending_approval" },
          after: { status: "approved" },
          email: shop.user.email,
          user_type: "business",
        },
      },
    ]);
    expect(await entriesFor(creator.user.id)).toEqual([
      {
        ...entryShape,
        action: "user.reject",
        target_type: "user",
        target_id: creator.user.id,
        details: {
          before: { status: "pending_approval", rejection_reason: null },
          after: { status: "rejected", rejection_reason: "No public page" },
          reason: "No public page",
          email: creator.user.email,
          user_type: "influencer",
        },
      },
    ]);
  });

  it("a link approval and a link rejection with its reason", async () => {
    const [shop, first, second] = await Promise.all([business(), influencer(), influencer()]);
    const campaign = await createCampaign(shop);
    const [approved, rejected] = [await apply(first, campaign.id), await apply(second, campaign.id)];
    const approve = await api("PUT", `/admin/affiliate-links/${approved.id}/approve`, { token: adminAccount.token });
    expect(approve.status).toBe(200);
    const reject = await api("PUT", `/admin/affiliate-links/${rejected.id}/reject`, {
      token: adminAccount.token,
      body: { reason: "Too few followers" },
    });
    expect(reject.status).toBe(200);

    expect(await entriesFor(approved.id)).toEqual([
      {
        ...entryShape,
        action: "link.approve",
        target_type: "affiliate_link",
        target_id: approved.id,
        details: {
          before: { status: "pending" },
          after: { status: "approved", short_code: expect.stringMatching(/^[A-Za-z0-9]+$/) },
          influencer_email: first.user.email,
          product_name: campaign.product_name,
        },
      },
    ]);
    expect(await entriesFor(rejected.id)).toEqual([
      {
        ...entryShape,
        action: "link.reject",
        target_type: "affiliate_link",
        target_id: rejected.id,
        details: {
          before: { status: "pending" },
          after: { status: "rejected", short_code: null },
          reason: "Too few followers",
          influencer_email: second.user.email,
          product_name: campaign.product_name,
        },
      },
    ]);
  });

  it("order status changes, a cancellation with its reason, and a payout completion", async () => {
    const creator = await influencer();
    const campaignId = await createCampaignRow(sql, { priceCents: 3000, commissionRate: 0.1 });
    await createApprovedLink(sql, campaignId, creator.user.id);
    const [delivered, cancelled] = [
      await placeOrder(sql, campaignId, { influencerId: creator.user.id }),
      await placeOrder(sql, campaignId, { influencerId: creator.user.id }),
    ];
    for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
      const res = await api("PUT", `/admin/orders/${delivered}/status`, {
        token: adminAccount.token,
        body: { new_status },
      });
      expect(res.status).toBe(200);
    }
    const cancel = await api("PUT", `/admin/orders/${cancelled}/status`, {
      token: adminAccount.token,
      body: { new_status: "cancelled", reason: "customer_unreachable", notes: "Three calls, no answer" },
    });
    expect(cancel.status).toBe(200);

    const steps = await entriesFor(delivered);
    expect(steps.map((entry) => [entry.action, entry.details.before.status, entry.details.after.status])).toEqual([
      ["order.status_change", "out_for_delivery", "delivered"],
      ["order.status_change", "ready_for_pickup", "out_for_delivery"],
      ["order.status_change", "new_order", "ready_for_pickup"],
    ]);
    expect(await entriesFor(cancelled)).toEqual([
      {
        ...entryShape,
        action: "order.status_change",
        target_type: "order",
        target_id: cancelled,
        details: {
          before: { status: "new_order" },
          after: { status: "cancelled" },
          reason: "customer_unreachable",
          note: "Three calls, no answer",
          order_number: cancel.body.order.order_number,
        },
      },
    ]);

    const bank = { bank_name: "ABA Bank", account_name: "Audit Creator", account_number: "000 123 456" };
    expect((await api("PUT", "/auth/profile", { token: creator.token, body: bank })).status).toBe(200);
    const request = await api("POST", "/payouts/request", { token: creator.token });
    expect(request.status).toBe(201);
    const complete = await api("PUT", `/payouts/admin/complete/${creator.user.id}`, {
      token: adminAccount.token,
      body: { aba_reference: "ABA-AUDIT-1" },
    });
    expect(complete.status).toBe(200);
    expect(await entriesFor(request.body.payout.payout_request_id)).toEqual([
      {
        ...entryShape,
        action: "payout.complete",
        target_type: "payout_request",
        target_id: request.body.payout.payout_request_id,
        details: {
          before: { status: "pending" },
          after: { status: "completed", aba_reference: "ABA-AUDIT-1" },
          amount_cents: 300,
          user_id: creator.user.id,
          email: creator.user.email,
        },
      },
    ]);
  });

  it("a review clearing a flagged order, with its flags", async () => {
    const creator = await influencer();
    const campaignId = await createCampaignRow(sql, { priceCents: 3000, commissionRate: 0.1 });
    await createApprovedLink(sql, campaignId, creator.user.id);
    const phone = uniqueStoredPhone();
    await api("PUT", "/auth/profile", { token: creator.token, body: { phone } });
    const flagged = await placeOrder(sql, campaignId, { influencerId: creator.user.id, phone });
    const res = await api("PUT", `/admin/orders/${flagged}/review`, {
      token: adminAccount.token,
      body: { decision: "clear" },
    });
    expect(res.status).toBe(200);
    expect(await entriesFor(flagged)).toEqual([
      {
        ...entryShape,
        action: "order.review",
        target_type: "order",
        target_id: flagged,
        details: {
          before: { review_status: "held" },
          after: { review_status: "cleared" },
          flags: ["self_order"],
          order_number: res.body.order.order_number,
        },
      },
    ]);
  });

  it("a settings change records only the changed setting", async () => {
    const current = await api("GET", "/admin/settings", { token: adminAccount.token });
    const original = current.body.settings.riel_per_usd as number;
    const changed = original === 4000 ? 4050 : 4000;
    const save = (riel_per_usd: number) =>
      api("PUT", "/admin/settings", { token: adminAccount.token, body: { riel_per_usd } });
    expect((await save(changed)).status).toBe(200);
    expect((await save(original)).status).toBe(200);

    const res = await auditLog({ action: "settings.update", limit: 2 });
    expect(res.body.entries).toEqual([
      {
        ...entryShape,
        action: "settings.update",
        target_type: "marketplace_settings",
        target_id: "marketplace",
        details: { before: { riel_per_usd: changed }, after: { riel_per_usd: original } },
      },
      {
        ...entryShape,
        action: "settings.update",
        target_type: "marketplace_settings",
        target_id: "marketplace",
        details: { before: { riel_per_usd: original }, after: { riel_per_usd: changed } },
      },
    ]);
  });

  it("a delivery fee change", async () => {
    await changeFeeAsAdmin(125);
    expect(await entriesFor(zoneId)).toEqual([
      {
        ...entryShape,
        action: "delivery_zone.update",
        target_type: "delivery_zone",
        target_id: zoneId,
        details: {
          before: { fee_cents: 100 },
          after: { fee_cents: 125 },
          province: "Phnom Penh",
          district: "Kamboul",
          commune: zoneName,
        },
      },
    ]);
  });
});

describe("GET /admin/audit-log filters and pages", () => {
  let fees: number[];

  beforeAll(async () => {
    // Five more fee changes of the test's own zone: six entries about it, the newest first.
    fees = [150, 175, 200, 225, 250];
    for (const fee of fees) await changeFeeAsAdmin(fee);
  });

  it("pages newest first, every entry once, and next_cursor is null on the last page", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    const pageSizes: number[] = [];
    do {
      const res = await auditLog({
        target_type: "delivery_zone",
        target_id: zoneId,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status).toBe(200);
      pageSizes.push(res.body.entries.length);
      seen.push(...res.body.entries.map((entry) => entry.details.after.fee_cents as number));
      cursor = res.body.next_cursor;
      // An entry written while paging comes before the first page, never into a later one.
      if (pageSizes.length === 1) await changeFeeAsAdmin(275);
    } while (cursor);
    expect(pageSizes).toEqual([2, 2, 2]);
    expect(seen).toEqual([250, 225, 200, 175, 150, 125]);
    expect((await auditLog({ target_id: zoneId, limit: 1 })).body.entries[0].details.after).toEqual({ fee_cents: 275 });
  });

  it("filters by actor email (any case) or id, action and target type", async () => {
    const byEmail = await auditLog({ actor: seedAdmin.email.toUpperCase(), target_id: zoneId });
    const byId = await auditLog({ actor: adminAccount.user.id, target_id: zoneId });
    expect(byEmail.body.entries).toHaveLength(7);
    expect(byId.body.entries).toEqual(byEmail.body.entries);
    expect((await auditLog({ actor: "nobody@example.com", target_id: zoneId })).body.entries).toEqual([]);
    expect((await auditLog({ action: "user.approve", target_id: zoneId })).body.entries).toEqual([]);
    expect((await auditLog({ target_type: "order", target_id: zoneId })).body.entries).toEqual([]);

    const approvals = await auditLog({ action: "user.approve", limit: 200 });
    expect(approvals.status).toBe(200);
    expect(approvals.body.entries.length).toBeGreaterThan(0);
    expect(new Set(approvals.body.entries.map((entry) => entry.action))).toEqual(new Set(["user.approve"]));
  });

  it("answers 50 entries by default", async () => {
    const res = await auditLog({});
    expect(res.status).toBe(200);
    const total = await sql<{ count: string }[]>`select count(*) from public.audit_log`;
    expect(res.body.entries).toHaveLength(Math.min(50, Number(total[0].count)));
  });

  it.each([
    [{ cursor: "not-a-cursor" }, "cursor"],
    [{ cursor: Buffer.from("audit:abc").toString("base64url") }, "cursor"],
    [{ limit: 0 }, "limit"],
    [{ limit: 201 }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ action: "user.delete" }, "action"],
    [{ target_type: "campaign" }, "target_type"],
    [{ actor: " " }, "actor"],
  ])("refuses %o naming %s", async (query, field) => {
    const res = await auditLog(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: expect.any(String), field });
  });

  it("refuses an unknown filter by name", async () => {
    const res = await api("GET", "/admin/audit-log?user=x", { token: adminAccount.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      message: "user is not a field you can set here",
      field: "user",
    });
  });
});

describe("GET /admin/audit-log is for admins only", () => {
  it("refuses an anonymous caller, a business and an influencer", async () => {
    expect((await api("GET", "/admin/audit-log")).status).toBe(401);
    const [shop, creator] = await Promise.all([business(), influencer()]);
    expect((await auditLog({}, shop.token)).status).toBe(403);
    expect((await auditLog({}, creator.token)).status).toBe(403);
  });
});
