// Storefronts (issue 30, item 4) through the gateway and the real api function: an influencer picks
// a handle (PUT /auth/profile) and which approved links show, in order (PUT
// /affiliate-links/storefront); anyone reads the store (GET /store/{handle}) with only the products
// that take orders now; APP_URL/s/<handle> sends a person to the store page and gives a crawler the
// store's preview; a product's link counts its click under `store`; a suspended influencer's store
// is gone.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import {
  type Account,
  admin,
  apply,
  business,
  createCampaign,
  deactivate,
  decideLink,
  influencer,
} from "../helpers/accounts.ts";
import { checkoutBody } from "../helpers/checkout.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { waitingForLock } from "../helpers/locks.ts";
import { stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const facebookCrawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";
/** An image this app stored: its name says its size, colour and smaller sizes. */
const sizedImage = `https://images.example.com/${randomUUID()}-1200x900-a1b2c3.webp`;

let shop: Account;
let creator: Account;
let stranger: Account;
let handle: string;
const links: Record<"silk" | "soap" | "closed" | "pending" | "strangers", string> = {} as never;

const profile = (account: Account, store_handle: unknown) =>
  api("PUT", "/auth/profile", { token: account.token, body: { store_handle } });
const choose = (account: Account, link_ids: unknown) =>
  api("PUT", "/affiliate-links/storefront", { token: account.token, body: { link_ids } });
const open = (path: string, userAgent: string) =>
  fetch(`${stackUrl()}${path}`, { redirect: "manual", headers: { "user-agent": userAgent } });

async function approvedLink(owner: Account, campaignId: string) {
  const link = await apply(owner, campaignId);
  await decideLink(link.id, "approve");
  return link.id;
}

beforeAll(async () => {
  [shop, creator, stranger] = await Promise.all([business(), influencer(), influencer()]);
  const [silk, soap, closed, pending] = await Promise.all([
    createCampaign(shop, { product_name: "Store Silk Scarf", price: 25, image_urls: [sizedImage] }),
    createCampaign(shop, {
      product_name: "Store Lotus Soap",
      price: 4.5,
      image_urls: ["https://images.example.com/soap.jpg"],
    }),
    createCampaign(shop, { product_name: "Store Closed Tea" }),
    createCampaign(shop, { product_name: "Store Pending Tea" }),
  ]);
  links.silk = await approvedLink(creator, silk.id);
  links.soap = await approvedLink(creator, soap.id);
  links.closed = await approvedLink(creator, closed.id);
  links.pending = (await apply(creator, pending.id)).id;
  links.strangers = await approvedLink(stranger, silk.id);
  await deactivate(shop, closed.id);
  handle = `dara.${randomUUID().slice(0, 8)}`;
});

describe("the handle", () => {
  it("is saved lower-case without a leading @, shown on the account", async () => {
    const saved = await profile(creator, `@${handle.toUpperCase()}`);
    expect(saved.status).toBe(200);
    expect(saved.body.user.store_handle).toBe(handle);
    expect((await api("GET", "/auth/me", { token: creator.token })).body.user.store_handle).toBe(handle);
  });

  it.each([
    ["too short", "ab"],
    ["with a space", "dara style"],
    ["in Khmer letters", "ដារា"],
    ["too long", "a".repeat(31)],
  ])("is refused %s, naming the rule", async (_case, value) => {
    const refused = await profile(stranger, value);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: "store_handle",
      message: "Store name must be 3 to 30 lower-case letters, digits, dots or underscores",
    });
  });

  it("is unique: another influencer is told it is taken, and keeps their own", async () => {
    const refused = await profile(stranger, handle);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      field: "store_handle",
      message: "This store name is already taken. Choose another",
    });
    expect((await api("GET", "/auth/me", { token: stranger.token })).body.user.store_handle).toBeNull();
  });

  it("is for influencers only", async () => {
    const refused = await profile(shop, "silk.house");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: "store_handle", message: "Only influencers have a storefront" });
  });
});

describe("the chosen links", () => {
  it("start empty, with the store's address once a handle is set", async () => {
    const settings = await api("GET", "/affiliate-links/storefront", { token: creator.token });
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ handle, url: `${stackUrl()}/s/${handle}`, link_ids: [] });
  });

  it("are saved in the influencer's order", async () => {
    const saved = await choose(creator, [links.soap, links.silk, links.closed]);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: "Storefront saved",
      handle,
      url: `${stackUrl()}/s/${handle}`,
      link_ids: [links.soap, links.silk, links.closed],
    });
  });

  it.each([
    ["a pending link", () => [links.pending], () => `Link ${links.pending} is not one of your approved links`],
    [
      "another influencer's link",
      () => [links.strangers],
      () => `Link ${links.strangers} is not one of your approved links`,
    ],
    ["a link twice", () => [links.silk, links.silk], () => "Each product can appear only once in the storefront"],
    ["51 links", () => Array.from({ length: 51 }, () => randomUUID()), () => "A storefront shows at most 50 products"],
    ["something else than ids", () => ["silk"], () => "Each link id must be a valid id"],
  ])("refuse %s and keep the saved choice", async (_case, ids, message) => {
    const refused = await choose(creator, ids());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message());
    const settings = await api("GET", "/affiliate-links/storefront", { token: creator.token });
    expect(settings.body.link_ids).toEqual([links.soap, links.silk, links.closed]);
  });

  it("are the owner's alone: a shop cannot choose any", async () => {
    expect((await choose(shop, [links.silk])).status).toBe(403);
  });
});

describe("a visitor", () => {
  it("sees the name and the products that take orders now, in order, each through its store link", async () => {
    const store = await api("GET", `/store/${handle.toUpperCase()}`);
    expect(store.status).toBe(200);
    const [{ short_code: soapCode }] = await sql<{ short_code: string }[]>`
      select short_code from public.affiliate_links where id = ${links.soap}`;
    expect(store.body).toMatchObject({ handle, url: `${stackUrl()}/s/${handle}` });
    expect(store.body.display_name).toBe(creator.user.full_name);
    // The closed campaign stays chosen but is not shown.
    expect(store.body.products.map((p: { product_name: string }) => p.product_name)).toEqual([
      "Store Lotus Soap",
      "Store Silk Scarf",
    ]);
    const [soap, silk] = store.body.products;
    expect(soap).toMatchObject({
      link_id: links.soap,
      price: 4.5,
      price_cents: 450,
      short_url: `${stackUrl()}/r/${soapCode}?s=store`,
      image: { url: "https://images.example.com/soap.jpg", width: null, sizes: [] },
    });
    expect(silk.image).toMatchObject({ url: sizedImage, width: 1200, height: 900, placeholder: "#a1b2c3" });
    expect(silk.image.sizes.map((size: { width: number }) => size.width)).toEqual([1200, 800, 400, 128]);
  });

  it("counts a click on a product under the store", async () => {
    const store = await api("GET", `/store/${handle}`);
    const shortUrl = new URL(store.body.products[0].short_url);
    const redirect = await open(shortUrl.pathname + shortUrl.search, `${iPhone} store-${Math.random()}`);
    expect(redirect.status).toBe(302);
    const ref = new URL(redirect.headers.get("location")!).searchParams.get("ref");
    const [click] = await sql<{ source: string }[]>`select source from public.link_clicks where id = ${ref}`;
    expect(click.source).toBe("store");
    const stats = await api("GET", "/affiliate-links/stats", { token: creator.token });
    expect(stats.body.totals.by_source.store.clicks).toBeGreaterThanOrEqual(1);
  });

  it("is told an unknown store does not exist", async () => {
    const unknown = await api("GET", `/store/nobody.${randomUUID().slice(0, 8)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("This store does not exist or is closed");
    expect((await api("GET", "/store/%3Cscript%3E")).status).toBe(404);
  });
});

describe("the address to share, /s/<handle>", () => {
  it("sends a person to the store page, in the language the link asks for", async () => {
    const answer = await open(`/s/${handle}`, iPhone);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${stackUrl()}/store/${handle}`);
    const khmer = await open(`/s/${handle}?lang=km`, iPhone);
    expect(khmer.headers.get("location")).toBe(`${stackUrl()}/store/${handle}?lang=km`);
  });

  it("gives a link-preview crawler the influencer's name and first product", async () => {
    const answer = await open(`/s/${handle}`, facebookCrawler);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toContain(`<meta property="og:title" content="${creator.user.full_name}&#39;s picks">`);
    expect(html).toContain(
      `<meta property="og:description" content="Store Lotus Soap, $4.50, and 1 more · cash on delivery">`,
    );
    expect(html).toContain(`<meta property="og:image" content="https://images.example.com/soap.jpg">`);
    expect(html).toContain(`<meta property="og:url" content="${stackUrl()}/s/${handle}">`);
  });

  it("gives a crawler a 404 page for an unknown store", async () => {
    const answer = await open(`/s/nobody.${randomUUID().slice(0, 8)}`, facebookCrawler);
    expect(answer.status).toBe(404);
  });
});

describe("a save beside the influencer's orders", () => {
  // A save locks the influencer's account row (two tabs' saves queue). It once locked it for update,
  // which also held back every order through the influencer's links (their keys point at it).
  it("does not hold back a checkout through the influencer's links while it runs", async () => {
    const seller = await influencer();
    const campaign = await createCampaign(shop, { product_name: "Store Busy Pepper" });
    const linkId = await approvedLink(seller, campaign.id);
    expect((await choose(seller, [linkId])).status).toBe(200);
    const holder = await sql.reserve();
    try {
      // Something else holds the chosen links for a moment, so the next save stops half-way,
      // holding the account's row.
      await holder`begin`;
      await holder`select 1 from public.storefront_links where influencer_id = ${seller.user.id} for update`;
      const save = choose(seller, [linkId]);
      await waitingForLock(sql, "set_storefront_links");

      const placed = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
        body: checkoutBody(seller.user.id, campaign.id),
      });
      expect(placed.status).toBe(201);
      await holder`commit`;
      expect((await save).status).toBe(200);
    } finally {
      await holder`rollback`;
      holder.release();
    }
  });
});

describe("a suspended influencer", () => {
  it("has no store any more", async () => {
    const suspended = await api("PUT", `/admin/users/${creator.user.id}/status`, {
      token: (await admin()).token,
      body: { status: "suspended", reason: "Storefront test" },
    });
    expect(suspended.status).toBe(200);
    expect((await api("GET", `/store/${handle}`)).status).toBe(404);
    expect((await open(`/s/${handle}`, facebookCrawler)).status).toBe(404);
  });
});
