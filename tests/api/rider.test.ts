// The rider's page (issue 29, item 4) through the real function and database: an admin makes a
// rider link for a courier, lists it with its last use and revokes it; the link opens the courier's
// unfinished orders with what a rider needs at the door; each step moves the order as an admin's
// buttons would, with the courier in the audit log; a retry of a step does nothing twice; another
// courier's order, a revoked link and bad input are refused with a message naming what is wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";
import { stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
let staff: Account;
let shop: Account;
let creator: Account;
let campaignId: string;
// The rider's phone: one address, under the page's limit of 60 requests a minute.
const riderAddress = freshLoopbackAddress();

beforeAll(async () => {
  [staff, shop, creator] = await Promise.all([admin(), business(), influencer()]);
  campaignId = await createCampaign(sql, { businessId: shop.user.id, productName: "Rider Soap" });
  await createApprovedLink(sql, campaignId, creator.user.id);
});
afterAll(() => sql.end());

async function newCourier(name: string): Promise<string> {
  const added = await api("POST", "/admin/couriers", {
    token: staff.token,
    body: { name, phone: uniqueStoredPhone(), kind: "freelance" },
  });
  expect(added.status).toBe(201);
  return added.body.courier.id;
}

async function assignedOrder(courierId: string): Promise<string> {
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 2 });
  const assigned = await api("PUT", `/admin/orders/${orderId}/courier`, {
    token: staff.token,
    body: { courier_id: courierId },
  });
  expect(assigned.status).toBe(200);
  return orderId;
}

async function riderLink(courierId: string): Promise<{ id: string; token: string }> {
  const made = await api("POST", `/admin/couriers/${courierId}/link`, { token: staff.token });
  expect(made.status).toBe(201);
  return { id: made.body.link.id, token: new URL(made.body.link.url).pathname.split("/")[2] };
}

const riderPage = (token: string) => apiFrom(riderAddress, "GET", `/rider/${token}`);
const step = (token: string, orderId: string, body: Record<string, unknown>) =>
  apiFrom(riderAddress, "PUT", `/rider/${token}/orders/${orderId}`, { body });

describe("rider links", () => {
  it("an admin makes a link on the app's origin, lists it with its last use, and revokes it", async () => {
    const courierId = await newCourier("Link Rider");
    const made = await api("POST", `/admin/couriers/${courierId}/link`, { token: staff.token });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      message: "Rider link made",
      link: {
        id: expect.any(String),
        url: expect.stringMatching(/^https?:\/\/[^/]+\/rider\/[A-Za-z0-9_-]{32}$/),
        created_at: expect.any(String),
        created_by_email: staff.user.email,
        revoked_at: null,
        last_used_at: null,
      },
    });
    expect(new URL(made.body.link.url).origin).toBe(new URL(stackUrl()).origin);
    const token = new URL(made.body.link.url).pathname.split("/")[2];
    expect((await riderPage(token)).status).toBe(200);

    const listed = await api("GET", `/admin/couriers/${courierId}/links`, { token: staff.token });
    expect(listed.body.links).toEqual([
      expect.objectContaining({ id: made.body.link.id, revoked_at: null, last_used_at: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const revoked = await api("DELETE", `/admin/couriers/${courierId}/links/${made.body.link.id}`, {
      token: staff.token,
    });
    expect(revoked.body).toEqual({ message: "Rider link revoked" });
    const gone = await riderPage(token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("This rider link is not valid");
    const [audited] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.audit_log
      where target_id = ${courierId} and action in ('courier.link_create', 'courier.link_revoke')`;
    expect(audited.n).toBe(2);
  });

  it("only an approved admin manages links; an inactive courier gets none", async () => {
    const courierId = await newCourier("Guarded Rider");
    expect((await api("POST", `/admin/couriers/${courierId}/link`, { token: shop.token })).status).toBe(403);
    expect((await api("GET", `/admin/couriers/${courierId}/links`, { token: creator.token })).status).toBe(403);
    expect((await api("POST", `/admin/couriers/${courierId}/link`)).status).toBe(401);
    await api("PUT", `/admin/couriers/${courierId}`, { token: staff.token, body: { active: false } });
    const refused = await api("POST", `/admin/couriers/${courierId}/link`, { token: staff.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This courier is not active: activate it first");
  });
});

describe("GET /rider/{token}", () => {
  it("lists the courier's unfinished orders with who, where and what to collect, and nobody else's", async () => {
    const courierId = await newCourier("Page Rider");
    const otherId = await newCourier("Other Page Rider");
    const mine = await assignedOrder(courierId);
    await assignedOrder(otherId);
    const { token } = await riderLink(courierId);
    const page = await riderPage(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.body.courier).toEqual({ name: "Page Rider", kind: "freelance" });
    expect(page.body.more).toBe(false);
    const [order] = await sql<{ total_cents: number; customer_phone: string; order_number: string }[]>`
      select o.total_cents::int, c.customer_phone, o.order_number
      from public.orders o join private.order_contacts c on c.order_id = o.id where o.id = ${mine}`;
    expect(page.body.orders).toEqual([
      expect.objectContaining({
        id: mine,
        order_number: order.order_number,
        order_status: "new_order",
        quantity: 2,
        amount_to_collect_cents: order.total_cents,
        amount_to_collect: order.total_cents / 100,
        recipient_name: "Sokha Chan",
        customer_phone: order.customer_phone,
        customer_phone_local: expect.stringMatching(/^0\d{2} \d{3} \d{3,4}$/),
        address_line: "House 12, Street 271",
        delivery_place: expect.objectContaining({ district: expect.objectContaining({ name_en: "Doun Penh" }) }),
      }),
    ]);
  });

  it("answers 404 for a token that is not a link, without saying more", async () => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "short"]) {
      const res = await riderPage(token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("This rider link is not valid");
    }
  });
});

describe("PUT /rider/{token}/orders/{id}", () => {
  it("picks up, delivers with the cash and posts once, however often the phone retries", async () => {
    const courierId = await newCourier("Step Rider");
    const orderId = await assignedOrder(courierId);
    const { token } = await riderLink(courierId);
    const [{ total_cents }] = await sql<{ total_cents: number }[]>`
      select total_cents::int from public.orders where id = ${orderId}`;

    const early = await step(token, orderId, { step: "delivered", step_id: randomUUID(), cash_collected: 1 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Mark this order picked up first");

    const pickup = { step: "picked_up", step_id: randomUUID() };
    const picked = await step(token, orderId, pickup);
    expect(picked.body).toMatchObject({
      message: "Marked picked up",
      order: { id: orderId, order_status: "out_for_delivery" },
      applied: true,
      replayed: false,
    });
    const again = await step(token, orderId, pickup);
    expect(again.body).toMatchObject({ order: { order_status: "out_for_delivery" }, applied: true, replayed: true });

    const wrongCash = await step(token, orderId, {
      step: "delivered",
      step_id: randomUUID(),
      cash_collected: (total_cents - 100) / 100,
    });
    expect(wrongCash.status).toBe(400);
    expect(wrongCash.body).toMatchObject({
      field: "cash_collected",
      message:
        "The cash collected must be the amount to collect. Please call the office if the customer paid another amount",
    });

    const delivery = { step: "delivered", step_id: randomUUID(), cash_collected: (total_cents / 100).toFixed(2) };
    const [first, retry] = await Promise.all([step(token, orderId, delivery), step(token, orderId, delivery)]);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect([first.body.replayed, retry.body.replayed].sort()).toEqual([false, true]);
    expect(first.body.order.order_status).toBe("delivered");
    const [posted] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.ledger_transactions where order_id = ${orderId}`;
    expect(posted.n).toBe(1);

    const page = await riderPage(token);
    expect(page.body.orders).toEqual([]);
    const audit = await sql<{ actor_courier_id: string; actor_email: string | null; after: string }[]>`
      select actor_courier_id, actor_email, details -> 'after' ->> 'status' as after from public.audit_log
      where target_id = ${orderId} and action = 'order.status_change' order by id`;
    expect(audit).toEqual([
      { actor_courier_id: courierId, actor_email: null, after: "out_for_delivery" },
      { actor_courier_id: courierId, actor_email: null, after: "delivered" },
    ]);
    const log = await api("GET", `/admin/audit-log?target_id=${orderId}`, { token: staff.token });
    expect(log.body.entries[0].actor_courier).toEqual({ id: courierId, name: "Step Rider" });
  });

  it("refused and unreachable cancel the order with that reason", async () => {
    const courierId = await newCourier("Door Rider");
    const { token } = await riderLink(courierId);
    for (const [outcome, reason] of [
      ["refused", "customer_refused"],
      ["unreachable", "customer_unreachable"],
    ]) {
      const orderId = await assignedOrder(courierId);
      await step(token, orderId, { step: "picked_up", step_id: randomUUID() });
      const done = await step(token, orderId, { step: outcome, step_id: randomUUID() });
      expect(done.body.order).toMatchObject({ order_status: "cancelled", cancellation_reason: reason });
    }
  });

  it("refuses another courier's order, a revoked link and bad input, naming what is wrong", async () => {
    const courierId = await newCourier("Careful Rider");
    const otherId = await newCourier("Other Careful Rider");
    const others = await assignedOrder(otherId);
    const mine = await assignedOrder(courierId);
    const link = await riderLink(courierId);

    const foreign = await step(link.token, others, { step: "picked_up", step_id: randomUUID() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Order not found");

    const cases: [Record<string, unknown>, string, string][] = [
      [
        { step: "flew", step_id: randomUUID() },
        "step",
        "step must be one of picked_up, delivered, refused, unreachable",
      ],
      [{ step: "picked_up", step_id: "1" }, "step_id", "step_id must be a uuid the phone made for this step"],
      [
        { step: "delivered", step_id: randomUUID(), cash_collected: "twelve" },
        "cash_collected",
        "cash_collected must be an amount in dollars such as 12.50",
      ],
      [
        { step: "picked_up", step_id: randomUUID(), cash_collected: 5 },
        "cash_collected",
        "cash_collected is only for a delivery",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await step(link.token, mine, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }

    await api("DELETE", `/admin/couriers/${courierId}/links/${link.id}`, { token: staff.token });
    const revoked = await step(link.token, mine, { step: "picked_up", step_id: randomUUID() });
    expect(revoked.status).toBe(404);
    const [order] = await sql<{ status: string }[]>`select status from public.orders where id = ${mine}`;
    expect(order.status).toBe("new_order");
  });
});
