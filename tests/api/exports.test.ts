// CSV exports (issue 15): the admin's every order with the customer's phone, a business's or an
// influencer's own orders without phones, the payout history; a header row, a byte order mark for
// Excel, the list's filters, and text that a spreadsheet would run as a formula kept as text.
// Past every batch size too: the admin's export once stopped for good after 500 rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { createApprovedLink, createCampaign, fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";
import { stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
let adminToken: string;
let shop: Account;
let otherShop: Account;
let creator: Account;
const FORMULA = '=HYPERLINK("http://evil.example","Pepper")';
const placed: { id: string; order_number: string; phone: string }[] = [];
let otherOrder: string;

async function place(campaignId: string, influencerId: string, phone: string) {
  const [row] = await sql<{ id: string; order_number: string }[]>`
    select id, order_number from private.place_order(${influencerId}, ${campaignId}, ${phone},
      'Doun Penh', 'Voat Phnum', 2, ${`export-${Math.random().toString(36).slice(2)}`}, null, 'Sokha Chan', 'House 12, Street 271')`;
  return row;
}

beforeAll(async () => {
  adminToken = (await admin()).token;
  [shop, otherShop, creator] = await Promise.all([business(), business(), influencer()]);
  const campaign = await createCampaign(sql, { businessId: shop.user.id, productName: FORMULA, priceCents: 750 });
  await createApprovedLink(sql, campaign, creator.user.id);
  for (let i = 0; i < 3; i++) {
    const phone = uniqueStoredPhone();
    placed.push({ ...(await place(campaign, creator.user.id, phone)), phone });
  }
  const other = await createCampaign(sql, { businessId: otherShop.user.id, productName: "Other shop's rice" });
  await createApprovedLink(sql, other, creator.user.id);
  otherOrder = (await place(other, creator.user.id, uniqueStoredPhone())).order_number;
});
afterAll(() => sql.end());

/** RFC 4180 records of a CSV text. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else {
      cell += ch;
    }
  }
  return records;
}

async function download(path: string, token: string) {
  // An export that stalls fails here, within the test's time, instead of hanging it.
  const res = await fetch(`${stackUrl()}/functions/v1/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(45_000),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { status: res.status, type: res.headers.get("content-type"), bom: text.startsWith("\uFEFF"), text };
}

/** The records as objects keyed by the header row. */
function rowsOf(text: string) {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""));
  return { header, rows: records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i]]))) };
}

describe("GET /admin/orders/export", () => {
  it("answers every matching order with the customer's phone, as UTF-8 CSV with a byte order mark", async () => {
    const res = await download(`/admin/orders/export?q=${placed[0].order_number}`, adminToken);
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/csv; charset=utf-8");
    expect(res.bom).toBe(true);
    const { header, rows } = rowsOf(res.text);
    expect(header).toContain("order_number");
    expect(header[header.length - 1]).toBe("customer_phone");
    expect(rows).toEqual([
      expect.objectContaining({
        order_number: placed[0].order_number,
        // A leading + would make a spreadsheet read a formula (or a number): kept as text too.
        customer_phone: `'${placed[0].phone}`,
        quantity: "2",
        unit_price: "7.50",
        status: "new_order",
        // Not flagged: no rule fired, nothing held.
        flags: "",
        review_status: "",
        // The formula stays text: a spreadsheet shows it instead of running it.
        product_name: `'${FORMULA}`,
      }),
    ]);
  });

  it("takes the list's filters and refuses bad ones with a 400 naming them", async () => {
    const res = await download(`/admin/orders/export?q=${placed[1].phone.slice(-6)}&status=new_order`, adminToken);
    expect(rowsOf(res.text).rows.map((row) => row.order_number)).toContain(placed[1].order_number);
    const bad = await fetch(`${stackUrl()}/functions/v1/api/admin/orders/export?status=lost`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "status" });
  });

  it("is the admin's only", async () => {
    expect((await download("/admin/orders/export", shop.token)).status).toBe(403);
  });
});

describe("GET /orders/export", () => {
  it("gives a business its own orders, each once, without any phone", async () => {
    const res = await download("/orders/export", shop.token);
    expect(res.status).toBe(200);
    expect(res.bom).toBe(true);
    const { header, rows } = rowsOf(res.text);
    expect(header).not.toContain("customer_phone");
    expect(header).not.toContain("flags");
    expect(rows.map((row) => row.order_number).sort()).toEqual(placed.map((order) => order.order_number).sort());
    for (const { phone } of placed) expect(res.text).not.toContain(phone.slice(4));
    expect(rows.every((row) => row.product_name === `'${FORMULA}`)).toBe(true);
  });

  it("gives an influencer the orders through its links, of every shop, without phones", async () => {
    const { header, rows } = rowsOf((await download("/orders/export", creator.token)).text);
    expect(header).not.toContain("customer_phone");
    expect(rows.map((row) => row.order_number).sort()).toEqual(
      [...placed.map((order) => order.order_number), otherOrder].sort(),
    );
  });

  it("gives another business none of them", async () => {
    const res = await download("/orders/export", otherShop.token);
    expect(rowsOf(res.text).rows.map((row) => row.order_number)).toEqual([otherOrder]);
  });
});

describe("GET /payouts/history/export", () => {
  it("gives a user only the header row while they have no payouts, and the admin every request", async () => {
    const own = rowsOf((await download("/payouts/history/export", shop.token)).text);
    expect(own.header).toEqual(expect.arrayContaining(["payout_request_id", "total_amount", "aba_reference"]));
    expect(own.rows).toEqual([]);
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from public.payout_requests`;
    const all = await download("/payouts/history/export", adminToken);
    expect(all.status).toBe(200);
    // Other test files may request payouts meanwhile: never fewer than a moment ago.
    expect(rowsOf(all.text).rows.length).toBeGreaterThanOrEqual(count);
  });
});

describe("an export of more than 1,000 orders", () => {
  const COUNT = 1_234;
  let bigShop: Account;
  let day: string;
  /** The seeded orders, newest first: the order the exports answer in. */
  let seeded: { order_number: string; phone: string; quantity: number }[];

  beforeAll(async () => {
    bigShop = await business();
    const campaign = await createCampaign(sql, { businessId: bigShop.user.id, priceCents: 1250 });
    const link = await createApprovedLink(sql, campaign, creator.user.id);
    // A calendar day with no other order, so the admin's export can be filtered down to these.
    day = await emptyDay();
    // Written by SQL as the bench does: the checkout's rate limits would take minutes. One order
    // a minute through the day (Cambodian time), each with a phone of its own.
    seeded = await sql<{ order_number: string; phone: string; quantity: number }[]>`
      with placed as (
        insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
          unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
          delivery_commune_code, created_at, updated_at)
        select ${campaign}, ${link}, ${bigShop.user.id}, ${creator.user.id}, 'Bulk rice ' || g, 1250, 0.1, 1 + g % 4,
               150, 'Tuol Kouk', 'Boeng Kak Ti Muoy', '120407', t, t
        from generate_series(1, ${COUNT}) g,
             lateral (select (${day}::date::timestamp at time zone 'Asia/Phnom_Penh') + g * interval '1 minute' as t) at
        returning id, order_number, quantity, created_at),
      contacts as (
        insert into private.order_contacts (order_id, customer_phone)
        select id, '+8551' || lpad((row_number() over (order by created_at))::text, 8, '0') from placed
        returning order_id, customer_phone)
      select p.order_number, c.customer_phone as phone, p.quantity
      from placed p join contacts c on c.order_id = p.id
      order by p.created_at desc, p.id desc`;
  });

  /** A random day in the 1990s on which no order was placed. */
  async function emptyDay(): Promise<string> {
    for (;;) {
      const candidate = new Date(Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 3650) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [{ taken }] = await sql<{ taken: boolean }[]>`
        select exists (select 1 from public.orders
          where created_at >= (${candidate}::date::timestamp at time zone 'Asia/Phnom_Penh') - interval '1 day'
            and created_at < (${candidate}::date::timestamp at time zone 'Asia/Phnom_Penh') + interval '2 days') as taken`;
      if (!taken) return candidate;
    }
  }

  it("gives the admin every one of them, newest first, each with its own customer's phone", async () => {
    const res = await download(`/admin/orders/export?from=${day}&to=${day}`, adminToken);
    expect(res.status).toBe(200);
    const { rows } = rowsOf(res.text);
    expect(rows).toHaveLength(COUNT);
    expect(rows.map((row) => row.order_number)).toEqual(seeded.map((order) => order.order_number));
    expect(rows.map((row) => row.customer_phone)).toEqual(seeded.map((order) => `'${order.phone}`));
    // A row past the first two batches of 500, in full.
    const row = rows[1_100];
    expect(row).toMatchObject({
      order_number: seeded[1_100].order_number,
      product_name: `Bulk rice ${COUNT - 1_100}`,
      quantity: String(seeded[1_100].quantity),
      unit_price: "12.50",
      delivery_fee: "1.50",
      total: (12.5 * seeded[1_100].quantity + 1.5).toFixed(2),
      status: "new_order",
      business_name: expect.any(String),
    });
  });

  it("gives the business all of them, without phones", async () => {
    const res = await download(`/orders/export`, bigShop.token);
    expect(res.status).toBe(200);
    const { header, rows } = rowsOf(res.text);
    expect(header).not.toContain("customer_phone");
    expect(rows.map((row) => row.order_number)).toEqual(seeded.map((order) => order.order_number));
    expect(res.text).not.toContain(seeded[0].phone.slice(4));
  });
});
