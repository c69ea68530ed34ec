// Order paths: each party sees only its own orders, the admin board, every allowed and refused
// status transition (docs/product.md, "Orders"), the history, the ledger postings, and concurrent
// changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, businessRegistration, influencerRegistration, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { demoBusiness, demoInfluencer, seedAdmin, uniqueEmail } from "../helpers/stack.ts";

const sql = fixtureDb();
let admin: string;
let business: string;
let influencer: string;
let campaignId: string;

beforeAll(async () => {
  admin = (await login(seedAdmin.email, seedAdmin.password)).token;
  business = (await login(demoBusiness.email, demoBusiness.password)).token;
  influencer = (await login(demoInfluencer.email, demoInfluencer.password)).token;
  campaignId = await createCampaign(sql, { productName: "Palm Sugar Jar", priceCents: 2000, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
});
afterAll(() => sql.end());

const setStatus = (id: string, new_status: string, token = admin, notes?: string) =>
  api("PUT", `/admin/orders/${id}/status`, { token, body: { new_status, notes } });

async function history(orderId: string) {
  return sql<{ from_status: string | null; to_status: string }[]>`
    select from_status, to_status from public.order_status_history where order_id = ${orderId} order by id`;
}

/** The ledger transactions an order's status changes posted, oldest first. */
async function postings(orderId: string) {
  return (
    await sql<{ kind: string }[]>`select kind from public.ledger_transactions where order_id = ${orderId} order by id`
  ).map((row) => row.kind);
}

describe("GET /orders/user/all", () => {
  it("shows a business its orders and an influencer the orders through its links, without the customer's phone", async () => {
    const orderId = await placeOrder(sql, campaignId, { quantity: 3 });
    const forBusiness = await api("GET", "/orders/user/all", { token: business });
    const forInfluencer = await api("GET", "/orders/user/all", { token: influencer });
    for (const res of [forBusiness, forInfluencer]) {
      expect(res.status).toBe(200);
      const order = res.body.orders.find((o: any) => o.id === orderId);
      expect(order).toMatchObject({
        product_name: "Palm Sugar Jar",
        quantity: 3,
        product_price: 20,
        delivery_fee: 1,
        total_amount: 61,
        total_cents: 6100,
        order_status: "new_order",
        delivery_district: "Doun Penh",
        delivery_commune: "Voat Phnum",
        delivery_province: "12",
        delivery_place: {
          province: { code: "12", name_en: "Phnom Penh", name_km: "ភ្នំពេញ" },
          district: { code: "1202", name_en: "Doun Penh", name_km: "ដូនពេញ" },
          commune: { code: "120211", name_en: "Voat Phnum", name_km: "វត្ដភ្នំ" },
        },
        customer_phone: null,
      });
    }
    // The shop packs the parcel: it reads who receives it and where; the influencer never does.
    expect(forBusiness.body.orders.find((o: any) => o.id === orderId)).toMatchObject({
      recipient_name: "Sokha Chan",
      address_line: "House 12, Street 271",
      landmark: null,
      delivery_note: null,
    });
    expect(forInfluencer.body.orders.find((o: any) => o.id === orderId)).toMatchObject({
      recipient_name: null,
      address_line: null,
      landmark: null,
      delivery_note: null,
    });
    expect(forBusiness.body.orders.find((o: any) => o.id === orderId).influencer_email).toBeNull();
    expect(forInfluencer.body.orders.find((o: any) => o.id === orderId).business_email).toBeNull();
  });

  it("shows another business none of them", async () => {
    const email = uniqueEmail("rival");
    const { user } = (await api("POST", "/auth/register/business", { body: businessRegistration(email) })).body;
    await api("PUT", `/admin/users/${user.id}/status`, { token: admin, body: { status: "approved" } });
    const rival = (await login(email, "longenough1")).token;
    await placeOrder(sql, campaignId);
    const res = await api("GET", "/orders/user/all", { token: rival });
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual([]);
    const stats = await api("GET", "/orders/stats/summary", { token: rival });
    expect(stats.body.stats.total_orders).toBe(0);
  });

  it("refuses an anonymous caller", async () => {
    expect((await api("GET", "/orders/user/all")).status).toBe(401);
  });

  // An admin has no orders of its own (it sees every order on /admin/orders); it used to get the
  // answer meant for a business. Its /orders/stats/summary counts every order (board-paging.test.ts).
  it("refuses an admin /orders/user/all with 403", async () => {
    const res = await api("GET", "/orders/user/all", { token: admin });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "forbidden",
      message: "Only businesses and influencers can list their own orders",
    });
  });
});

describe("GET /orders/stats/summary", () => {
  it("counts the caller's orders per status with totals", async () => {
    const own = await createCampaign(sql, { priceCents: 1000 });
    await createApprovedLink(sql, own);
    const before = (await api("GET", "/orders/stats/summary", { token: business })).body.stats;
    const delivered = await placeOrder(sql, own, { quantity: 2 });
    await placeOrder(sql, own);
    for (const step of ["ready_for_pickup", "out_for_delivery", "delivered"])
      expect((await setStatus(delivered, step)).status).toBe(200);
    const res = await api("GET", "/orders/stats/summary", { token: business });
    expect(res.status).toBe(200);
    const after = res.body.stats;
    expect(after.total_orders - before.total_orders).toBe(2);
    expect(after.by_status.delivered - before.by_status.delivered).toBe(1);
    expect(after.by_status.new_order - before.by_status.new_order).toBe(1);
    expect(after.total_sales_cents - before.total_sales_cents).toBe(3000);
    expect(after.delivered_sales_cents - before.delivered_sales_cents).toBe(2000);
  });
});

describe("GET /admin/orders", () => {
  it("lists every order with the customer's phone and both parties' emails and the shop's name", async () => {
    const orderId = await placeOrder(sql, campaignId);
    const res = await api("GET", "/admin/orders", { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.orders[0]).toMatchObject({
      id: orderId,
      customer_phone: expect.stringMatching(/^\+855/),
      business_name: "Demo Boutique",
      business_email: demoBusiness.email,
      influencer_email: demoInfluencer.email,
      order_status: "new_order",
    });
  });

  it.each([
    ["a business", () => business],
    ["an influencer", () => influencer],
  ])("refuses %s with 403", async (_who, token) => {
    const res = await api("GET", "/admin/orders", { token: token() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only admins can use the admin tools" });
  });
});

describe("PUT /admin/orders/{id}/status", () => {
  const forward = [
    ["new_order", "ready_for_pickup"],
    ["ready_for_pickup", "out_for_delivery"],
    ["out_for_delivery", "delivered"],
  ];
  const reverts = [
    ["ready_for_pickup", "new_order"],
    ["out_for_delivery", "ready_for_pickup"],
    ["out_for_delivery", "new_order"],
    ["delivered", "out_for_delivery"],
    ["delivered", "ready_for_pickup"],
    ["delivered", "new_order"],
  ];
  const statuses = ["new_order", "ready_for_pickup", "out_for_delivery", "delivered"];
  const allowed = new Set([...forward, ...reverts].map(([from, to]) => `${from}>${to}`));
  const refused = statuses
    .flatMap((from) => statuses.map((to) => [from, to]))
    .filter(([from, to]) => !allowed.has(`${from}>${to}`));

  /** An order brought to `status` along the forward path. */
  async function orderAt(status: string) {
    const id = await placeOrder(sql, campaignId);
    for (const [, to] of forward.slice(0, statuses.indexOf(status))) expect((await setStatus(id, to)).status).toBe(200);
    return id;
  }

  it.each([...forward, ...reverts])("allows %s -> %s, recorded with who and the note", async (from, to) => {
    const id = await orderAt(from);
    const res = await setStatus(id, to, admin, "Moved in a test");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: `Order status updated to ${to} successfully!`,
      order: { id, order_status: to },
    });
    const [last] = await sql`select from_status, to_status, note, changed_by is not null as by_someone
                             from public.order_status_history where order_id = ${id} order by id desc limit 1`;
    expect(last).toEqual({ from_status: from, to_status: to, note: "Moved in a test", by_someone: true });
  });

  it.each(refused)("refuses %s -> %s with 409 naming the current status", async (from, to) => {
    const id = await orderAt(from);
    const res = await setStatus(id, to);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: `Cannot change an order from ${from} to ${to}` });
    expect((await history(id)).at(-1)?.to_status).toBe(from);
  });

  it("posts one delivery on entering delivered and one reversal on leaving it", async () => {
    const id = await orderAt("delivered");
    expect(await postings(id)).toEqual(["delivery"]);
    expect((await setStatus(id, "ready_for_pickup")).status).toBe(200);
    expect((await setStatus(id, "out_for_delivery")).status).toBe(200);
    expect(await postings(id)).toEqual(["delivery", "delivery_reversal"]);
    expect((await setStatus(id, "delivered")).status).toBe(200);
    expect(await postings(id)).toEqual(["delivery", "delivery_reversal", "delivery"]);
  });

  it.each([
    [
      "an unknown status",
      { new_status: "shipped" },
      400,
      {
        error: "invalid_input",
        field: "new_status",
        message: "new_status must be one of new_order, ready_for_pickup, out_for_delivery, delivered, cancelled",
      },
    ],
    [
      "no status",
      {},
      400,
      {
        error: "invalid_input",
        field: "new_status",
        message: "new_status must be one of new_order, ready_for_pickup, out_for_delivery, delivered, cancelled",
      },
    ],
  ])("refuses %s", async (_case, body, status, answer) => {
    const id = await placeOrder(sql, campaignId);
    const res = await api("PUT", `/admin/orders/${id}/status`, { token: admin, body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
  });

  it("answers 404 for an unknown order, 403 for a business and 401 for nobody", async () => {
    expect(await setStatus("00000000-0000-4000-8000-000000000999", "ready_for_pickup")).toMatchObject({
      status: 404,
      body: { error: "not_found", message: "Order not found" },
    });
    const id = await placeOrder(sql, campaignId);
    expect((await setStatus(id, "ready_for_pickup", business)).status).toBe(403);
    expect((await api("PUT", `/admin/orders/${id}/status`, { body: { new_status: "ready_for_pickup" } })).status).toBe(
      401,
    );
    expect(await history(id)).toEqual([{ from_status: null, to_status: "new_order" }]);
  });

  it("applies exactly one of 20 parallel identical changes per step, with a consistent history", async () => {
    const id = await placeOrder(sql, campaignId);
    for (const [, to] of forward) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => setStatus(id, to)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    }
    expect(await history(id)).toEqual([
      { from_status: null, to_status: "new_order" },
      { from_status: "new_order", to_status: "ready_for_pickup" },
      { from_status: "ready_for_pickup", to_status: "out_for_delivery" },
      { from_status: "out_for_delivery", to_status: "delivered" },
    ]);
    expect(await postings(id)).toEqual(["delivery"]);
  });
});

it("shows another influencer none of the orders", async () => {
  const email = uniqueEmail("other-creator");
  const { user } = (await api("POST", "/auth/register/influencer", { body: influencerRegistration(email) })).body;
  await api("PUT", `/admin/users/${user.id}/status`, { token: admin, body: { status: "approved" } });
  await placeOrder(sql, campaignId);
  const res = await api("GET", "/orders/user/all", { token: (await login(email, "longenough1")).token });
  expect(res.status).toBe(200);
  expect(res.body.orders).toEqual([]);
});
