// Click-to-payout attribution through the gateway, the real function and Postgres: a click on a
// short link, then an order with its ref, keeps the click and its source; a ref of another link
// does not; and the stats of each role (influencer per link, business per campaign, admin for the
// platform) count only what is theirs, split by source, per day in Phnom Penh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import { type Account, admin, apply, business, createCampaign, decideLink, influencer } from "../helpers/accounts.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

const nextPhone = uniqueTypedPhone;

interface Link {
  id: string;
  campaignId: string;
  influencerId: string;
  shortUrl: string;
}

async function approvedLink(owner: Account, campaignId: string): Promise<Link> {
  const { id } = await apply(owner, campaignId);
  await decideLink(id, "approve");
  const mine = await api("GET", "/affiliate-links/my-links", { token: owner.token });
  const link = mine.body.links.find((l: { id: string }) => l.id === id);
  return { id, campaignId, influencerId: owner.user.id, shortUrl: link.short_url };
}

/**
 * A person's click on a short link (a browser and an address of its own: one address counts at
 * most 3 clicks per link an hour): the click id the redirect carries.
 */
async function click(link: Link, source?: string): Promise<string> {
  const path = new URL(link.shortUrl).pathname + (source ? `?s=${source}` : "");
  const res = await apiFrom(freshLoopbackAddress(), "GET", path, {
    headers: { "user-agent": `Mozilla/5.0 (iPhone) Mobile attribution-${Math.random()}` },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "").searchParams.get("ref") ?? "";
}

/** An order through the checkout (each from an address of its own, below the rate limit). */
async function order(link: Link, extra: Record<string, unknown> = {}) {
  return apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
    body: {
      influencer_id: link.influencerId,
      product_id: link.campaignId,
      customer_phone: nextPhone(),
      delivery_district: "Doun Penh",
      delivery_commune: "Voat Phnum",
      recipient_name: "Sokha Chan",
      address_line: "House 12, Street 271",
      quantity: 1,
      ...extra,
    },
  });
}

async function placed(link: Link, ref?: string): Promise<string> {
  const res = await order(link, ref === undefined ? {} : { ref });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order.id;
}

async function deliver(orderId: string) {
  const { token } = await admin();
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    const res = await api("PUT", `/admin/orders/${orderId}/status`, { token, body: { new_status } });
    expect(res.status).toBe(200);
  }
}

async function attributionOf(orderId: string) {
  const [row] = await sql<{ click_id: string | null; source: string | null }[]>`
    select click_id, source from public.orders where id = ${orderId}`;
  return row;
}

/** The figures of the contract with every metric derived as documented. */
function figures(clicks: number, orders: number, delivered: number, commissionCents: number) {
  const epcCents = clicks > 0 ? Math.round(commissionCents / clicks) : 0;
  return {
    clicks,
    orders,
    delivered_orders: delivered,
    commission: commissionCents / 100,
    commission_cents: commissionCents,
    conversion_rate: clicks > 0 ? orders / clicks : 0,
    epc: epcCents / 100,
    epc_cents: epcCents,
  };
}

const zero = figures(0, 0, 0, 0);

/** Today in Phnom Penh (UTC+7, no daylight saving), shifted by `days`. */
function phnomPenhDay(days = 0): string {
  return new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

let shop: Account;
let otherShop: Account;
let creator: Account;
let otherCreator: Account;
let scarf: { id: string; product_name: string };
let lamp: { id: string; product_name: string };
let creatorScarf: Link;
let otherScarf: Link;
let otherLamp: Link;
const orders: Record<string, string> = {};
const clicks: Record<string, string> = {};

beforeAll(async () => {
  [shop, otherShop, creator, otherCreator] = await Promise.all([business(), business(), influencer(), influencer()]);
  // 15% of $12.50 is 187.5 cents: 188 on delivery, rounded half up (docs/money.md).
  scarf = await createCampaign(shop, { product_name: "Attribution Scarf", price: 12.5, commission_rate: 0.15 });
  lamp = await createCampaign(otherShop, { product_name: "Attribution Lamp", price: 20, commission_rate: 0.1 });
  creatorScarf = await approvedLink(creator, scarf.id);
  otherScarf = await approvedLink(otherCreator, scarf.id);
  otherLamp = await approvedLink(otherCreator, lamp.id);

  // The creator's scarf link: two QR visitors, one DM, one plain link; the other creator's: a
  // comment on the scarf, a QR scan of the lamp.
  clicks.qr1 = await click(creatorScarf, "qr");
  clicks.qr2 = await click(creatorScarf, "qr");
  clicks.dm = await click(creatorScarf, "dm");
  clicks.link = await click(creatorScarf);
  clicks.comment = await click(otherScarf, "comment");
  clicks.lampQr = await click(otherLamp, "qr");
  // The plain-link click happened at 23:30 yesterday, Phnom Penh time (16:30 UTC): it is
  // yesterday's in the daily figures, whatever the UTC date.
  await sql`
    update public.link_clicks
    set created_at = (date_trunc('day', now() at time zone 'Asia/Phnom_Penh') - interval '30 minutes')
                     at time zone 'Asia/Phnom_Penh'
    where id = ${clicks.link}`;

  orders.qr = await placed(creatorScarf, clicks.qr1);
  orders.dm = await placed(creatorScarf, clicks.dm.toUpperCase());
  orders.noRef = await placed(creatorScarf);
  orders.foreignLinkRef = await placed(creatorScarf, clicks.comment);
  orders.foreignCampaignRef = await placed(creatorScarf, clicks.lampQr);
  orders.unknownRef = await placed(creatorScarf, "00000000-0000-4000-8000-00000000c11c");
  orders.comment = await placed(otherScarf, clicks.comment);
  orders.lamp = await placed(otherLamp, clicks.lampQr);
  await deliver(orders.qr);
  await deliver(orders.lamp);
});

describe("an order placed with ref", () => {
  it("keeps the click and its source when the click was on the same link", async () => {
    expect(await attributionOf(orders.qr)).toEqual({ click_id: clicks.qr1, source: "qr" });
    expect(await attributionOf(orders.dm)).toEqual({ click_id: clicks.dm, source: "dm" });
    expect(await attributionOf(orders.comment)).toEqual({ click_id: clicks.comment, source: "comment" });
  });

  it.each([
    ["without a ref", "noRef"],
    ["with a click on another influencer's link to the same campaign", "foreignLinkRef"],
    ["with a click on another campaign's link", "foreignCampaignRef"],
    ["with an id that is no click", "unknownRef"],
  ])("is placed unattributed %s", async (_name, key) => {
    expect(await attributionOf(orders[key])).toEqual({ click_id: null, source: null });
  });

  it.each([["not-a-uuid"], [42], [""], [null]])("refuses a malformed ref (%j), naming ref", async (ref) => {
    const res = await order(creatorScarf, { ref });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "ref must be a valid id", field: "ref" });
  });

  it("shows its source on the order boards, and never the click id", async () => {
    const board = await api("GET", "/orders/user/all", { token: shop.token });
    const byId = new Map(board.body.orders.map((o: { id: string }) => [o.id, o]));
    expect(byId.get(orders.qr)).toMatchObject({ source: "qr" });
    expect(byId.get(orders.comment)).toMatchObject({ source: "comment" });
    expect(byId.get(orders.noRef)).toMatchObject({ source: null });
    expect(JSON.stringify(board.body)).not.toContain(clicks.qr1);
    const mine = await api("GET", "/orders/user/all", { token: creator.token });
    expect(mine.body.orders.find((o: { id: string }) => o.id === orders.dm)).toMatchObject({ source: "dm" });
  });
});

describe("GET /affiliate-links/stats (influencer)", () => {
  it("figures each approved link by source, with the conversion rate and EPC", async () => {
    const res = await api("GET", "/affiliate-links/stats", { token: creator.token });
    expect(res.status).toBe(200);
    // 4 clicks, 6 orders (3 of them with no click of this link), 1 delivered: 188 cents.
    const expected = {
      ...figures(4, 6, 1, 188),
      by_source: {
        qr: figures(2, 1, 1, 188),
        dm: figures(1, 1, 0, 0),
        comment: zero,
        fb_comment: zero,
        fb_dm: zero,
        store: zero,
        link: figures(1, 0, 0, 0),
        none: figures(0, 4, 0, 0),
      },
    };
    expect(res.body.links).toEqual([
      {
        affiliate_link_id: creatorScarf.id,
        campaign_id: scarf.id,
        campaign_name: "Attribution Scarf",
        short_url: creatorScarf.shortUrl,
        ...expected,
      },
    ]);
    expect(res.body.totals).toEqual(expected);
    // The arithmetic spelled out once: 6 orders / 4 clicks, 188 / 4 = 47 cents a click.
    expect(res.body.totals).toMatchObject({ conversion_rate: 1.5, epc: 0.47, epc_cents: 47, commission: 1.88 });
    expect(res.body.totals.by_source.qr).toMatchObject({ conversion_rate: 0.5, epc_cents: 94 });
  });

  it("gives the last 30 days in Phnom Penh, oldest first, every day present", async () => {
    const { daily } = (await api("GET", "/affiliate-links/stats", { token: creator.token })).body;
    expect(daily).toHaveLength(30);
    expect(daily.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => phnomPenhDay(i - 29)),
    );
    expect(daily.at(-1)).toEqual({ date: phnomPenhDay(), clicks: 3, orders: 6 });
    expect(daily.at(-2)).toEqual({ date: phnomPenhDay(-1), clicks: 1, orders: 0 });
    expect(daily.slice(0, 28).every((day: { clicks: number; orders: number }) => !day.clicks && !day.orders)).toBe(
      true,
    );
  });

  it("shows another influencer only its own links, newest first", async () => {
    const res = await api("GET", "/affiliate-links/stats", { token: otherCreator.token });
    expect(res.status).toBe(200);
    expect(res.body.links.map((link: { affiliate_link_id: string }) => link.affiliate_link_id)).toEqual([
      otherLamp.id,
      otherScarf.id,
    ]);
    expect(res.body.links[0]).toMatchObject({ ...figures(1, 1, 1, 200), campaign_name: "Attribution Lamp" });
    expect(res.body.links[1]).toMatchObject(figures(1, 1, 0, 0));
    expect(res.body.totals).toMatchObject(figures(2, 2, 1, 200));
    expect(res.body.totals.by_source.none).toEqual(zero);
    expect(res.body.daily.at(-1)).toEqual({ date: phnomPenhDay(), clicks: 2, orders: 2 });
  });

  it("lists an approved link without clicks or orders with zeros, and no pending link", async () => {
    const newcomer = await influencer();
    const link = await approvedLink(newcomer, scarf.id);
    await apply(newcomer, lamp.id); // pending
    const res = await api("GET", "/affiliate-links/stats", { token: newcomer.token });
    const none = {
      ...zero,
      by_source: {
        qr: zero,
        dm: zero,
        comment: zero,
        fb_comment: zero,
        fb_dm: zero,
        store: zero,
        link: zero,
        none: zero,
      },
    };
    expect(res.body.links).toEqual([
      {
        affiliate_link_id: link.id,
        campaign_id: scarf.id,
        campaign_name: "Attribution Scarf",
        short_url: link.shortUrl,
        ...none,
      },
    ]);
    expect(res.body.totals).toEqual(none);
  });
});

describe("GET /campaigns/stats (business)", () => {
  it("figures each of the shop's campaigns across all its influencers' links", async () => {
    const res = await api("GET", "/campaigns/stats", { token: shop.token });
    expect(res.status).toBe(200);
    const expected = {
      ...figures(5, 7, 1, 188),
      by_source: {
        qr: figures(2, 1, 1, 188),
        dm: figures(1, 1, 0, 0),
        comment: figures(1, 1, 0, 0),
        fb_comment: zero,
        fb_dm: zero,
        store: zero,
        link: figures(1, 0, 0, 0),
        none: figures(0, 4, 0, 0),
      },
    };
    expect(res.body.campaigns).toEqual([{ campaign_id: scarf.id, campaign_name: "Attribution Scarf", ...expected }]);
    expect(res.body.totals).toEqual(expected);
    expect(res.body.daily.at(-1)).toEqual({ date: phnomPenhDay(), clicks: 4, orders: 7 });
  });

  it("shows another shop only its own campaign", async () => {
    const res = await api("GET", "/campaigns/stats", { token: otherShop.token });
    expect(res.body.campaigns).toEqual([
      {
        campaign_id: lamp.id,
        campaign_name: "Attribution Lamp",
        ...figures(1, 1, 1, 200),
        by_source: {
          qr: figures(1, 1, 1, 200),
          dm: zero,
          comment: zero,
          fb_comment: zero,
          fb_dm: zero,
          store: zero,
          link: zero,
          none: zero,
        },
      },
    ]);
  });
});

describe("GET /admin/attribution/stats (admin)", () => {
  it("totals the whole platform, as the database counts it", async () => {
    const res = await api("GET", "/admin/attribution/stats", { token: (await admin()).token });
    expect(res.status).toBe(200);
    const [db] = await sql<{ clicks: number; orders: number; delivered: number; commission: number; none: number }[]>`
      select (select count(*)::int from public.link_clicks) as clicks,
             (select count(*)::int from public.orders) as orders,
             (select count(*)::int from public.orders where status = 'delivered') as delivered,
             (select coalesce(sum(commission_cents), 0)::int from public.orders where status = 'delivered') as commission,
             (select count(*)::int from public.orders where source is null) as none`;
    expect(res.body.totals).toMatchObject(figures(db.clicks, db.orders, db.delivered, db.commission));
    expect(res.body.totals.by_source.none).toMatchObject({ clicks: 0, orders: db.none });
    expect(Object.keys(res.body)).toEqual(["totals", "daily"]);
    expect(res.body.daily).toHaveLength(30);
    expect(res.body.daily.at(-1).clicks).toBeGreaterThanOrEqual(5);
  });
});

describe("who may read which stats", () => {
  it.each([["/affiliate-links/stats"], ["/campaigns/stats"], ["/admin/attribution/stats"]])(
    "%s needs a signed-in caller",
    async (path) => {
      const res = await api("GET", path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized", message: "Please sign in to continue" });
    },
  );

  it.each([
    ["business", "/affiliate-links/stats", "Only influencers can see link stats"],
    ["admin", "/affiliate-links/stats", "Only influencers can see link stats"],
    ["influencer", "/campaigns/stats", "Only businesses can see campaign stats"],
    ["admin", "/campaigns/stats", "Only businesses can see campaign stats"],
    ["influencer", "/admin/attribution/stats", "Only admins can use the admin tools"],
    ["business", "/admin/attribution/stats", "Only admins can use the admin tools"],
  ])("a %s gets 403 from %s", async (role, path, message) => {
    const token = role === "business" ? shop.token : role === "influencer" ? creator.token : (await admin()).token;
    const res = await api("GET", path, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
  });
});
