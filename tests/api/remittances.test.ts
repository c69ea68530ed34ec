// Courier cash (issue 29, item 5) through the real function and database: deliveries a rider made
// are the courier's to remit; an admin records a remittance typed or from the courier's statement
// (CSV as spreadsheets export it), which matches orders, leaves one short or pays more than its
// orders; the board and the shop read each order's cash status; a reversal with a reason returns
// the orders to what they owed; bad input is refused naming what is wrong, and nothing is kept of it.
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
const riderAddress = freshLoopbackAddress();

beforeAll(async () => {
  [staff, shop, creator] = await Promise.all([admin(), business(), influencer()]);
  campaignId = await createCampaign(sql, { businessId: shop.user.id, productName: "Remit Soap", priceCents: 2000 });
  await createApprovedLink(sql, campaignId, creator.user.id);
});
afterAll(() => sql.end());

interface Delivered {
  id: string;
  number: string;
  totalCents: number;
  subtotalCents: number;
}

/** A courier and `count` orders its rider delivered through the rider's page. */
async function courierWithDeliveries(
  count: number,
  keepsFee = true,
): Promise<{ courierId: string; orders: Delivered[] }> {
  const added = await api("POST", "/admin/couriers", {
    token: staff.token,
    body: {
      name: `Remit ${randomUUID().slice(0, 8)}`,
      phone: uniqueStoredPhone(),
      kind: "company",
      keeps_delivery_fee: keepsFee,
    },
  });
  const courierId: string = added.body.courier.id;
  const made = await api("POST", `/admin/couriers/${courierId}/link`, { token: staff.token });
  const token = new URL(made.body.link.url).pathname.split("/")[2];
  const orders: Delivered[] = [];
  for (let i = 0; i < count; i++) {
    const id = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    await api("PUT", `/admin/orders/${id}/courier`, { token: staff.token, body: { courier_id: courierId } });
    const [row] = await sql<{ order_number: string; total_cents: number; subtotal_cents: number }[]>`
      select order_number, total_cents::int, subtotal_cents::int from public.orders where id = ${id}`;
    await apiFrom(riderAddress, "PUT", `/rider/${token}/orders/${id}`, {
      body: { step: "picked_up", step_id: randomUUID() },
    });
    const delivered = await apiFrom(riderAddress, "PUT", `/rider/${token}/orders/${id}`, {
      body: { step: "delivered", step_id: randomUUID(), cash_collected: (row.total_cents / 100).toFixed(2) },
    });
    expect(delivered.status).toBe(200);
    orders.push({ id, number: row.order_number, totalCents: row.total_cents, subtotalCents: row.subtotal_cents });
  }
  return { courierId, orders };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const record = (courierId: string, body: Record<string, unknown>) =>
  api("POST", `/admin/couriers/${courierId}/remittances`, { token: staff.token, body });
const receivedAt = () => new Date(Date.now() - 3_600_000).toISOString();

async function courier(courierId: string) {
  const list = await api("GET", "/admin/couriers", { token: staff.token });
  return list.body.couriers.find((c: { id: string }) => c.id === courierId);
}

async function cashOf(orderId: string, token = staff.token) {
  const [row] = await sql<{ order_number: string }[]>`select order_number from public.orders where id = ${orderId}`;
  const path = token === staff.token ? "/admin/orders" : "/orders/user/all";
  const res = await api("GET", `${path}?q=${row.order_number}`, { token });
  return res.body.orders[0].cash;
}

describe("a courier's cash", () => {
  it("is what its riders collected: the sale when it keeps the fee, the order's total otherwise", async () => {
    const keeper = await courierWithDeliveries(2);
    const [first] = keeper.orders;
    expect(await courier(keeper.courierId)).toMatchObject({
      cash_held_cents: first.subtotalCents * 2,
      unremitted_orders: 2,
      oldest_unremitted_at: expect.any(String),
    });
    expect(await cashOf(first.id)).toEqual({
      status: "with_courier",
      due: first.subtotalCents / 100,
      due_cents: first.subtotalCents,
      remitted: 0,
      remitted_cents: 0,
      short: 0,
      short_cents: 0,
    });
    const remitter = await courierWithDeliveries(1, false);
    expect(await courier(remitter.courierId)).toMatchObject({ cash_held_cents: remitter.orders[0].totalCents });
  });
});

describe("POST /admin/couriers/{id}/remittances", () => {
  it("matches orders, leaves one short and keeps what it pays beyond them as over-remitted", async () => {
    const { courierId, orders } = await courierWithDeliveries(3);
    const [paid, short] = orders;
    const res = await record(courierId, {
      amount: dollars(paid.subtotalCents + short.subtotalCents),
      aba_reference: " ABA-7781 ",
      received_at: receivedAt(),
      orders: [
        { order_number: paid.number, amount: dollars(paid.subtotalCents) },
        { order_number: short.number, amount: dollars(short.subtotalCents - 500) },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: "Remittance recorded",
      remittance: {
        courier_id: courierId,
        aba_reference: "ABA-7781",
        amount_cents: paid.subtotalCents + short.subtotalCents,
        over_remitted_cents: 500,
        recorded_by_email: staff.user.email,
        reversed_at: null,
        orders: [
          { order_id: paid.id, order_number: paid.number, amount_cents: paid.subtotalCents },
          { order_id: short.id, order_number: short.number, amount_cents: short.subtotalCents - 500 },
        ],
      },
    });
    expect((await cashOf(paid.id)).status).toBe("remitted");
    expect(await cashOf(short.id)).toMatchObject({ status: "short", short_cents: 500 });
    expect((await cashOf(orders[2].id)).status).toBe("with_courier");
    // The shop reads its order's cash too.
    expect((await cashOf(short.id, shop.token)).status).toBe("short");
    expect(await courier(courierId)).toMatchObject({
      cash_held_cents: orders[2].subtotalCents,
      unremitted_orders: 2,
    });
    // The courier's statement of the cash it holds: the short order and the one not remitted.
    const statement = await fetch(`${stackUrl()}/functions/v1/api/admin/couriers/${courierId}/statement`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(statement.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await statement.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "order_number,delivered_at,product_name,amount_due,amount_remitted,amount_outstanding,cash_status",
    );
    expect(lines.slice(1).map((line) => line.split(",").filter((_, i) => i !== 1))).toEqual([
      [short.number, "Remit Soap", dollars(short.subtotalCents), dollars(short.subtotalCents - 500), "5.00", "short"],
      [
        orders[2].number,
        "Remit Soap",
        dollars(orders[2].subtotalCents),
        "0.00",
        dollars(orders[2].subtotalCents),
        "with_courier",
      ],
    ]);
  });

  it("reads the courier's statement as a spreadsheet exports it", async () => {
    const { courierId, orders } = await courierWithDeliveries(2);
    const [a, b] = orders;
    const statement = `\uFEFF"Order";"Amount"\r\n"${a.number}";"$${dollars(a.subtotalCents)}"\r\n${b.number.toLowerCase()};${dollars(b.subtotalCents)}\r\n\r\n`;
    const res = await record(courierId, {
      amount: dollars(a.subtotalCents + b.subtotalCents),
      aba_reference: "ABA-CSV-1",
      received_at: receivedAt(),
      statement_csv: statement,
    });
    expect(res.status).toBe(201);
    expect(res.body.remittance.orders.map((line: { order_number: string }) => line.order_number)).toEqual(
      [a.number, b.number].sort(),
    );
    expect(res.body.remittance.over_remitted_cents).toBe(0);
    expect((await cashOf(b.id)).status).toBe("remitted");
  });

  it("refuses what cannot be right, naming it, and keeps nothing of it", async () => {
    const { courierId, orders } = await courierWithDeliveries(1);
    const other = await courierWithDeliveries(1);
    const [order] = orders;
    const base = { amount: "100", aba_reference: "ABA-X", received_at: receivedAt() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, amount: "-5" }, "amount", "amount must be an amount in dollars such as 12.50"],
      [{ ...base, aba_reference: " " }, "aba_reference", "ABA reference number is required, at most 64 characters"],
      [
        { ...base, received_at: "yesterday" },
        "received_at",
        "received_at must be a date and time such as 2026-11-27T09:30:00Z",
      ],
      [
        { ...base, received_at: new Date(Date.now() + 86_400_000).toISOString() },
        "received_at",
        "received_at cannot be in the future",
      ],
      [
        { ...base, orders: [{ order_number: other.orders[0].number, amount: "1" }] },
        "orders",
        `Order ${other.orders[0].number} was not delivered by this courier`,
      ],
      [
        { ...base, orders: [{ order_number: order.number, amount: dollars(order.subtotalCents + 1) }] },
        "orders",
        `Order ${order.number}: $${dollars(order.subtotalCents + 1)} is more than the $${dollars(order.subtotalCents)} still due`,
      ],
      [
        { ...base, amount: "1", orders: [{ order_number: order.number, amount: "2" }] },
        "amount",
        "The orders add up to more than the amount received",
      ],
      [
        { ...base, statement_csv: `${order.number},twelve` },
        "statement_csv",
        "Line 1 of the statement: amount must be an amount in dollars such as 12.50",
      ],
      [{ ...base, statement_csv: "Order,Amount\n" }, "statement_csv", "The statement lists no orders"],
      [{ ...base, orders: [], statement_csv: "x" }, "statement_csv", "Send the orders or a statement, not both"],
    ];
    for (const [body, field, message] of cases) {
      const res = await record(courierId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    const list = await api("GET", `/admin/couriers/${courierId}/remittances`, { token: staff.token });
    expect(list.body.remittances).toEqual([]);
    expect((await cashOf(order.id)).status).toBe("with_courier");
  });

  it("is an admin's only", async () => {
    const { courierId } = await courierWithDeliveries(0);
    const body = { amount: "1", aba_reference: "ABA-1", received_at: receivedAt() };
    expect((await api("POST", `/admin/couriers/${courierId}/remittances`, { token: shop.token, body })).status).toBe(
      403,
    );
    expect((await api("GET", `/admin/couriers/${courierId}/remittances`, { token: creator.token })).status).toBe(403);
  });
});

describe("POST /admin/couriers/{id}/remittances/{remittance_id}/reverse", () => {
  it("returns the orders to what they owed, once, with the reason", async () => {
    const { courierId, orders } = await courierWithDeliveries(1);
    const [order] = orders;
    const made = await record(courierId, {
      amount: dollars(order.subtotalCents),
      aba_reference: "ABA-WRONG",
      received_at: receivedAt(),
      orders: [{ order_number: order.number, amount: dollars(order.subtotalCents) }],
    });
    const id = made.body.remittance.id;
    const path = `/admin/couriers/${courierId}/remittances/${id}/reverse`;
    const noReason = await api("POST", path, { token: staff.token, body: { reason: "" } });
    expect(noReason.body).toMatchObject({ field: "reason", message: "A reason is required to reverse a remittance" });
    const reversed = await api("POST", path, { token: staff.token, body: { reason: "Another courier's transfer" } });
    expect(reversed.body).toMatchObject({
      message: "Remittance reversed",
      remittance: { id, reversal_reason: "Another courier's transfer", reversed_by_email: staff.user.email },
    });
    expect((await cashOf(order.id)).status).toBe("with_courier");
    const again = await api("POST", path, { token: staff.token, body: { reason: "Twice" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This remittance is already reversed");
    const elsewhere = await api("POST", `/admin/couriers/${randomUUID()}/remittances/${id}/reverse`, {
      token: staff.token,
      body: { reason: "x" },
    });
    expect(elsewhere.status).toBe(404);
  });
});
