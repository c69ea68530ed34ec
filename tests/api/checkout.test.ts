// Checkout paths (anonymous): the info a customer sees and placing a cash-on-delivery order,
// with every amount computed by the server from its own data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import { stackUrl } from "../helpers/stack.ts";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { typedPhone, uniqueStoredPhone, uniqueTypedPhone } from "../helpers/phones.ts";

const sql = fixtureDb();
let campaignId: string;
const nextPhone = uniqueTypedPhone;

beforeAll(async () => {
  campaignId = await createCampaign(sql, { productName: "Krama Scarf", priceCents: 1999, commissionRate: 0.15 });
  await createApprovedLink(sql, campaignId);
});
afterAll(() => sql.end());

function order(overrides: Record<string, unknown> = {}) {
  return {
    influencer_id: demoInfluencerId,
    product_id: campaignId,
    customer_phone: nextPhone(),
    delivery_district: "Tuol Kouk",
    delivery_commune: "Tuek L'ak Ti Muoy",
    recipient_name: "Sokha Chan",
    address_line: "House 12, Street 271",
    quantity: 2,
    ...overrides,
  };
}

describe("GET /checkout/info", () => {
  it("shows the product, the referrer's display name, the store contact and the riel rate only", async () => {
    const [{ riel_per_usd: rate }] = await sql<{ riel_per_usd: number }[]>`
      select riel_per_usd from public.marketplace_settings`;
    const res = await api("GET", `/checkout/info?influencer_id=${demoInfluencerId}&product_id=${campaignId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaign: {
        id: campaignId,
        product_name: "Krama Scarf",
        description: "A fixture product",
        price: 19.99,
        price_cents: 1999,
        image_urls: ["https://example.com/p.png"],
      },
      influencer: { display_name: "Sreymom Chan" },
      business: {
        business_name: "Demo Boutique",
        store_phone: "+85512345678",
        store_phone_local: "012 345 678",
        business_logo_url: null,
      },
      // The admin's rate (tests/api/settings.test.ts changes it and sees the change here).
      riel_per_usd: rate,
      unavailable_reason: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/bank|account_number|password|@example\.com|status|updated_by/);
  });

  it.each([
    [
      "a missing influencer_id",
      `product_id=00000000-0000-4000-8000-000000000001`,
      400,
      { error: "invalid_input", field: "influencer_id", message: "influencer_id must be a valid id" },
    ],
    [
      "an unknown link",
      `influencer_id=${demoInfluencerId}&product_id=00000000-0000-4000-8000-000000000001`,
      404,
      { error: "not_found", message: "This checkout link is not valid" },
    ],
  ])("refuses %s", async (_case, query, status, body) => {
    const res = await api("GET", `/checkout/info?${query}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it("refuses a pending link, and says why an inactive campaign's product is not available", async () => {
    const pendingCampaign = await createCampaign(sql);
    await sql`insert into public.affiliate_links (influencer_id, campaign_id) values (${demoInfluencerId}, ${pendingCampaign})`;
    expect(
      (await api("GET", `/checkout/info?influencer_id=${demoInfluencerId}&product_id=${pendingCampaign}`)).status,
    ).toBe(404);
    const ended = await createCampaign(sql);
    await createApprovedLink(sql, ended);
    await sql`update public.campaigns set status = 'inactive' where id = ${ended}`;
    const res = await api("GET", `/checkout/info?influencer_id=${demoInfluencerId}&product_id=${ended}`);
    // The link is right and the shop still reachable: the page shows the shop's phone.
    expect(res.status).toBe(200);
    expect(res.body.unavailable_reason).toBe("This campaign is no longer accepting new orders");
    expect(res.body.business.store_phone).toEqual(expect.stringMatching(/^\+855\d{8,9}$/));
  });
});

describe("POST /checkout/order", () => {
  it("computes every amount on the server and ignores amounts in the request", async () => {
    const phone = uniqueStoredPhone();
    const res = await api("POST", "/checkout/order", {
      body: order({ customer_phone: typedPhone(phone), total_amount: 0.01, product_price: 0.01, delivery_fee: 0 }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: "Order placed successfully!",
      order: {
        id: expect.any(String),
        // The number the customer quotes when calling about the order.
        order_number: expect.stringMatching(/^SL-\d{6,9}$/),
        product_name: "Krama Scarf",
        quantity: 2,
        product_price: 19.99,
        delivery_fee: 1.5,
        total_amount: 41.48,
        total_cents: 4148,
        order_status: "new_order",
        created_at: expect.any(String),
      },
      tracking_url: expect.stringMatching(/\/o\/[A-Za-z0-9_-]{32}$/),
    });
    const [stored] =
      await sql`select o.unit_price_cents::int, o.commission_rate::float, o.delivery_fee_cents, c.customer_phone
                               from public.orders o join private.order_contacts c on c.order_id = o.id where o.id = ${res.body.order.id}`;
    expect(stored).toEqual({
      unit_price_cents: 1999,
      commission_rate: 0.15,
      delivery_fee_cents: 150,
      customer_phone: phone, // typed 012 ..., stored in E.164
    });
  });

  it("reads a phone and a quantity typed with Khmer digits, and stores them in ASCII", async () => {
    const phone = uniqueStoredPhone();
    const khmer = typedPhone(phone).replace(/[0-9]/g, (digit) => String.fromCodePoint(0x17e0 + Number(digit)));
    const res = await api("POST", "/checkout/order", { body: order({ customer_phone: khmer, quantity: "២" }) });
    expect(res.status).toBe(201);
    expect(res.body.order.quantity).toBe(2);
    const [stored] =
      await sql`select c.customer_phone from private.order_contacts c where c.order_id = ${res.body.order.id}`;
    expect(stored.customer_phone).toBe(phone);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["quantity", { quantity: 0 }, "Quantity must be a whole number from 1 to 10"],
    ["quantity", { quantity: 11 }, "Quantity must be a whole number from 1 to 10"],
    ["quantity", { quantity: 1.5 }, "Quantity must be a whole number from 1 to 10"],
    // What Number() would have read as 3, 1, 10 and 2: only integers and digits are quantities.
    ...["0x3", true, "1e1", "2.0", "1.5", "", " ", "+2", "-1", " 2", null, [2], { n: 2 }].map(
      (quantity): [string, Record<string, unknown>, string] => [
        "quantity",
        { quantity },
        "Quantity must be a whole number from 1 to 10",
      ],
    ),
    ["customer_phone", { customer_phone: "12345" }, "Phone number must be a Cambodian number such as 012 345 678"],
    ["customer_phone", { customer_phone: "" }, "Phone number is required"],
    ["delivery_commune", { delivery_commune: "" }, "Commune is required"],
    ["recipient_name", { recipient_name: undefined }, "Recipient name is required"],
    ["recipient_name", { recipient_name: "   " }, "Recipient name is required"],
    ["recipient_name", { recipient_name: "n".repeat(101) }, "Recipient name must be at most 100 characters"],
    ["address_line", { address_line: "" }, "Address is required"],
    ["address_line", { address_line: "a".repeat(201) }, "Address must be at most 200 characters"],
    ["landmark", { landmark: "l".repeat(201) }, "Landmark must be at most 200 characters"],
    ["delivery_note", { delivery_note: "d".repeat(501) }, "Note for the rider must be at most 500 characters"],
    ["product_id", { product_id: "abc" }, "product_id must be a valid id"],
  ])("refuses a bad %s with 400", async (field, change, message) => {
    const res = await api("POST", "/checkout/order", { body: order(change) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
  });

  it.each([
    ["a JSON integer", 3, 3],
    ["ASCII digits", "3", 3],
    ["Khmer digits", "៣", 3],
    ["Khmer digits for ten", "១០", 10],
  ])("takes a quantity of %s", async (_case, quantity, expected) => {
    const res = await api("POST", "/checkout/order", { body: order({ quantity }) });
    expect(res.status).toBe(201);
    expect(res.body.order.quantity).toBe(expected);
  });

  it("orders to a commune of every province, by codes or names, at the province's fee", async () => {
    // One commune of each province: the first of its first district.
    const places = await sql<{ province: string; district: string; commune: string; commune_name: string }[]>`
      select distinct on (d.province_code) d.province_code as province, d.code as district, c.code as commune,
             c.name_en as commune_name
      from public.districts d join public.communes c on c.district_code = d.code
      order by d.province_code, d.code, c.code`;
    expect(places).toHaveLength(25);
    const [{ fees }] = await sql<{ fees: Record<string, number> }[]>`
      select json_object_agg(code, delivery_fee_cents) as fees from public.provinces`;
    for (const place of places) {
      const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
        body: order({
          delivery_province: place.province,
          delivery_district: place.district,
          delivery_commune: place.commune,
          quantity: 1,
        }),
      });
      expect(res.status, `${place.province}/${place.commune}`).toBe(201);
      const [stored] = await sql<
        { delivery_commune_code: string; delivery_commune: string; delivery_fee_cents: number }[]
      >`
        select delivery_commune_code, delivery_commune, delivery_fee_cents from public.orders where id = ${res.body.order.id}`;
      expect(stored.delivery_commune_code).toBe(place.commune);
      expect(stored.delivery_commune).toBe(place.commune_name);
      // Phnom Penh is priced by sangkat, every other province at its own fee (as it was before or
      // after the order: tests/api/delivery-fees.test.ts changes one meanwhile).
      if (place.province !== "12") {
        const [now] = await sql<{ fee: number }[]>`
          select delivery_fee_cents as fee from public.provinces where code = ${place.province}`;
        expect([fees[place.province], now.fee]).toContain(stored.delivery_fee_cents);
      }
    }
  });

  it("takes a province's Latin name, keeps the address trimmed and a blank landmark as none", async () => {
    const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
      body: order({
        delivery_province: "Siemreap",
        delivery_district: "Siem Reap",
        delivery_commune: "Sla Kram",
        recipient_name: "  Sokha  ",
        address_line: " House 12, Street 6 ",
        landmark: "  ",
        delivery_note: "Call before coming",
      }),
    });
    expect(res.status).toBe(201);
    const [stored] = await sql`
      select o.delivery_commune_code, c.recipient_name, c.address_line, c.landmark, c.delivery_note
      from public.orders o join private.order_contacts c on c.order_id = o.id where o.id = ${res.body.order.id}`;
    expect(stored).toEqual({
      delivery_commune_code: "171001",
      recipient_name: "Sokha",
      address_line: "House 12, Street 6",
      landmark: null,
      delivery_note: "Call before coming",
    });
  });

  it("takes a phone typed in Khmer digits and stores it in ASCII", async () => {
    const typed = nextPhone();
    const khmer = typed.replace(/[0-9]/g, (digit) => String.fromCharCode(0x17e0 + Number(digit)));
    const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
      body: order({ customer_phone: khmer }),
    });
    expect(res.status).toBe(201);
    const [stored] = await sql<{ customer_phone: string }[]>`
      select customer_phone from private.order_contacts where order_id = ${res.body.order.id}`;
    expect(stored.customer_phone).toBe(`+855${typed.replace(/\D/g, "").slice(1)}`);
  });

  it("refuses a commune named in another province", async () => {
    const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
      body: order({ delivery_province: "17", delivery_district: "1204", delivery_commune: "120404" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "We do not deliver to 120404 in 1204 yet" });
  });

  it("refuses a place it does not deliver to", async () => {
    const res = await api("POST", "/checkout/order", {
      body: order({ delivery_district: "Doun Penh", delivery_commune: "Roluos" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "We do not deliver to Roluos in Doun Penh yet" });
  });

  it("refuses an unapproved link and an inactive campaign", async () => {
    const other = await createCampaign(sql);
    const unlinked = await api("POST", "/checkout/order", { body: order({ product_id: other }) });
    expect(unlinked.status).toBe(404);
    expect(unlinked.body).toEqual({ error: "not_found", message: "This affiliate link is not valid" });
    await createApprovedLink(sql, other);
    await sql`update public.campaigns set status = 'inactive' where id = ${other}`;
    const ended = await api("POST", "/checkout/order", { body: order({ product_id: other }) });
    expect(ended.status).toBe(409);
    expect(ended.body).toEqual({ error: "conflict", message: "This campaign is no longer accepting new orders" });
  });

  it("refuses orders from one phone faster than a person places them", async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++)
      expect(
        (await api("POST", "/checkout/order", { body: order({ customer_phone: phone, quantity: 1 }) })).status,
      ).toBe(201);
    const res = await api("POST", "/checkout/order", { body: order({ customer_phone: phone, quantity: 1 }) });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: "rate_limited",
      message: "Too many orders in a short time. Please wait a minute and try again.",
    });
  });
});

describe("POST /checkout/order with an Idempotency-Key", () => {
  const newKey = () => `test-${crypto.randomUUID()}`;
  // Each from an address of its own, below the checkout's per-address limit.
  const post = (body: Record<string, unknown>, key: string) =>
    apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", { body, headers: { "Idempotency-Key": key } });
  // Orders of one phone on this file's own campaign: other files' random phones may repeat one of
  // ours on the shared stack, never on this campaign.
  const ordersOf = async (phone: string) => {
    const normalised = `+855${phone.replace(/\D/g, "").replace(/^0/, "")}`;
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from private.order_contacts c join public.orders o on o.id = c.order_id
      where c.customer_phone = ${normalised} and o.campaign_id = ${campaignId}`;
    return count;
  };

  it("places one order for two requests with the same key at once; both answer it", async () => {
    const key = newKey();
    const body = order();
    const [first, second] = await Promise.all([post(body, key), post(body, key)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    // The same order; each answer has a token of its own for the order's page.
    expect(second.body.order).toEqual(first.body.order);
    expect(second.body.tracking_url).not.toBe(first.body.tracking_url);
    expect(first.body.order.order_number).toMatch(/^SL-\d{6,9}$/);
    expect(await ordersOf(body.customer_phone as string)).toBe(1);
  });

  it("answers the first order again later, the same status and order, and creates nothing", async () => {
    const key = newKey();
    const body = order();
    const first = await post(body, key);
    expect(first.status).toBe(201);
    // Even after the order moved on, the retry gets the answer the first request got.
    await sql`update public.orders set status = 'ready_for_pickup' where id = ${first.body.order.id}`;
    const again = await post(body, key);
    expect(again.status).toBe(201);
    expect(again.body.order).toEqual(first.body.order);
    expect(again.body.message).toBe(first.body.message);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await ordersOf(body.customer_phone as string)).toBe(1);
  });

  it("refuses the same key with another order (422 naming Idempotency-Key), and places nothing", async () => {
    const key = newKey();
    const body = order();
    expect((await post(body, key)).status).toBe(201);
    const other = await post({ ...body, quantity: 3 }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: "unprocessable",
      field: "Idempotency-Key",
      message: "Idempotency-Key was already used for a different order: send a new key for a new order",
    });
    expect(await ordersOf(body.customer_phone as string)).toBe(1);
  });

  it("keeps no key when the order was refused: the same key then places the corrected order", async () => {
    const key = newKey();
    const body = order({ delivery_district: "Doun Penh", delivery_commune: "Roluos" });
    const refused = await post(body, key);
    expect(refused.status).toBe(400);
    const placed = await post(order({ customer_phone: body.customer_phone }), key);
    expect(placed.status).toBe(201);
  });

  it("forgets a key after 24 hours: it then places a new order", async () => {
    const key = newKey();
    const body = order();
    const first = await post(body, key);
    expect(first.status).toBe(201);
    await sql`update private.checkout_idempotency_keys set created_at = now() - interval '24 hours 1 second'
              where idempotency_key = ${key}`;
    const later = await post(body, key);
    expect(later.status).toBe(201);
    expect(later.body.order.id).not.toBe(first.body.order.id);
    expect(await ordersOf(body.customer_phone as string)).toBe(2);
  });

  it("may be sent from the SPA on another origin (the preflight allows the header)", async () => {
    const res = await fetch(`${stackUrl()}/functions/v1/api/checkout/order`, {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,idempotency-key",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase().split(",")).toContain("idempotency-key");
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "k".repeat(101)],
    ["with a space", "key with space"],
    ["with other characters", "key/../../etc"],
    ["empty", ""],
  ])("refuses a key %s with 400 naming Idempotency-Key, and places nothing", async (_case, key) => {
    const body = order();
    const res = await post(body, key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "Idempotency-Key",
      message: "Idempotency-Key must be 8 to 100 letters, digits, - or _",
    });
    expect(await ordersOf(body.customer_phone as string)).toBe(0);
  });
});
