// The customer's order page (issue 28): POST /checkout/order answers a tracking_url whose token
// opens GET /orders/track/{token} without an account; confirm and cancel through it; what it never
// shows; unknown tokens and the per-address limit; and the admin's calls to confirm an order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";
import { demoBusiness, seedAdmin, stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
let admin: string;
let campaignId: string;

beforeAll(async () => {
  admin = (await login(seedAdmin.email, seedAdmin.password)).token;
  campaignId = await createCampaign(sql, { productName: "Palm Sugar", priceCents: 800 });
  await createApprovedLink(sql, campaignId);
});
afterAll(() => sql.end());

/** Places an order as a customer (an address of its own) and answers its id and its page's token. */
async function placed(extraHeaders: Record<string, string> = {}) {
  const phone = uniqueTypedPhone();
  const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
    headers: extraHeaders,
    body: {
      influencer_id: demoInfluencerId,
      product_id: campaignId,
      customer_phone: phone,
      recipient_name: "Dara Sok",
      address_line: "House 8, Street 19",
      delivery_province: "17",
      delivery_district: "1710",
      delivery_commune: "171001",
      quantity: 2,
    },
  });
  expect(res.status).toBe(201);
  const url = new URL(res.body.tracking_url);
  const token = url.pathname.replace(/^\/o\//, "");
  return { id: res.body.order.id as string, token, url, phone, number: res.body.order.order_number as string };
}

const track = (token: string, action = "") =>
  apiFrom(freshLoopbackAddress(), action ? "POST" : "GET", `/orders/track/${token}${action ? `/${action}` : ""}`);
const adminMoves = (id: string, body: Record<string, unknown>) =>
  api("PUT", `/admin/orders/${id}/status`, { token: admin, body });

describe("POST /checkout/order's tracking_url", () => {
  it("is the app's /o/<token>, an unguessable token of 32 characters", async () => {
    const order = await placed();
    expect(order.url.origin).toBe(new URL(stackUrl()).origin);
    expect(order.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Only its hash is kept.
    const stored =
      await sql`select 1 from private.order_tracking_tokens where token_hash = sha256(${order.token}::bytea)`;
    expect(stored).toHaveLength(1);
  });

  it("a replay of the same Idempotency-Key answers another token that opens the same order", async () => {
    const key = crypto.randomUUID();
    const phone = uniqueTypedPhone();
    const body = {
      influencer_id: demoInfluencerId,
      product_id: campaignId,
      customer_phone: phone,
      recipient_name: "Dara Sok",
      address_line: "House 8",
      delivery_district: "Doun Penh",
      delivery_commune: "Voat Phnum",
      quantity: 1,
    };
    const address = freshLoopbackAddress();
    const first = await apiFrom(address, "POST", "/checkout/order", { body, headers: { "Idempotency-Key": key } });
    const again = await apiFrom(address, "POST", "/checkout/order", { body, headers: { "Idempotency-Key": key } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.tracking_url).not.toBe(first.body.tracking_url);
    const tokenOf = (url: string) => new URL(url).pathname.slice(3);
    const [a, b] = await Promise.all([
      track(tokenOf(first.body.tracking_url)),
      track(tokenOf(again.body.tracking_url)),
    ]);
    expect(a.body.order.order_number).toBe(first.body.order.order_number);
    expect(b.body.order.order_number).toBe(first.body.order.order_number);
  });
});

describe("GET /orders/track/{token}", () => {
  it("answers the order, its place, timeline and shop; never the customer's phone or address", async () => {
    const order = await placed();
    const res = await track(order.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.order).toMatchObject({
      order_number: order.number,
      order_status: "new_order",
      cancellation_reason: null,
      confirmation: "unconfirmed",
      product_name: "Palm Sugar",
      quantity: 2,
      delivery_place: {
        province: { code: "17", name_en: "Siemreap", name_km: "សៀមរាប" },
        commune: { code: "171001", name_en: "Sla Kram" },
      },
      timeline: [{ order_status: "new_order", cancellation_reason: null }],
      can_confirm: true,
      can_cancel: true,
      shop: { business_name: "Demo Boutique", store_phone: "+85512345678", store_phone_local: "012 345 678" },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(order.phone.replace(/\D/g, "").slice(1));
    expect(text).not.toMatch(/House 8|Dara Sok|recipient|address_line|influencer/);
  });

  it("answers 404 for an unknown token, a malformed one, and never another order", async () => {
    const order = await placed();
    for (const token of ["A".repeat(32), "short", `${order.token.slice(0, 31)}!`, `${order.token}x`]) {
      const res = await track(encodeURIComponent(token));
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "This order link is not valid" });
    }
    const other = await placed();
    expect((await track(other.token)).body.order.order_number).toBe(other.number);
    expect((await track(other.token)).body.order.order_number).not.toBe(order.number);
  });

  it("refuses the 61st request of an address in a minute, unknown tokens counted", async () => {
    // The limit counts per clock minute: a burst that crosses into the next minute starts a new
    // count, so it is made again (a burst takes seconds: the second one stays inside a minute).
    const minute = async () =>
      (await sql<{ minute: Date }[]>`select date_trunc('minute', clock_timestamp()) as minute`)[0].minute.getTime();
    for (let attempt = 1; ; attempt++) {
      const address = freshLoopbackAddress();
      const startedIn = await minute();
      const results = [];
      for (let i = 0; i < 60; i++)
        results.push((await apiFrom(address, "GET", `/orders/track/${"B".repeat(32)}`)).status);
      const refused = await apiFrom(address, "GET", `/orders/track/${"B".repeat(32)}`);
      if ((await minute()) !== startedIn && attempt < 2) continue;
      expect(results.every((status) => status === 404)).toBe(true);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      return;
    }
  });
});

describe("POST /orders/track/{token}/confirm", () => {
  it("confirms once; a second confirm changes nothing", async () => {
    const order = await placed();
    const first = await track(order.token, "confirm");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: "Order confirmed",
      order: { confirmation: "confirmed_by_customer", can_confirm: false, can_cancel: true },
    });
    const second = await track(order.token, "confirm");
    expect(second.status).toBe(200);
    expect(second.body.order).toEqual(first.body.order);
    const [row] = await sql`select confirmation from public.orders where id = ${order.id}`;
    expect(row.confirmation).toBe("confirmed_by_customer");
  });

  it("refuses an order already on its way, naming where it is", async () => {
    const order = await placed();
    for (const step of ["ready_for_pickup", "out_for_delivery"])
      expect((await adminMoves(order.id, { new_status: step })).status).toBe(200);
    const res = await track(order.token, "confirm");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "conflict",
      message: "This order is out for delivery: there is nothing left to confirm",
    });
  });
});

describe("POST /orders/track/{token}/cancel", () => {
  it("cancels a new order as customer_cancelled, in the history without an actor", async () => {
    const order = await placed();
    const res = await track(order.token, "cancel");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Order cancelled",
      order: {
        order_status: "cancelled",
        cancellation_reason: "customer_cancelled",
        can_cancel: false,
        can_confirm: false,
      },
    });
    expect(res.body.order.timeline.map((step: { order_status: string }) => step.order_status)).toEqual([
      "new_order",
      "cancelled",
    ]);
    const history = await sql`
      select to_status, changed_by, cancellation_reason from public.order_status_history
      where order_id = ${order.id} order by id`;
    expect(history.at(-1)).toEqual({
      to_status: "cancelled",
      changed_by: null,
      cancellation_reason: "customer_cancelled",
    });
  });

  it("cancels an order ready for pickup, and refuses once it is out for delivery", async () => {
    const ready = await placed();
    expect((await adminMoves(ready.id, { new_status: "ready_for_pickup" })).status).toBe(200);
    expect((await track(ready.token, "cancel")).status).toBe(200);

    const onItsWay = await placed();
    for (const step of ["ready_for_pickup", "out_for_delivery"])
      expect((await adminMoves(onItsWay.id, { new_status: step })).status).toBe(200);
    const late = await track(onItsWay.token, "cancel");
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      error: "conflict",
      message: "This order is out for delivery: it can no longer be cancelled here. Please call the shop",
    });
    const again = await track(ready.token, "cancel");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "This order is cancelled: it can no longer be cancelled here. Please call the shop",
    );
  });

  it("shows the admin's change on the next read", async () => {
    const order = await placed();
    expect((await adminMoves(order.id, { new_status: "ready_for_pickup" })).status).toBe(200);
    const res = await track(order.token);
    expect(res.body.order).toMatchObject({ order_status: "ready_for_pickup", can_cancel: true });
    expect(res.body.order.timeline.map((step: { order_status: string }) => step.order_status)).toEqual([
      "new_order",
      "ready_for_pickup",
    ]);
  });
});

describe("PUT /admin/orders/{id}/confirmation", () => {
  const call = (id: string, body: unknown, token = admin) =>
    api("PUT", `/admin/orders/${id}/confirmation`, { token, body });

  it("records a call; confirmed makes the order confirmed_by_phone, and the customer's page says so", async () => {
    const order = await placed();
    const missed = await call(order.id, { outcome: "no_answer", note: "Rang twice, 10:05" });
    expect(missed.status).toBe(200);
    expect(missed.body).toMatchObject({
      message: "Call recorded",
      order: { id: order.id, confirmation: "unconfirmed" },
    });
    const reached = await call(order.id, { outcome: "confirmed" });
    expect(reached.body.order.confirmation).toBe("confirmed_by_phone");
    expect((await track(order.token)).body.order).toMatchObject({
      confirmation: "confirmed_by_phone",
      can_confirm: false,
    });
    const calls =
      await sql`select outcome, note from public.order_confirmation_calls where order_id = ${order.id} order by id`;
    expect(calls).toEqual([
      { outcome: "no_answer", note: "Rang twice, 10:05" },
      { outcome: "confirmed", note: null },
    ]);
  });

  it("names a bad outcome or note, refuses an order on its way, and anyone but an admin", async () => {
    const order = await placed();
    expect((await call(order.id, { outcome: "maybe" })).body).toEqual({
      error: "invalid_input",
      field: "outcome",
      message: "outcome must be one of confirmed, no_answer, wrong_number",
    });
    expect((await call(order.id, { outcome: "no_answer", note: "n".repeat(501) })).body).toEqual({
      error: "invalid_input",
      field: "note",
      message: "Note must be at most 500 characters",
    });
    const shop = (await login(demoBusiness.email, demoBusiness.password)).token;
    expect((await call(order.id, { outcome: "confirmed" }, shop)).status).toBe(403);
    for (const step of ["ready_for_pickup", "out_for_delivery"])
      expect((await adminMoves(order.id, { new_status: step })).status).toBe(200);
    const late = await call(order.id, { outcome: "confirmed" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This order is out for delivery: there is nothing left to confirm");
  });
});

describe("GET /admin/orders?to_confirm=true", () => {
  it("lists the orders still to confirm, oldest first, a page at a time; confirmed, packed-and-gone and cancelled ones stay out", async () => {
    // Five orders of a day of their own, far in the past, so the list of every admin holds only
    // these for that day whatever else runs meanwhile.
    const day = `2019-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`;
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placed());
    for (const [i, order] of orders.entries()) {
      await sql`update public.orders
                set created_at = (${day}::date + ${`${8 + i} hours`}::interval)::timestamp at time zone 'Asia/Phnom_Penh'
                where id = ${order.id}`;
    }
    const [first, second, confirmed, gone, cancelled, packed] = orders;
    expect((await track(confirmed.token, "confirm")).status).toBe(200);
    for (const step of ["ready_for_pickup", "out_for_delivery"])
      expect((await adminMoves(gone.id, { new_status: step })).status).toBe(200);
    expect((await track(cancelled.token, "cancel")).status).toBe(200);
    expect((await adminMoves(packed.id, { new_status: "ready_for_pickup" })).status).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ to_confirm: "true", from: day, to: day, limit: "2" });
      if (cursor) query.set("cursor", cursor);
      const page = await api("GET", `/admin/orders?${query}`, { token: admin });
      expect(page.status).toBe(200);
      expect(page.body.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.orders.map((o: { order_number: string }) => o.order_number));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([first.number, second.number, packed.number]);

    const bad = await api("GET", "/admin/orders?to_confirm=yes", { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: "to_confirm", message: "to_confirm must be true (or left out)" });
  });

  it("counts them in the stats, beside every order split by confirmation", async () => {
    await placed();
    const { stats } = (await api("GET", "/orders/stats/summary", { token: admin })).body;
    expect(Object.keys(stats.by_confirmation).sort()).toEqual([
      "confirmed_by_customer",
      "confirmed_by_phone",
      "unconfirmed",
    ]);
    const split = Object.values(stats.by_confirmation) as {
      total_orders: number;
      delivered: number;
      refused: number;
    }[];
    // One read of the counters: the split adds up to the whole.
    expect(split.reduce((sum, part) => sum + part.total_orders, 0)).toBe(stats.total_orders);
    expect(split.reduce((sum, part) => sum + part.delivered, 0)).toBe(stats.by_status.delivered);
    expect(stats.to_confirm).toBeGreaterThanOrEqual(1);
    expect(stats.to_confirm).toBeLessThanOrEqual(stats.by_confirmation.unconfirmed.total_orders);
  });
});

describe("PUT /admin/settings unconfirmed_cancel_hours", () => {
  it("answers the setting, off by default, and names a value out of range", async () => {
    const { settings } = (await api("GET", "/admin/settings", { token: admin })).body;
    expect(settings.unconfirmed_cancel_hours).toBe(0);
    for (const value of [721, -1, 1.5, "48"]) {
      const refused = await api("PUT", "/admin/settings", { token: admin, body: { unconfirmed_cancel_hours: value } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        field: "unconfirmed_cancel_hours",
        message: "unconfirmed_cancel_hours must be a whole number from 0 to 720 (0 turns it off)",
      });
    }
    // Saving it again as it is (turning it on here would let the job cancel other tests' orders;
    // the job itself is tested in pgTAP, settings changes in the audit log's tests).
    const saved = await api("PUT", "/admin/settings", { token: admin, body: { unconfirmed_cancel_hours: 0 } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.unconfirmed_cancel_hours).toBe(0);
  });
});
