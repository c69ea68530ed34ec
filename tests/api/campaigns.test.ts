// Campaign paths (docs/api.md, "Campaigns") through the gateway, the real api function and real
// Postgres: every path with its success and each refusal, exact status and body.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import { databaseUrl } from "../helpers/stack.ts";
import {
  type Account,
  admin,
  apply,
  business,
  createCampaign,
  deactivate,
  decideLink,
  influencer,
  pageForm,
  unknownId,
} from "../helpers/accounts.ts";

const sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

let shop: Account;
let otherShop: Account;
let creator: Account;
beforeAll(async () => {
  [shop, otherShop, creator] = await Promise.all([business(), business(), influencer()]);
});

// Dates as stored and answered; pageForm's own default is a window open today.
const fixedDates = { start_date: "2026-12-01", end_date: "2027-01-31" };

const timestamps = { id: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) };

/** The campaign of pageForm(fixedDates) as the API answers it, for `owner`. */
function expectedCampaign(owner: Account, changes: Record<string, unknown> = {}) {
  return {
    ...timestamps,
    business_id: owner.user.id,
    product_name: "Silk Scarf",
    price: 12.5,
    price_cents: 1250,
    commission_rate: 0.15,
    description: "Hand-woven silk from Takeo",
    status: "active",
    is_active: true,
    image_urls: ["https://images.example.com/scarf-1.jpg", "https://images.example.com/scarf-2.jpg"],
    start_date: "2026-12-01",
    end_date: "2027-01-31",
    deactivated_at: null,
    ...changes,
  };
}

const withoutIdentity = ({ id: _id, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest;

describe("POST /campaigns", () => {
  it("creates a campaign from the create page's form and answers 201", async () => {
    const res = await api("POST", "/campaigns", { token: shop.token, body: pageForm(fixedDates) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Campaign created successfully!", campaign: expectedCampaign(shop) });
  });

  it("stores the one payload as the canonical record: text numbers and empty image rows accepted", async () => {
    const asText = pageForm({
      ...fixedDates,
      price: "12.50",
      commission_rate: "0.15",
      image_urls: ["https://images.example.com/scarf-1.jpg", "https://images.example.com/scarf-2.jpg", ""],
    });
    const fromText = await api("POST", "/campaigns", { token: shop.token, body: asText });
    const fromNumbers = await api("POST", "/campaigns", { token: shop.token, body: pageForm(fixedDates) });
    expect([fromText.status, fromNumbers.status]).toEqual([201, 201]);
    expect(fromText.body.campaign).toEqual(expectedCampaign(shop));
    expect(withoutIdentity(fromText.body.campaign)).toEqual(withoutIdentity(fromNumbers.body.campaign));

    const rows = await sql`
      select product_name, price_cents::text, commission_rate::text, description, image_urls, start_date::text, end_date::text
      from public.campaigns where id in ${sql([fromText.body.campaign.id, fromNumbers.body.campaign.id])}`;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]).toEqual({
      product_name: "Silk Scarf",
      price_cents: "1250",
      commission_rate: "0.1500",
      description: "Hand-woven silk from Takeo",
      image_urls: ["https://images.example.com/scarf-1.jpg", "https://images.example.com/scarf-2.jpg"],
      start_date: "2026-12-01",
      end_date: "2027-01-31",
    });
  });

  // The original dashboard form's names (product_price, product_images, product_description) are
  // no longer aliases: a client still sending them learns which field is not one.
  it.each([
    [
      "the whole dashboard form",
      {
        product_name: "Silk Scarf",
        product_price: "12.50",
        commission_rate: "0.15",
        product_images: ["https://images.example.com/scarf-1.jpg"],
        product_description: "Hand-woven silk from Takeo",
      },
      "product_price",
    ],
    ["product_price beside price", pageForm({ product_price: 12.5 }), "product_price"],
    [
      "product_images beside image_urls",
      pageForm({ product_images: ["https://images.example.com/a.jpg"] }),
      "product_images",
    ],
    ["product_description", pageForm({ description: undefined, product_description: "Silk" }), "product_description"],
  ])("refuses %s with 400 naming the unknown field, storing nothing", async (_what, body, field) => {
    const before = await api("GET", "/campaigns/business", { token: shop.token });
    const res = await api("POST", "/campaigns", { token: shop.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message: `${field} is not a field you can set here` });
    expect((await api("GET", "/campaigns/business", { token: shop.token })).body).toEqual(before.body);
  });

  it("keeps prices exact in cents and accepts the page form's optional parts left out", async () => {
    const res = await api("POST", "/campaigns", {
      token: shop.token,
      body: {
        product_name: "Kampot Pepper",
        price: "19.99",
        commission_rate: 0.1,
        image_urls: ["https://images.example.com/pepper.jpg"],
        start_date: null,
        end_date: "",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.campaign).toEqual(
      expectedCampaign(shop, {
        product_name: "Kampot Pepper",
        price: 19.99,
        price_cents: 1999,
        commission_rate: 0.1,
        description: "",
        image_urls: ["https://images.example.com/pepper.jpg"],
        start_date: null,
        end_date: null,
      }),
    );
  });

  it("takes the business from the token: business_id and status in the body are refused", async () => {
    const before = await api("GET", "/campaigns/business", { token: otherShop.token });
    for (const [field, change] of [
      ["business_id", { business_id: otherShop.user.id }],
      ["status", { status: "inactive" }],
    ] as const) {
      const res = await api("POST", "/campaigns", { token: shop.token, body: pageForm(change) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "invalid_input", field, message: `${field} is not a field you can set here` });
    }
    expect((await api("GET", "/campaigns/business", { token: otherShop.token })).body).toEqual(before.body);
    const res = await api("POST", "/campaigns", { token: shop.token, body: pageForm() });
    expect(res.status).toBe(201);
    expect(res.body.campaign).toMatchObject({ business_id: shop.user.id, status: "active" });
  });

  it.each([
    ["product_name", { product_name: "" }, "Product name is required"],
    ["product_name", { product_name: "x".repeat(201) }, "Product name must be at most 200 characters"],
    ["price", { price: undefined }, "Price is required"],
    ["price", { price: 0 }, "Price must be greater than 0"],
    ["price", { price: -1 }, "Price must be greater than 0"],
    ["price", { price: "12.345" }, "Price can have at most two decimals"],
    ["price", { price: "twelve" }, "Price must be a number such as 12.50"],
    ["commission_rate", { commission_rate: 15 }, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    ["commission_rate", { commission_rate: "1" }, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    ["commission_rate", { commission_rate: 0 }, "Commission rate must be greater than 0"],
    ["commission_rate", { commission_rate: 0.125 }, "Commission rate can have at most two decimals (0.15 for 15%)"],
    ["commission_rate", { commission_rate: undefined }, "Commission rate is required"],
    ["description", { description: "x".repeat(5001) }, "Description must be at most 5000 characters"],
    ["image_urls", { image_urls: [] }, "Please add at least one product image"],
    ["image_urls", { image_urls: ["", " "] }, "Please add at least one product image"],
    [
      "image_urls",
      { image_urls: Array.from({ length: 6 }, (_, i) => `https://images.example.com/${i}.jpg`) },
      "Maximum 5 images allowed",
    ],
    [
      "image_urls.1",
      { image_urls: ["https://images.example.com/a.jpg", "scarf.jpg"] },
      "Image URL 2 must be a valid http(s) URL",
    ],
    ["start_date", { start_date: "2026-02-30" }, "Start date must be a date in the form YYYY-MM-DD"],
    ["end_date", { start_date: "2026-12-10", end_date: "2026-12-09" }, "End date cannot be before the start date"],
  ])("refuses a bad %s with 400 naming it, storing nothing", async (field, change, message) => {
    const before = await api("GET", "/campaigns/business", { token: shop.token });
    const res = await api("POST", "/campaigns", { token: shop.token, body: pageForm(change) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
    expect((await api("GET", "/campaigns/business", { token: shop.token })).body).toEqual(before.body);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await api("POST", "/campaigns", { token: shop.token, rawBody: "product_name=x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "Request body must be a JSON object" });
  });

  it.each([
    [
      "a pending business",
      () => business("pending"),
      "Your account is pending admin approval. You can create campaigns once it is approved.",
    ],
    [
      "a rejected business",
      () => business("rejected"),
      "Your business account was not approved, so you cannot create campaigns",
    ],
    ["an influencer", () => influencer(), "Only businesses can create campaigns"],
    ["an admin", () => admin(), "Only businesses can create campaigns"],
  ])("refuses %s with 403", async (_who, account, message) => {
    const { token } = await account();
    const res = await api("POST", "/campaigns", { token, body: pageForm(fixedDates) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
  });

  it("refuses an anonymous caller with 401", async () => {
    const res = await api("POST", "/campaigns", { body: pageForm(fixedDates) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: "Please sign in to continue" });
  });
});

describe("GET /campaigns/business", () => {
  it("answers the caller's own campaigns, newest first, inactive ones included", async () => {
    const owner = await business();
    const first = await createCampaign(owner, { ...fixedDates, product_name: "First" });
    const second = await createCampaign(owner, { ...fixedDates, product_name: "Second" });
    await createCampaign(otherShop, { ...fixedDates, product_name: "Not mine" });
    await deactivate(owner, first.id);
    const res = await api("GET", "/campaigns/business", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaigns: [
        expectedCampaign(owner, { id: second.id, product_name: "Second" }),
        expectedCampaign(owner, {
          id: first.id,
          product_name: "First",
          status: "inactive",
          is_active: false,
          deactivated_at: expect.any(String),
        }),
      ],
    });
  });

  it("answers an empty list to a pending business", async () => {
    const res = await api("GET", "/campaigns/business", { token: (await business("pending")).token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ campaigns: [] });
  });

  it.each([
    ["an influencer", () => Promise.resolve(creator)],
    ["an admin", () => admin()],
  ])("refuses %s with 403", async (_who, account) => {
    const res = await api("GET", "/campaigns/business", { token: (await account()).token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only businesses can list their campaigns" });
  });
});

describe("GET /campaigns/active", () => {
  it.each([
    ["an approved influencer", () => Promise.resolve(creator)],
    ["an admin", () => admin()],
  ])("answers active campaigns of every business, newest first, to %s", async (_who, account) => {
    const older = await createCampaign(shop, { ...fixedDates, product_name: "Older" });
    const ended = await createCampaign(otherShop, { ...fixedDates, product_name: "Ended" });
    const newer = await createCampaign(otherShop, { ...fixedDates, product_name: "Newer" });
    await deactivate(otherShop, ended.id);
    const res = await api("GET", "/campaigns/active", { token: (await account()).token });
    expect(res.status).toBe(200);
    const ids = res.body.campaigns.map((c: any) => c.id);
    expect(ids.slice(0, 2)).toEqual([newer.id, older.id]);
    expect(ids).not.toContain(ended.id);
    expect(res.body.campaigns[0]).toEqual({
      ...expectedCampaign(otherShop, { id: newer.id, product_name: "Newer" }),
      application_status: null,
    });
    expect(res.body.campaigns.every((c: any) => c.status === "active" && c.is_active)).toBe(true);
    const times = res.body.campaigns.map((c: any) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
  });

  it.each([
    [
      "a pending influencer",
      () => influencer("pending"),
      "Your account is pending admin approval. You can browse active campaigns once it is approved.",
    ],
    [
      "a rejected influencer",
      () => influencer("rejected"),
      "Your influencer account was not approved, so you cannot browse active campaigns",
    ],
    ["a business", () => Promise.resolve(shop), "Only influencers and admins can browse active campaigns"],
  ])("refuses %s with 403", async (_who, account, message) => {
    const res = await api("GET", "/campaigns/active", { token: (await account()).token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
  });

  it("refuses an anonymous caller with 401", async () => {
    expect(await api("GET", "/campaigns/active")).toMatchObject({ status: 401, body: { error: "unauthorized" } });
  });

  it("marks each campaign with the caller's own application status, and only theirs", async () => {
    const applicant = await influencer();
    const [untouched, pending, approved, rejected] = await Promise.all(
      ["Untouched", "Pending", "Approved", "Rejected"].map((name) => createCampaign(shop, { product_name: name })),
    );
    await apply(applicant, pending.id);
    await decideLink((await apply(applicant, approved.id)).id, "approve");
    await decideLink((await apply(applicant, rejected.id)).id, "reject");
    const statuses = async (token: string) => {
      const res = await api("GET", "/campaigns/active", { token });
      expect(res.status).toBe(200);
      return Object.fromEntries(
        res.body.campaigns
          .filter((c: any) => [untouched.id, pending.id, approved.id, rejected.id].includes(c.id))
          .map((c: any) => [c.product_name, c.application_status]),
      );
    };
    expect(await statuses(applicant.token)).toEqual({
      Untouched: null,
      Pending: "pending",
      Approved: "approved",
      Rejected: "rejected",
    });
    // Another influencer, and an admin, applied to none of them.
    const others = { Untouched: null, Pending: null, Approved: null, Rejected: null };
    expect(await statuses(creator.token)).toEqual(others);
    expect(await statuses((await admin()).token)).toEqual(others);
    // What the mark stands for: a second application is refused.
    const again = await api("POST", "/affiliate-links/apply", {
      token: applicant.token,
      body: { campaign_id: pending.id },
    });
    expect(again.status).toBe(409);
  });
});

describe("GET /campaigns/{id}", () => {
  let campaign: { id: string };
  beforeAll(async () => {
    campaign = await createCampaign(shop, fixedDates);
  });

  it.each([
    ["its business", () => Promise.resolve(shop)],
    ["an approved influencer", () => Promise.resolve(creator)],
    ["an admin", () => admin()],
  ])("answers an active campaign to %s", async (_who, account) => {
    const res = await api("GET", `/campaigns/${campaign.id}`, { token: (await account()).token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ campaign: expectedCampaign(shop, { id: campaign.id }) });
  });

  it.each([
    ["another business", () => Promise.resolve(otherShop)],
    ["a pending influencer", () => influencer("pending")],
  ])("answers 404 to %s, who may not see it", async (_who, account) => {
    const res = await api("GET", `/campaigns/${campaign.id}`, { token: (await account()).token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Campaign not found" });
  });

  it("shows an inactive campaign only to influencers holding a link to it", async () => {
    const ended = await createCampaign(shop); // open today: an influencer applies before it ends
    const holder = await influencer();
    await apply(holder, ended.id);
    await deactivate(shop, ended.id);
    const held = await api("GET", `/campaigns/${ended.id}`, { token: holder.token });
    expect(held.status).toBe(200);
    expect(held.body.campaign).toMatchObject({ id: ended.id, status: "inactive", is_active: false });
    const other = await api("GET", `/campaigns/${ended.id}`, { token: creator.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: "not_found", message: "Campaign not found" });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await api("GET", `/campaigns/${unknownId}`, { token: shop.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "Campaign not found" });
    const malformed = await api("GET", "/campaigns/42", { token: shop.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "invalid_input", field: "id", message: "id must be a valid id" });
  });
});

describe("PUT /campaigns/{id}", () => {
  it("changes only the fields sent and answers the campaign", async () => {
    const campaign = await createCampaign(shop, fixedDates);
    const changes = {
      product_name: "Silk Scarf (large)",
      price: "15.05",
      commission_rate: "0.2",
      description: "Now larger",
      image_urls: ["https://images.example.com/large.jpg", ""],
      end_date: "2027-02-28",
    };
    const res = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: changes });
    expect(res.status).toBe(200);
    const updated = expectedCampaign(shop, {
      id: campaign.id,
      product_name: "Silk Scarf (large)",
      price: 15.05,
      price_cents: 1505,
      commission_rate: 0.2,
      description: "Now larger",
      image_urls: ["https://images.example.com/large.jpg"],
      end_date: "2027-02-28",
    });
    expect(res.body).toEqual({ message: "Campaign updated successfully", campaign: updated });
    expect(Date.parse(res.body.campaign.updated_at)).toBeGreaterThan(Date.parse(campaign.created_at as string));
    expect((await api("GET", `/campaigns/${campaign.id}`, { token: shop.token })).body.campaign).toEqual(
      res.body.campaign,
    );
    const price = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: { price: 9 } });
    expect(price.body.campaign).toMatchObject({ price: 9, price_cents: 900, product_name: "Silk Scarf (large)" });
  });

  it("takes the whole payload, as the campaign screen sends it, with the same rules as creating", async () => {
    const campaign = await createCampaign(shop, fixedDates);
    const payload = {
      product_name: "Silk Scarf",
      description: "Hand-woven silk from Takeo",
      price: 18,
      commission_rate: 0.25,
      image_urls: ["https://images.example.com/scarf-1.jpg"],
      start_date: "2026-12-01",
      end_date: null,
    };
    const res = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: payload });
    expect(res.status).toBe(200);
    expect(res.body.campaign).toEqual(
      expectedCampaign(shop, {
        id: campaign.id,
        price: 18,
        price_cents: 1800,
        commission_rate: 0.25,
        image_urls: ["https://images.example.com/scarf-1.jpg"],
        end_date: null,
      }),
    );
    // A rate of 0.15 written as 15 (a percent) is refused, as at creation.
    const asPercent = await api("PUT", `/campaigns/${campaign.id}`, {
      token: shop.token,
      body: { ...payload, commission_rate: 25 },
    });
    expect(asPercent.status).toBe(400);
    expect(asPercent.body).toEqual({
      error: "invalid_input",
      field: "commission_rate",
      message: "Commission rate is a fraction between 0 and 1: write 0.15 for 15%",
    });
  });

  it("applies a new price and rate to new orders only: orders already placed keep theirs", async () => {
    const seller = await business();
    const promoter = await influencer();
    const campaign = await createCampaign(seller); // open today, so it takes orders
    await decideLink((await apply(promoter, campaign.id)).id, "approve");
    let phone = 200_000 + Math.floor(Math.random() * 700_000);
    const placeOrder = async () => {
      const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
        body: {
          influencer_id: promoter.user.id,
          product_id: campaign.id,
          customer_phone: `012 ${String(phone++).replace(/(\d{3})(\d{3})/, "$1 $2")}`,
          delivery_district: "Tuol Kouk",
          delivery_commune: "Tuek L'ak Ti Muoy",
          recipient_name: "Sokha Chan",
          address_line: "House 12, Street 271",
          quantity: 2,
        },
      });
      expect(res.status).toBe(201);
      return res.body.order as { id: string };
    };

    const linkCard = async () => {
      const res = await api("GET", "/affiliate-links/my-links", { token: promoter.token });
      const link = res.body.links.find((item: any) => item.campaign_id === campaign.id);
      return [link.campaign_price, link.campaign_price_cents, link.campaign_commission_rate];
    };
    expect(await linkCard()).toEqual([12.5, 1250, 0.15]);

    const before = await placeOrder();
    const edited = await api("PUT", `/campaigns/${campaign.id}`, {
      token: seller.token,
      body: { price: 15.05, commission_rate: 0.2 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.campaign).toMatchObject({ price: 15.05, price_cents: 1505, commission_rate: 0.2 });
    // The influencer's link shows the campaign's price and rate as they are now.
    expect(await linkCard()).toEqual([15.05, 1505, 0.2]);
    const after = await placeOrder();

    const orders = (await api("GET", "/orders/user/all", { token: seller.token })).body.orders as any[];
    const amounts = (id: string) => {
      const order = orders.find((item) => item.id === id);
      return {
        product_price: order.product_price,
        unit_price_cents: order.unit_price_cents,
        subtotal_cents: order.subtotal_cents,
        commission_rate: order.commission_rate,
      };
    };
    expect(amounts(before.id)).toEqual({
      product_price: 12.5,
      unit_price_cents: 1250,
      subtotal_cents: 2500,
      commission_rate: 0.15,
    });
    expect(amounts(after.id)).toEqual({
      product_price: 15.05,
      unit_price_cents: 1505,
      subtotal_cents: 3010,
      commission_rate: 0.2,
    });
    // The commission the ledger will post is the order's own: 15% of $25.00, 20% of $30.10.
    const commissions = await sql<{ id: string; commission_cents: string }[]>`
      select id, commission_cents::text from public.orders where id in ${sql([before.id, after.id])}`;
    expect(Object.fromEntries(commissions.map((row) => [row.id, row.commission_cents]))).toEqual({
      [before.id]: "375",
      [after.id]: "602",
    });
    // The checkout shows the new price.
    const info = await api("GET", `/checkout/info?influencer_id=${promoter.user.id}&product_id=${campaign.id}`);
    expect(info.body.campaign).toMatchObject({ price: 15.05, price_cents: 1505 });
  });

  it("deactivates once and for all; the campaign stays on the dashboard", async () => {
    const campaign = await createCampaign(shop, fixedDates);
    const res = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: { status: "inactive" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Campaign updated successfully",
      campaign: expectedCampaign(shop, {
        id: campaign.id,
        status: "inactive",
        is_active: false,
        deactivated_at: expect.any(String),
      }),
    });
    const again = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: { status: "active" } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", message: "An inactive campaign cannot be reactivated" });
    const listed = (await api("GET", "/campaigns/business", { token: shop.token })).body.campaigns.find(
      (c: any) => c.id === campaign.id,
    );
    expect(listed).toEqual(res.body.campaign);
  });

  it.each([
    ["price", { price: "1.001" }, "Price can have at most two decimals"],
    ["commission_rate", { commission_rate: 15 }, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    ["image_urls", { image_urls: [] }, "Please add at least one product image"],
    [
      "image_urls",
      { image_urls: Array.from({ length: 6 }, (_, i) => `https://images.example.com/${i}.jpg`) },
      "Maximum 5 images allowed",
    ],
    ["status", { status: "paused" }, "Status must be active or inactive"],
    ["product_name", { product_name: " " }, "Product name is required"],
    ["end_date", { end_date: "2026-11-30" }, "End date cannot be before the start date"],
    ["start_date", { start_date: "2027-02-01" }, "End date cannot be before the start date"],
    ["business_id", { business_id: unknownId }, "business_id is not a field you can set here"],
    // The original dashboard form's names, alone or beside the payload's own.
    ["product_price", { product_price: "15.05" }, "product_price is not a field you can set here"],
    ["product_price", { product_price: "15.05", price: "15.05" }, "product_price is not a field you can set here"],
    [
      "product_images",
      { product_images: ["https://images.example.com/large.jpg"] },
      "product_images is not a field you can set here",
    ],
    [
      "product_description",
      { product_description: "Now larger" },
      "product_description is not a field you can set here",
    ],
  ])("refuses a bad %s with 400 and changes nothing", async (_name, body, message) => {
    const campaign = await createCampaign(shop, fixedDates);
    const res = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body });
    expect(res.status).toBe(400);
    // A date that crosses the one already stored is reported on end_date, like the form's rule.
    const field = Object.keys(body)[0] === "start_date" ? "end_date" : Object.keys(body)[0];
    expect(res.body).toEqual({ error: "invalid_input", field, message });
    expect((await api("GET", `/campaigns/${campaign.id}`, { token: shop.token })).body.campaign).toEqual(campaign);
  });

  it("refuses an empty change", async () => {
    const campaign = await createCampaign(shop, fixedDates);
    const res = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", message: "Nothing to update" });
  });

  it("refuses another business's campaign with 403 and leaves it unchanged", async () => {
    const campaign = await createCampaign(shop, fixedDates);
    const res = await api("PUT", `/campaigns/${campaign.id}`, {
      token: otherShop.token,
      body: { price: 1, status: "inactive" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "You can only edit your own campaigns" });
    expect((await api("GET", `/campaigns/${campaign.id}`, { token: shop.token })).body.campaign).toEqual(campaign);
  });

  it.each([
    ["an influencer", () => Promise.resolve(creator), "Only businesses can edit campaigns"],
    ["an admin", () => admin(), "Only businesses can edit campaigns"],
    [
      "a pending business",
      () => business("pending"),
      "Your account is pending admin approval. You can edit campaigns once it is approved.",
    ],
  ])("refuses %s with 403", async (_who, account, message) => {
    const campaign = await createCampaign(shop, fixedDates);
    const res = await api("PUT", `/campaigns/${campaign.id}`, {
      token: (await account()).token,
      body: { status: "inactive" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
    expect((await api("GET", `/campaigns/${campaign.id}`, { token: shop.token })).body.campaign.status).toBe("active");
  });

  it("answers 404 for an unknown campaign and 400 for a malformed id", async () => {
    const unknown = await api("PUT", `/campaigns/${unknownId}`, { token: shop.token, body: { price: 1 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "Campaign not found" });
    const malformed = await api("PUT", "/campaigns/not-an-id", { token: shop.token, body: { price: 1 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "invalid_input", field: "id", message: "id must be a valid id" });
  });
});
