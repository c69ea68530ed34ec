// Cancelling an order with a reason and reopening it (issue 14), through PUT
// /admin/orders/{id}/status: every status it is allowed and refused from, the reason's
// validation, the history, the order JSON every party reads, the stats by reason with the
// refusal rate, and that a cancelled order never earns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, businessRegistration, influencerRegistration, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { seedAdmin, uniqueEmail } from "../helpers/stack.ts";

const sql = fixtureDb();
let admin: string;
let shop: { id: string; token: string };
let creator: { id: string; token: string };
let campaignId: string;

/** A business or influencer of this file alone, approved, so its stats are exactly this file's orders. */
async function freshUser(type: "business" | "influencer") {
  const email = uniqueEmail(`cancel-${type}`);
  const body = type === "business" ? businessRegistration(email) : influencerRegistration(email);
  const { user } = (await api("POST", `/auth/register/${type}`, { body })).body;
  await api("PUT", `/admin/users/${user.id}/status`, { token: admin, body: { status: "approved" } });
  return { id: user.id as string, token: (await login(email, "longenough1")).token };
}

beforeAll(async () => {
  admin = (await login(seedAdmin.email, seedAdmin.password)).token;
  shop = await freshUser("business");
  creator = await freshUser("influencer");
  campaignId = await createCampaign(sql, { businessId: shop.id, productName: "Lotus Tea", priceCents: 1500 });
  await createApprovedLink(sql, campaignId, creator.id);
});
afterAll(() => sql.end());

const order = () => placeOrder(sql, campaignId, { influencerId: creator.id });
const change = (id: string, body: Record<string, unknown>, token = admin) =>
  api("PUT", `/admin/orders/${id}/status`, { token, body });
const cancel = (id: string, reason: string, notes?: string) => change(id, { new_status: "cancelled", reason, notes });

/** Moves a new order forward to `status` one step at a time. */
async function moveTo(id: string, status: "ready_for_pickup" | "out_for_delivery" | "delivered") {
  for (const step of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    expect((await change(id, { new_status: step })).status).toBe(200);
    if (step === status) return;
  }
}

async function history(orderId: string) {
  return sql<
    { from_status: string | null; to_status: string; note: string | null; cancellation_reason: string | null }[]
  >`
    select from_status, to_status, note, cancellation_reason from public.order_status_history
    where order_id = ${orderId} order by id`;
}

async function postings(orderId: string) {
  return (
    await sql<{ kind: string }[]>`select kind from public.ledger_transactions where order_id = ${orderId} order by id`
  ).map((row) => row.kind);
}

describe("PUT /admin/orders/{id}/status with new_status cancelled", () => {
  it.each([
    ["new_order", null, "duplicate"],
    ["ready_for_pickup", "ready_for_pickup", "out_of_stock"],
    ["out_for_delivery", "out_for_delivery", "customer_refused"],
  ] as const)("cancels an order from %s with its reason", async (from, moveToStatus, reason) => {
    const id = await order();
    if (moveToStatus) await moveTo(id, moveToStatus);
    const res = await cancel(id, reason, "Called twice, no answer");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Order status updated to cancelled successfully!",
      // The admin's answer carries who receives the order, as the board shows it.
      order: {
        id,
        order_status: "cancelled",
        cancellation_reason: reason,
        customer_phone: expect.stringMatching(/^\+855/),
      },
    });
    expect((await history(id)).at(-1)).toEqual({
      from_status: from,
      to_status: "cancelled",
      note: "Called twice, no answer",
      cancellation_reason: reason,
    });
    expect(await postings(id)).toEqual([]);
  });

  it("refuses a delivered order with 409 naming the status and what to do; after the revert it cancels and earns nothing", async () => {
    const id = await order();
    await moveTo(id, "delivered");
    expect(await cancel(id, "customer_refused")).toMatchObject({
      status: 409,
      body: {
        error: "conflict",
        message: "A delivered order cannot be cancelled: revert it to Out for Delivery first",
      },
    });
    expect((await change(id, { new_status: "out_for_delivery" })).status).toBe(200);
    expect((await cancel(id, "customer_refused")).status).toBe(200);
    expect(await postings(id)).toEqual(["delivery", "delivery_reversal"]);
    const [earned] = await sql<{ cents: string }[]>`
      select coalesce(sum(e.amount_cents), 0) as cents from public.ledger_entries e
      join public.ledger_transactions t on t.id = e.transaction_id
      join public.ledger_accounts a on a.id = e.account_id
      where t.order_id = ${id} and a.user_id = ${creator.id}`;
    expect(Number(earned.cents)).toBe(0);
  });

  it.each([
    [
      "no reason",
      { new_status: "cancelled" },
      { error: "invalid_input", field: "reason", message: "reason is required to cancel an order" },
    ],
    [
      "a null reason",
      { new_status: "cancelled", reason: null },
      { error: "invalid_input", field: "reason", message: "reason is required to cancel an order" },
    ],
    [
      "an unknown reason",
      { new_status: "cancelled", reason: "changed_mind" },
      {
        error: "invalid_input",
        field: "reason",
        message:
          "reason must be one of customer_refused, customer_unreachable, out_of_stock, duplicate, suspected_fraud, other, customer_cancelled",
      },
    ],
    [
      "a reason for another status",
      { new_status: "ready_for_pickup", reason: "duplicate" },
      { error: "invalid_input", field: "reason", message: "reason is only for cancelling an order" },
    ],
  ])("refuses %s with 400 naming reason", async (_case, body, answer) => {
    const id = await order();
    const res = await change(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(answer);
    expect(await history(id)).toHaveLength(1);
  });

  it("lets neither the business nor the influencer cancel (403)", async () => {
    const id = await order();
    expect((await change(id, { new_status: "cancelled", reason: "out_of_stock" }, shop.token)).status).toBe(403);
    expect((await change(id, { new_status: "cancelled", reason: "duplicate" }, creator.token)).status).toBe(403);
    expect(await history(id)).toHaveLength(1);
  });

  it("reopens a cancelled order as new_order only; the reason goes from the order and stays in the history", async () => {
    const id = await order();
    expect((await cancel(id, "customer_unreachable")).status).toBe(200);
    for (const to of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
      expect(await change(id, { new_status: to })).toMatchObject({
        status: 409,
        body: { error: "conflict", message: "A cancelled order can only be reopened as a New Order" },
      });
    }
    expect(await cancel(id, "duplicate")).toMatchObject({ status: 409 });
    const reopened = await change(id, { new_status: "new_order" });
    expect(reopened.status).toBe(200);
    expect(reopened.body.order).toMatchObject({ order_status: "new_order", cancellation_reason: null });
    expect((await history(id)).map((row) => [row.to_status, row.cancellation_reason])).toEqual([
      ["new_order", null],
      ["cancelled", "customer_unreachable"],
      ["new_order", null],
    ]);
    // Reopened, it goes the usual way again.
    await moveTo(id, "delivered");
    expect(await postings(id)).toEqual(["delivery"]);
  });

  it("answers 409 to all but one of 10 parallel cancellations", async () => {
    const id = await order();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(id, "duplicate")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await history(id)).filter((row) => row.to_status === "cancelled")).toHaveLength(1);
  });
});

describe("a cancelled order as each party reads it", () => {
  it("shows the business and the influencer the reason, never the customer's phone; the admin board has both", async () => {
    const id = await order();
    await moveTo(id, "out_for_delivery");
    await cancel(id, "customer_refused");
    for (const token of [shop.token, creator.token]) {
      const res = await api("GET", "/orders/user/all", { token });
      expect(res.status).toBe(200);
      expect(res.body.orders.find((o: any) => o.id === id)).toMatchObject({
        order_status: "cancelled",
        cancellation_reason: "customer_refused",
        customer_phone: null,
      });
    }
    const board = await api("GET", "/admin/orders", { token: admin });
    expect(board.body.orders.find((o: any) => o.id === id)).toMatchObject({
      order_status: "cancelled",
      cancellation_reason: "customer_refused",
      customer_phone: expect.stringMatching(/^\+855/),
    });
  });

  it("gives every order not cancelled a null reason", async () => {
    const id = await order();
    const res = await api("GET", "/orders/user/all", { token: creator.token });
    expect(res.body.orders.find((o: any) => o.id === id).cancellation_reason).toBeNull();
  });
});

describe("GET /orders/stats/summary with cancellations", () => {
  it("counts cancellations by reason, leaves them out of sales, and gives the refusal rate", async () => {
    // A business and influencer of their own, so the numbers are exact.
    const soloShop = await freshUser("business");
    const soloCreator = await freshUser("influencer");
    const own = await createCampaign(sql, { businessId: soloShop.id, priceCents: 1000 });
    await createApprovedLink(sql, own, soloCreator.id);
    const place = () => placeOrder(sql, own, { influencerId: soloCreator.id });

    const empty = (await api("GET", "/orders/stats/summary", { token: soloShop.token })).body.stats;
    expect(empty).toMatchObject({
      total_orders: 0,
      by_status: { new_order: 0, ready_for_pickup: 0, out_for_delivery: 0, delivered: 0, cancelled: 0 },
      cancelled_by_reason: {
        customer_refused: 0,
        customer_unreachable: 0,
        out_of_stock: 0,
        duplicate: 0,
        suspected_fraud: 0,
        other: 0,
      },
      refusal_rate: null,
    });

    const [delivered, refused, unreachable, outOfStock] = [await place(), await place(), await place(), await place()];
    await place(); // still new: not finished, in no part of the rate
    // Two confirmed on a call before they left: the stats tell them from the three never confirmed.
    for (const id of [delivered, refused]) {
      const call = await api("PUT", `/admin/orders/${id}/confirmation`, {
        token: admin,
        body: { outcome: "confirmed" },
      });
      expect(call.status).toBe(200);
    }
    await moveTo(delivered, "delivered");
    await moveTo(refused, "out_for_delivery");
    await cancel(refused, "customer_refused");
    await cancel(unreachable, "customer_unreachable");
    await cancel(outOfStock, "out_of_stock");

    for (const token of [soloShop.token, soloCreator.token]) {
      const res = await api("GET", "/orders/stats/summary", { token });
      expect(res.status).toBe(200);
      expect(res.body.stats).toEqual({
        total_orders: 5,
        by_status: { new_order: 1, ready_for_pickup: 0, out_for_delivery: 0, delivered: 1, cancelled: 3 },
        cancelled_by_reason: {
          customer_refused: 1,
          customer_unreachable: 1,
          out_of_stock: 1,
          duplicate: 0,
          suspected_fraud: 0,
          other: 0,
          customer_cancelled: 0,
        },
        // Refused + unreachable (2) over delivered + cancelled (4).
        refusal_rate: 0.5,
        by_confirmation: {
          // Delivered and refused at the door: 1 of 2.
          confirmed_by_phone: { total_orders: 2, delivered: 1, refused: 1, refusal_rate: 0.5 },
          confirmed_by_customer: { total_orders: 0, delivered: 0, refused: 0, refusal_rate: null },
          // Unreachable, out of stock (finished) and the new one: 1 refused of 2 finished.
          unconfirmed: { total_orders: 3, delivered: 0, refused: 1, refusal_rate: 0.5 },
        },
        // The new one, unconfirmed.
        to_confirm: 1,
        total_sales_cents: 2000,
        total_sales: 20,
        delivered_sales_cents: 1000,
        delivered_sales: 10,
      });
    }
  });
});
