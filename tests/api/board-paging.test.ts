// Search and keyset paging of the board lists (issue 15): the admin finds an order by its number or
// by digits of the customer's phone; every list pages through all its rows, each once, newest
// first, also while new rows arrive; bad paging and filter values are 400s naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type ApiAnswer } from "../helpers/api.ts";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone as uniquePhone } from "../helpers/phones.ts";

const sql = fixtureDb();
let adminToken: string;
let shop: Account;
let creator: Account;
let campaignId: string;

async function placeWithPhone(phone: string): Promise<{ id: string; order_number: string }> {
  const [row] = await sql<{ id: string; order_number: string }[]>`
    select id, order_number from private.place_order(${creator.user.id}, ${campaignId}, ${phone},
      'Doun Penh', 'Voat Phnum', 1, ${`paging-${Math.random().toString(36).slice(2)}`}, null, 'Sokha Chan', 'House 12, Street 271')`;
  return row;
}

beforeAll(async () => {
  adminToken = (await admin()).token;
  shop = await business();
  creator = await influencer();
  campaignId = await createCampaign(sql, { businessId: shop.user.id, productName: "Kampot Pepper 100g" });
  await createApprovedLink(sql, campaignId, creator.user.id);
  for (let i = 0; i < 5; i++) await placeOrder(sql, campaignId, { influencerId: creator.user.id });
});
afterAll(() => sql.end());

type Row = { id: string };

/** Every page of a list from `cursor` on (or from the start), as the pages came. */
async function pagesOf(path: string, key: string, token: string, limit: number, cursor?: string) {
  const pages: string[][] = [];
  let next: string | null | undefined = cursor;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const url: string = `${path}${separator}limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ""}`;
    const res: ApiAnswer = await api("GET", url, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body[key] as Record<string, string>[];
    expect(rows.length).toBeLessThanOrEqual(limit);
    // A payout history item names its request payout_request_id.
    pages.push(rows.map((row) => row.id ?? row.payout_request_id));
    next = res.body.next_cursor;
    if (next) expect(rows.length).toBe(limit);
  } while (next);
  return pages;
}

function expectEachOnce(ids: string[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

describe("GET /admin/orders search", () => {
  it("finds an order by its number, with or without SL-, and shows the customer's phone", async () => {
    const order = await placeWithPhone(uniquePhone());
    const digits = order.order_number.slice(3);
    for (const q of [order.order_number, order.order_number.toLowerCase(), digits, String(Number(digits))]) {
      const res = await api("GET", `/admin/orders?q=${encodeURIComponent(q)}`, { token: adminToken });
      expect(res.status).toBe(200);
      expect(res.body.orders.map((o: any) => o.id)).toContain(order.id);
      expect(res.body.orders.find((o: any) => o.id === order.id).order_number).toBe(order.order_number);
    }
  });

  it("finds an order by any run of at least 4 digits of the customer's phone, also written 0XX XXX XXX", async () => {
    const phone = uniquePhone();
    const order = await placeWithPhone(phone);
    const local = `0${phone.slice(4)}`; // +85512xxxxxxx read out as 012xxxxxxx
    const runs = [
      phone.slice(-4),
      phone.slice(5, 11),
      local,
      `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    ];
    for (const q of runs) {
      const res = await api("GET", `/admin/orders?q=${encodeURIComponent(q)}&limit=200`, { token: adminToken });
      expect(res.status, q).toBe(200);
      const found = res.body.orders.find((o: any) => o.id === order.id);
      expect(found?.customer_phone, q).toBe(phone);
      // Every other hit carries those digits too (or is the order with that number).
      const wanted = q.replace(/\s/g, "");
      for (const o of res.body.orders) {
        const matches = o.customer_phone.includes(wanted) || o.customer_phone.startsWith(`+855${wanted.slice(1)}`);
        expect(matches || o.order_number === `SL-${wanted.padStart(6, "0")}`).toBe(true);
      }
    }
  });

  it("pages a phone search newest first, each match once, alone and with a status filter", async () => {
    const placed: string[] = [];
    for (let i = 0; i < 7; i++) placed.push((await placeWithPhone(uniquePhone())).id);
    // The digits this file's phones share (012 and the file's slot, as dialled), so other
    // orders of the run may match as well: they are newer or older, never mixed in twice.
    const shared = `0${uniquePhone().slice(4, 9)}`;
    for (const filter of ["", "&status=new_order"]) {
      const pages = await pagesOf(`/admin/orders?q=${shared}${filter}`, "orders", adminToken, 3);
      const ids = pages.flat();
      expectEachOnce(ids);
      const ours = ids.filter((id) => placed.includes(id));
      // Placed one after another, so newest first is the reverse of the placing.
      expect(ours, filter).toEqual([...placed].reverse());
    }
  });

  it("does not search phones for a business: its digits only name an order number", async () => {
    const phone = uniquePhone();
    const order = await placeWithPhone(phone);
    const byPhone = await api("GET", `/orders/user/all?q=${phone.slice(-7)}`, { token: shop.token });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.orders.map((o: any) => o.id)).not.toContain(order.id);
    const byNumber = await api("GET", `/orders/user/all?q=${order.order_number}`, { token: shop.token });
    expect(byNumber.body.orders.map((o: any) => o.id)).toEqual([order.id]);
    expect(byNumber.body.orders[0].customer_phone).toBeNull();
  });

  it("filters by status and by Phnom Penh calendar days", async () => {
    const order = await placeWithPhone(uniquePhone());
    const [{ today }] = await sql<{ today: string }[]>`
      select to_char(now() at time zone 'Asia/Phnom_Penh', 'YYYY-MM-DD') as today`;
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ids = async (query: string) =>
      (await api("GET", `/orders/user/all?limit=200&${query}`, { token: shop.token })).body.orders.map(
        (o: any) => o.id,
      );
    expect(await ids(`from=${today}&to=${today}`)).toContain(order.id);
    expect(await ids(`from=${tomorrow}`)).toEqual([]);
    expect(await ids(`to=${today}&status=new_order`)).toContain(order.id);
    expect(await ids("status=delivered")).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["limit=ten", "limit"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${Buffer.from("123.nope").toString("base64url")}`, "cursor"],
    ["q=ab", "q"],
    ["status=lost", "status"],
    ["from=2026-02-30", "from"],
    ["from=2026-11-23&to=2026-11-22", "to"],
  ])("answers ?%s with a 400 naming %s", async (query, field) => {
    const res = await api("GET", `/admin/orders?${query}`, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_input", field });
  });
});

describe("keyset paging", () => {
  it("pages a business's and an influencer's orders: all, each once, newest first, 50 without a limit", async () => {
    for (const [who, column] of [
      [shop, "business_id"],
      [creator, "influencer_id"],
    ] as const) {
      const expected = (
        await sql<Row[]>`select id from public.orders where ${sql(column)} = ${who.user.id}
                         order by created_at desc, id desc`
      ).map((row) => row.id);
      const pages = await pagesOf("/orders/user/all", "orders", who.token, 2);
      expect(pages.flat()).toEqual(expected);
      const plain = await api("GET", "/orders/user/all", { token: who.token });
      expect(plain.body.orders.map((o: Row) => o.id)).toEqual(expected.slice(0, 50));
      expect(plain.body.next_cursor).toBe(expected.length > 50 ? expect.any(String) : null);
    }
  });

  it("leaves an order placed while paging to a fresh first page: together they hold every order once", async () => {
    const first = await api("GET", "/orders/user/all?limit=2", { token: shop.token });
    const arrived = await placeWithPhone(uniquePhone());
    const rest = await pagesOf("/orders/user/all", "orders", shop.token, 2, first.body.next_cursor);
    const paged = [...first.body.orders.map((o: Row) => o.id), ...rest.flat()];
    expect(paged).not.toContain(arrived.id);
    const fresh = (await api("GET", "/orders/user/all?limit=2", { token: shop.token })).body.orders.map(
      (o: Row) => o.id,
    );
    const covered = [...fresh.filter((id: string) => !paged.includes(id)), ...paged];
    expectEachOnce(covered);
    const all = (
      await sql<
        Row[]
      >`select id from public.orders where business_id = ${shop.user.id} order by created_at desc, id desc`
    ).map((row) => row.id);
    expect(new Set(covered)).toEqual(new Set(all));
  });

  // The admin lists hold every test's rows, which other test files add at the same time: each row
  // that existed before paging began is found exactly once, and nothing unknown is.
  it.each([
    ["/admin/orders", "orders", "orders", ""],
    ["/admin/orders?status=new_order", "orders", "orders", "new_order"],
    ["/admin/users", "users", "users", ""],
    ["/admin/affiliate-links/all", "applications", "affiliate_links", ""],
    ["/admin/affiliate-links/pending", "applications", "affiliate_links", "pending"],
    ["/payouts/history", "history", "payout_requests", ""],
  ] as const)("pages %s over every row, each once, newest first", async (path, key, table, status) => {
    const condition = status ? sql`status = ${status}` : sql`true`;
    const before = new Set(
      (await sql<Row[]>`select id from ${sql("public." + table)} where ${condition}`).map((r) => r.id),
    );
    const limit = before.size > 400 ? 200 : 7;
    const paged = (await pagesOf(path, key, adminToken, limit)).flat();
    const after = new Set(
      (await sql<Row[]>`select id from ${sql("public." + table)} where ${condition}`).map((r) => r.id),
    );
    expectEachOnce(paged);
    for (const id of before) expect(paged).toContain(id);
    for (const id of paged) expect(after.has(id)).toBe(true);
    const time = table === "payout_requests" ? sql`requested_at` : sql`created_at`;
    const order = (
      await sql<
        Row[]
      >`select id from ${sql("public." + table)} where id = any(${paged}::uuid[]) order by ${time} desc, id desc`
    ).map((r) => r.id);
    expect(paged).toEqual(order);
  });

  it("keeps the status counts exact for the admin, whatever page the board shows", async () => {
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from public.orders`;
    const res = await api("GET", "/orders/stats/summary", { token: adminToken });
    expect(res.status).toBe(200);
    // Other test files may place orders meanwhile: never fewer than were there a moment ago.
    expect(res.body.stats.total_orders).toBeGreaterThanOrEqual(count);
  });
});

// The admin's User Approvals and Link Applications filter on the server and show exact counts
// over every row, not over the pages loaded so far. Integration files run one at a time, so the
// database counted next to the request holds the same rows the function counted.
describe("status filters and exact counts of the admin's approvals", () => {
  let pendingAccount: Account;
  let rejectedAccount: Account;
  let pendingLinkId: string;

  beforeAll(async () => {
    pendingAccount = await influencer("pending");
    rejectedAccount = await business("rejected");
    const applicant = await influencer();
    const [link] = await sql<Row[]>`
      insert into public.affiliate_links (influencer_id, campaign_id, status)
      values (${applicant.user.id}, ${campaignId}, 'pending') returning id`;
    pendingLinkId = link.id;
  });

  it.each([
    ["pending_approval", "/admin/users", "users", "users"],
    ["approved", "/admin/users", "users", "users"],
    ["rejected", "/admin/users", "users", "users"],
    ["pending", "/admin/affiliate-links/all", "applications", "affiliate_links"],
    ["approved", "/admin/affiliate-links/all", "applications", "affiliate_links"],
    ["rejected", "/admin/affiliate-links/all", "applications", "affiliate_links"],
  ] as const)("?status=%s on %s pages over exactly the rows with that status", async (status, path, key, table) => {
    const paged = (await pagesOf(`${path}?status=${status}`, key, adminToken, 7)).flat();
    const expected = (
      await sql<Row[]>`select id from ${sql("public." + table)} where status = ${status}
        order by created_at desc, id desc`
    ).map((r) => r.id);
    expect(paged).toEqual(expected);
  });

  it("finds the accounts and the application this test made under their own filters only", async () => {
    const ids = async (path: string, key: string) => (await pagesOf(path, key, adminToken, 200)).flat();
    expect(await ids("/admin/users?status=pending_approval", "users")).toContain(pendingAccount.user.id);
    expect(await ids("/admin/users?status=approved", "users")).not.toContain(pendingAccount.user.id);
    expect(await ids("/admin/users?status=rejected", "users")).toContain(rejectedAccount.user.id);
    expect(await ids("/admin/affiliate-links/all?status=pending", "applications")).toContain(pendingLinkId);
    expect(await ids("/admin/affiliate-links/all?status=approved", "applications")).not.toContain(pendingLinkId);
  });

  it("counts every account and every application by status on every page, as the database does", async () => {
    const [users] = await sql<Record<string, number>[]>`
      select count(*) filter (where status = 'pending_approval')::int as pending_approval,
             count(*) filter (where status = 'approved')::int as approved,
             count(*) filter (where status = 'rejected')::int as rejected,
             count(*) filter (where status = 'suspended')::int as suspended, count(*)::int as total
      from public.users`;
    const [links] = await sql<Record<string, number>[]>`
      select count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'approved')::int as approved,
             count(*) filter (where status = 'rejected')::int as rejected, count(*)::int as total
      from public.affiliate_links`;
    const firstUsers = await api("GET", "/admin/users?status=approved&limit=1", { token: adminToken });
    expect(firstUsers.body.counts).toEqual(users);
    expect(firstUsers.body.next_cursor).toEqual(expect.any(String));
    const nextUsers = await api("GET", `/admin/users?limit=1&cursor=${firstUsers.body.next_cursor}`, {
      token: adminToken,
    });
    expect(nextUsers.body.counts).toEqual(users);
    for (const path of ["/admin/affiliate-links/all?status=approved", "/admin/affiliate-links/pending"]) {
      const res = await api("GET", `${path}${path.includes("?") ? "&" : "?"}limit=1`, { token: adminToken });
      expect(res.status).toBe(200);
      expect(res.body.counts).toEqual(links);
    }
  });

  it.each([
    ["/admin/users?status=pending", "status must be one of pending_approval, approved, rejected, suspended"],
    ["/admin/users?status=", "status must be one of pending_approval, approved, rejected, suspended"],
    ["/admin/affiliate-links/all?status=pending_approval", "status must be one of pending, approved, rejected"],
  ])("answers %s with 400 naming the status", async (path, message) => {
    const res = await api("GET", path, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_input", field: "status", message });
  });
});
