// Couriers (issue 29, items 1 to 3) through the real function and database: an admin adds and
// changes couriers with clear messages for bad input, gives orders to them and takes them back;
// the admin board filters by courier; the shop reads who carries its order, the influencer never;
// nobody but an approved admin manages them. The shop marks its own new orders ready for pickup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { typedPhone, uniqueStoredPhone } from "../helpers/phones.ts";

const sql = fixtureDb();
let staff: Account;
let shop: Account;
let creator: Account;
let campaignId: string;

beforeAll(async () => {
  [staff, shop, creator] = await Promise.all([admin(), business(), influencer()]);
  campaignId = await createCampaign(sql, { businessId: shop.user.id, productName: "Courier Soap" });
  await createApprovedLink(sql, campaignId, creator.user.id);
});
afterAll(() => sql.end());

const addCourier = (body: Record<string, unknown>, token = staff.token) =>
  api("POST", "/admin/couriers", { token, body });
const assign = (orderId: string, courierId: string | null, token = staff.token) =>
  api("PUT", `/admin/orders/${orderId}/courier`, { token, body: { courier_id: courierId } });

describe("/admin/couriers", () => {
  it("adds a courier from a phone typed as people type it, lists it and changes it", async () => {
    const phone = uniqueStoredPhone();
    const added = await addCourier({ name: "  Sokha Rider ", phone: typedPhone(phone), kind: "freelance" });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message: "Courier added",
      courier: {
        id: expect.any(String),
        name: "Sokha Rider",
        phone,
        kind: "freelance",
        active: true,
        keeps_delivery_fee: true,
        open_orders: 0,
        cash_held: 0,
        cash_held_cents: 0,
        unremitted_orders: 0,
        oldest_unremitted_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = added.body.courier.id;
    const changed = await api("PUT", `/admin/couriers/${id}`, {
      token: staff.token,
      body: { active: false, keeps_delivery_fee: false },
    });
    expect(changed.body).toMatchObject({
      message: "Courier saved",
      courier: { active: false, keeps_delivery_fee: false },
    });
    const list = await api("GET", "/admin/couriers", { token: staff.token });
    expect(list.body.couriers.find((c: { id: string }) => c.id === id)).toMatchObject({
      name: "Sokha Rider",
      active: false,
    });
  });

  it("names what is wrong with a courier", async () => {
    const phone = uniqueStoredPhone();
    expect((await addCourier({ name: "First", phone, kind: "company" })).status).toBe(201);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "", phone: uniqueStoredPhone(), kind: "company" }, "name", "Name is required, at most 100 characters"],
      [
        { name: "n".repeat(101), phone: uniqueStoredPhone(), kind: "company" },
        "name",
        "Name is required, at most 100 characters",
      ],
      [
        { name: "Dara", phone: "123", kind: "company" },
        "phone",
        "Phone number must be a Cambodian number such as 012 345 678",
      ],
      [{ name: "Dara", phone: uniqueStoredPhone(), kind: "bicycle" }, "kind", "kind must be one of company, freelance"],
      [
        { name: "Dara", phone: uniqueStoredPhone(), kind: "company", fee: 1 },
        "fee",
        "fee is not a field you can set here",
      ],
    ];
    for (const [body, field, message] of cases) {
      const refused = await addCourier(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ field, message });
    }
    const taken = await addCourier({ name: "Second", phone, kind: "company" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ field: "phone", message: "Another courier already has this phone number" });
    const unknown = await api("PUT", `/admin/couriers/${crypto.randomUUID()}`, {
      token: staff.token,
      body: { active: true },
    });
    expect(unknown.status).toBe(404);
    expect((await api("PUT", `/admin/couriers/${crypto.randomUUID()}`, { token: staff.token, body: {} })).status).toBe(
      400,
    );
  });

  it("is an approved admin's only", async () => {
    for (const account of [shop, creator]) {
      expect((await api("GET", "/admin/couriers", { token: account.token })).status).toBe(403);
      expect((await addCourier({ name: "X", phone: uniqueStoredPhone(), kind: "company" }, account.token)).status).toBe(
        403,
      );
    }
    expect((await api("GET", "/admin/couriers")).status).toBe(401);
  });
});

describe("PUT /admin/orders/{id}/courier", () => {
  it("gives an order to a courier, which the board filters by and the shop reads; the influencer never", async () => {
    const { courier } = (await addCourier({ name: "Vanna Express", phone: uniqueStoredPhone(), kind: "company" })).body;
    const [carried, left] = [
      await placeOrder(sql, campaignId, { influencerId: creator.user.id }),
      await placeOrder(sql, campaignId, { influencerId: creator.user.id }),
    ];
    const given = await assign(carried, courier.id);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      message: "Courier assigned",
      order: { id: carried, courier: { id: courier.id, name: "Vanna Express", phone: courier.phone } },
    });

    const byCourier = await api("GET", `/admin/orders?courier=${courier.id}`, { token: staff.token });
    expect(byCourier.body.orders.map((o: { id: string }) => o.id)).toEqual([carried]);
    const unassigned = await api("GET", "/admin/orders?courier=none&limit=100", { token: staff.token });
    const unassignedIds = unassigned.body.orders.map((o: { id: string }) => o.id);
    expect(unassignedIds).toContain(left);
    expect(unassignedIds).not.toContain(carried);
    expect((await api("GET", "/admin/orders?courier=someone", { token: staff.token })).body).toMatchObject({
      field: "courier",
      message: "courier must be a courier's id or none",
    });
    const list = await api("GET", "/admin/couriers", { token: staff.token });
    expect(list.body.couriers.find((c: { id: string }) => c.id === courier.id).open_orders).toBe(1);

    const shopView = await api("GET", "/orders/user/all", { token: shop.token });
    expect(shopView.body.orders.find((o: { id: string }) => o.id === carried).courier).toEqual({
      id: courier.id,
      name: "Vanna Express",
      phone: courier.phone,
    });
    const creatorView = await api("GET", "/orders/user/all", { token: creator.token });
    expect(creatorView.body.orders.find((o: { id: string }) => o.id === carried).courier).toBeNull();

    const back = await assign(carried, null);
    expect(back.body).toMatchObject({ message: "Courier taken off the order", order: { courier: null } });
    const audited =
      await sql`select details from public.audit_log where action = 'order.courier_assign' and target_id = ${carried} order by id`;
    expect(audited.map((row) => row.details.after.courier ?? null)).toEqual(["Vanna Express", null]);
  });

  it("refuses an inactive courier, a finished order, an unknown one, and anyone but an admin", async () => {
    const { courier } = (await addCourier({ name: "Resting Rider", phone: uniqueStoredPhone(), kind: "freelance" }))
      .body;
    await api("PUT", `/admin/couriers/${courier.id}`, { token: staff.token, body: { active: false } });
    const order = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    const inactive = await assign(order, courier.id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe("This courier is not active: activate it first");
    expect((await assign(order, crypto.randomUUID())).status).toBe(404);
    expect((await assign(order, "nobody")).body).toMatchObject({
      field: "courier_id",
      message: "courier_id must be a courier's id or null",
    });
    expect((await assign(order, null, shop.token)).status).toBe(403);
    await api("PUT", `/admin/orders/${order}/status`, {
      token: staff.token,
      body: { new_status: "cancelled", reason: "duplicate" },
    });
    const finished = await assign(order, null);
    expect(finished.status).toBe(409);
    expect(finished.body.message).toBe("This order is cancelled: its courier can no longer change");
  });
});

describe("PUT /orders/{id}/ready", () => {
  it("lets the shop mark only its own new orders ready, once, and the admin's board reads it", async () => {
    const order = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    const other = await business();
    const foreign = await api("PUT", `/orders/${order}/ready`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await api("PUT", `/orders/${order}/ready`, { token: creator.token })).status).toBe(403);
    expect((await api("PUT", `/orders/${order}/ready`, { token: staff.token })).status).toBe(403);

    const ready = await api("PUT", `/orders/${order}/ready`, { token: shop.token });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      message: "Order marked ready for pickup",
      order: { id: order, order_status: "ready_for_pickup", customer_phone: null, recipient_name: "Sokha Chan" },
    });
    const again = await api("PUT", `/orders/${order}/ready`, { token: shop.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is ready for pickup: only a new order can be marked ready");

    const board = await api("GET", `/admin/orders?status=ready_for_pickup&limit=100`, { token: staff.token });
    expect(board.body.orders.map((o: { id: string }) => o.id)).toContain(order);
    const [audited] = await sql`select actor_email, details from public.audit_log
                                where action = 'order.status_change' and target_id = ${order}`;
    expect(audited).toMatchObject({ actor_email: shop.user.email, details: { after: { status: "ready_for_pickup" } } });
  });
});

describe("POST /orders/packing-slips", () => {
  it("answers the shop's labels with the amount to collect and a new link of each customer's page", async () => {
    const first = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 2 });
    const second = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    const res = await api("POST", "/orders/packing-slips", { token: shop.token, body: { order_ids: [second, first] } });
    expect(res.status).toBe(200);
    const [orders] = [
      await sql`select id, order_number, total_cents from public.orders where id in (${first}, ${second}) order by created_at, id`,
    ];
    // Oldest first, whatever the order asked in.
    expect(res.body.slips.map((slip: { order_number: string }) => slip.order_number)).toEqual(
      orders.map((order) => order.order_number),
    );
    expect(res.body.slips[0]).toMatchObject({
      product_name: "Courier Soap",
      quantity: 2,
      amount_to_collect_cents: Number(orders[0].total_cents),
      recipient_name: "Sokha Chan",
      address_line: "House 12, Street 271",
      delivery_place: { commune: { code: "120211" } },
    });
    // The slip's QR opens the customer's page of that order, and never shows the phone there.
    const token = new URL(res.body.slips[0].tracking_url).pathname.replace(/^\/o\//, "");
    const page = await api("GET", `/orders/track/${token}`);
    expect(page.body.order.order_number).toBe(orders[0].order_number);
  });

  it("refuses another shop's order, an influencer, and a count outside 1 to 50", async () => {
    const order = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    const other = await business();
    const before = await sql`select count(*)::int as n from private.order_tracking_tokens where order_id = ${order}`;
    expect(
      (await api("POST", "/orders/packing-slips", { token: other.token, body: { order_ids: [order] } })).status,
    ).toBe(404);
    const after = await sql`select count(*)::int as n from private.order_tracking_tokens where order_id = ${order}`;
    expect(after[0].n).toBe(before[0].n);
    expect(
      (await api("POST", "/orders/packing-slips", { token: creator.token, body: { order_ids: [order] } })).status,
    ).toBe(403);
    for (const order_ids of [[], Array.from({ length: 51 }, () => crypto.randomUUID())]) {
      const refused = await api("POST", "/orders/packing-slips", { token: shop.token, body: { order_ids } });
      expect(refused.body).toMatchObject({ field: "order_ids", message: "Choose 1 to 50 orders" });
    }
  });
});
