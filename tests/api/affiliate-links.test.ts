// Affiliate link and keyword trigger paths (docs/api.md, "Affiliate links and keyword triggers")
// through the gateway, the real api function and real Postgres: apply, own links, the admin's lists
// and decisions (with the cap of 10 per campaign), keyword triggers, and what deactivating a
// campaign does to them.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";
import { stackUrl } from "../helpers/stack.ts";
import {
  type Account,
  admin,
  apply,
  business,
  checkoutUrl,
  createCampaign,
  deactivate,
  decideLink,
  influencer,
  unknownId,
} from "../helpers/accounts.ts";

const appliedMessage = "Your link application has been submitted and is pending admin approval.";

let shop: Account;
let creator: Account;
beforeAll(async () => {
  [shop, creator] = await Promise.all([business(), influencer()]);
});

/** An approved link's short URL: the app's origin, /r/ and seven letters and digits. */
const shortUrlPattern = new RegExp(`^${stackUrl().replace(/[.]/g, "\\.")}/r/[A-Za-z0-9]{7}$`);

/** A link as its influencer sees it, to a campaign of pageForm's price and rate. */
function ownLink(
  owner: Account,
  campaign: { id: string; product_name: string },
  changes: Record<string, unknown> = {},
) {
  return {
    id: expect.any(String),
    influencer_id: owner.user.id,
    campaign_id: campaign.id,
    campaign_name: campaign.product_name,
    campaign_price: 12.5,
    campaign_price_cents: 1250,
    campaign_commission_rate: 0.15,
    status: "pending",
    is_approved: false,
    campaign_status: "active",
    is_active: false,
    affiliate_url: null,
    short_url: null,
    keyword: null,
    created_at: expect.any(String),
    decided_at: null,
    rejection_reason: null,
    attempt: 1,
    reapplied_at: null,
    can_reapply: false,
    ...changes,
  };
}

/** A link as admins list it. */
function application(
  owner: Account,
  campaign: { id: string; product_name: string },
  changes: Record<string, unknown> = {},
) {
  return {
    id: expect.any(String),
    influencer_id: owner.user.id,
    influencer_email: owner.user.email,
    campaign_id: campaign.id,
    campaign_name: campaign.product_name,
    affiliate_url: checkoutUrl(owner.user.id, campaign.id),
    status: "pending",
    is_approved: false,
    created_at: expect.any(String),
    decided_at: null,
    rejection_reason: null,
    attempt: 1,
    reapplied_at: null,
    previous_rejection: null,
    flags: [],
    shared_with_shop: [],
    ...changes,
  };
}

const approvedChanges = (owner: Account, campaign: { id: string }, keyword: string) => ({
  status: "approved",
  is_approved: true,
  is_active: true,
  affiliate_url: checkoutUrl(owner.user.id, campaign.id),
  short_url: expect.stringMatching(shortUrlPattern),
  keyword,
  decided_at: expect.any(String),
});

async function myLinks(owner: Account) {
  const res = await api("GET", "/affiliate-links/my-links", { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.links as any[];
}

async function myTriggers(owner: Account) {
  const res = await api("GET", "/keyword-triggers/my-triggers", { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.triggers as any[];
}

describe("POST /affiliate-links/apply", () => {
  it("records a pending application and answers 201", async () => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const res = await api("POST", "/affiliate-links/apply", {
      token: applicant.token,
      body: { campaign_id: campaign.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: appliedMessage, link: ownLink(applicant, campaign) });
    expect(await myLinks(applicant)).toEqual([res.body.link]);
  });

  it("refuses a second application for the same campaign with 409", async () => {
    const campaign = await createCampaign(shop);
    const first = await apply(creator, campaign.id);
    const res = await api("POST", "/affiliate-links/apply", {
      token: creator.token,
      body: { campaign_id: campaign.id.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: "You have already applied for this campaign" });
    expect((await myLinks(creator)).filter((l) => l.campaign_id === campaign.id)).toEqual([first]);
  });

  it("refuses an inactive campaign with 409, with or without an earlier application", async () => {
    const campaign = await createCampaign(shop);
    const earlier = await influencer();
    await apply(earlier, campaign.id);
    await deactivate(shop, campaign.id);
    for (const caller of [creator, earlier]) {
      const res = await api("POST", "/affiliate-links/apply", {
        token: caller.token,
        body: { campaign_id: campaign.id },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: "conflict", message: "This campaign is no longer accepting new orders" });
    }
    expect((await myLinks(creator)).some((l) => l.campaign_id === campaign.id)).toBe(false);
  });

  it.each([
    ["an unknown campaign", { campaign_id: unknownId }, 404, { error: "not_found", message: "Campaign not found" }],
    [
      "a malformed id",
      { campaign_id: "42" },
      400,
      { error: "invalid_input", field: "campaign_id", message: "campaign_id must be a valid id" },
    ],
    ["no id", {}, 400, { error: "invalid_input", field: "campaign_id", message: "campaign_id is required" }],
  ])("refuses %s", async (_case, body, status, answer) => {
    const res = await api("POST", "/affiliate-links/apply", { token: creator.token, body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
  });

  it.each([
    [
      "a pending influencer",
      () => influencer("pending"),
      "Your account is pending admin approval. You can apply for affiliate links once it is approved.",
    ],
    [
      "a rejected influencer",
      () => influencer("rejected"),
      "Your influencer account was not approved, so you cannot apply for affiliate links",
    ],
    ["a business", () => Promise.resolve(shop), "Only influencers can apply for affiliate links"],
    ["an admin", () => admin(), "Only influencers can apply for affiliate links"],
  ])("refuses %s with 403 and records nothing", async (_who, account, message) => {
    const campaign = await createCampaign(shop);
    const res = await api("POST", "/affiliate-links/apply", {
      token: (await account()).token,
      body: { campaign_id: campaign.id },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message });
    const all = (await api("GET", "/admin/affiliate-links/all", { token: (await admin()).token })).body.applications;
    expect(all.some((a: any) => a.campaign_id === campaign.id)).toBe(false);
  });

  it("refuses an anonymous caller with 401", async () => {
    const res = await api("POST", "/affiliate-links/apply", { body: { campaign_id: unknownId } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: "Please sign in to continue" });
  });
});

describe("GET /affiliate-links/my-links", () => {
  it("answers only the caller's links, newest first, each in its state", async () => {
    const applicant = await influencer();
    const other = await influencer();
    const [scarf, tie, belt] = await Promise.all([
      createCampaign(shop, { product_name: "Silk Scarf" }),
      createCampaign(shop, { product_name: "Silk Tie" }),
      createCampaign(shop, { product_name: "Leather Belt" }),
    ]);
    const pending = await apply(applicant, scarf.id);
    const approved = await apply(applicant, tie.id);
    const rejected = await apply(applicant, belt.id);
    await apply(other, scarf.id);
    await decideLink(approved.id, "approve");
    await decideLink(rejected.id, "reject");
    expect(await myLinks(applicant)).toEqual([
      ownLink(applicant, belt, {
        id: rejected.id,
        status: "rejected",
        decided_at: expect.any(String),
        rejection_reason: "Test rejection",
        can_reapply: true,
      }),
      ownLink(applicant, tie, { id: approved.id, ...approvedChanges(applicant, tie, "SILK") }),
      ownLink(applicant, scarf, { id: pending.id }),
    ]);
    // The other influencer's list holds only its own link.
    expect((await myLinks(other)).map((l) => [l.influencer_id, l.campaign_id])).toEqual([[other.user.id, scarf.id]]);
  });

  it("answers an empty list to an influencer without links", async () => {
    expect(await myLinks(await influencer("pending"))).toEqual([]);
  });

  it.each([
    ["a business", () => Promise.resolve(shop)],
    ["an admin", () => admin()],
  ])("refuses %s with 403", async (_who, account) => {
    const res = await api("GET", "/affiliate-links/my-links", { token: (await account()).token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only influencers can see affiliate links" });
  });
});

describe("GET /admin/affiliate-links/all and /pending", () => {
  it("lists every application newest first, and the pending ones apart", async () => {
    const { token } = await admin();
    const campaign = await createCampaign(shop, { product_name: "Kampot Pepper" });
    const [first, second] = await Promise.all([influencer(), influencer()]);
    const older = await apply(first, campaign.id);
    const newer = await apply(second, campaign.id);
    await decideLink(older.id, "approve");

    const all = await api("GET", "/admin/affiliate-links/all", { token });
    expect(all.status).toBe(200);
    expect(all.body.applications.slice(0, 2)).toEqual([
      application(second, campaign, { id: newer.id }),
      application(first, campaign, {
        id: older.id,
        status: "approved",
        is_approved: true,
        decided_at: expect.any(String),
      }),
    ]);
    const times = all.body.applications.map((a: any) => Date.parse(a.created_at));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));

    const pending = await api("GET", "/admin/affiliate-links/pending", { token });
    expect(pending.status).toBe(200);
    expect(pending.body.applications[0]).toEqual(application(second, campaign, { id: newer.id }));
    expect(pending.body.applications.every((a: any) => a.status === "pending" && !a.is_approved)).toBe(true);
    expect(pending.body.applications.some((a: any) => a.id === older.id)).toBe(false);
  });

  it.each(["/admin/affiliate-links/all", "/admin/affiliate-links/pending"])(
    "refuses non-admins on %s",
    async (path) => {
      for (const account of [shop, creator]) {
        const res = await api("GET", path, { token: account.token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: "forbidden", message: "Only admins can use the admin tools" });
      }
      expect((await api("GET", path)).status).toBe(401);
    },
  );
});

describe("the self_dealing flag on an application", () => {
  // A known-good KHQR (bakong-khqr SDK documentation): the same Bakong account for both parties.
  const khqr =
    "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38";
  const profile = async (who: Account, body: Record<string, unknown>) =>
    expect((await api("PUT", "/auth/profile", { token: who.token, body })).status).toBe(200);

  it("shows the admin what the influencer shares with the shop, and neither party sees it", async () => {
    const owner = await business();
    const campaign = await createCampaign(owner, { product_name: "Self-dealt Scarf" });
    const [stranger, twin] = await Promise.all([influencer(), influencer()]);
    // The shop's store phone is 012 345 678 (tests/helpers/api.ts).
    await profile(owner, { bank_name: "ABA Bank", account_name: "Shop", account_number: "012 999 777", khqr });
    await profile(twin, {
      phone: "012 345 678",
      bank_name: "ABA Bank",
      account_name: "Owner",
      account_number: "012999777",
      khqr,
    });
    await profile(stranger, { phone: "096 999 9999", account_number: "555 444 333" });
    const clean = await apply(stranger, campaign.id);
    const flagged = await apply(twin, campaign.id);

    const { token } = await admin();
    const pending = await api("GET", "/admin/affiliate-links/pending", { token });
    expect(pending.status).toBe(200);
    const byId = new Map(pending.body.applications.map((a: { id: string }) => [a.id, a]));
    expect(byId.get(flagged.id)).toEqual(
      application(twin, campaign, {
        id: flagged.id,
        flags: ["self_dealing"],
        shared_with_shop: ["bank_account", "khqr_account", "phone"],
      }),
    );
    expect(byId.get(clean.id)).toEqual(application(stranger, campaign, { id: clean.id }));

    // The decision's answer carries it too; the flag informs, it does not block.
    const approved = await api("PUT", `/admin/affiliate-links/${flagged.id}/approve`, { token });
    expect(approved.status).toBe(200);
    expect(approved.body.link).toMatchObject({ flags: ["self_dealing"], status: "approved" });

    // The influencer's own view of the link says nothing of it.
    const mine = await api("GET", "/affiliate-links/my-links", { token: twin.token });
    const own = mine.body.links.find((link: { id: string }) => link.id === flagged.id);
    expect(own).toEqual(ownLink(twin, campaign, { ...approvedChanges(twin, campaign, own.keyword), id: flagged.id }));
    expect(own).not.toHaveProperty("flags");
    expect(own).not.toHaveProperty("shared_with_shop");
  });
});

describe("PUT /admin/affiliate-links/{id}/approve and /reject", () => {
  it("approves a pending link, which gets a keyword trigger holding the link", async () => {
    const campaign = await createCampaign(shop, { product_name: "Lotus Tea set" });
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    const res = await api("PUT", `/admin/affiliate-links/${link.id}/approve`, { token: (await admin()).token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Affiliate link approved",
      link: application(applicant, campaign, {
        id: link.id,
        status: "approved",
        is_approved: true,
        decided_at: expect.any(String),
      }),
    });
    expect(await myLinks(applicant)).toEqual([
      ownLink(applicant, campaign, { id: link.id, ...approvedChanges(applicant, campaign, "LOTUS") }),
    ]);
    expect(await myTriggers(applicant)).toEqual([
      {
        id: expect.any(String),
        affiliate_link_id: link.id,
        campaign_id: campaign.id,
        campaign_name: "Lotus Tea set",
        keyword: "LOTUS",
        dm_template_text:
          "សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ {product}។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ {link}\n\n" +
          "Hi! Thanks for asking about {product}. Order here and pay cash on delivery: {link}",
        short_url: expect.stringMatching(shortUrlPattern),
        is_active: true,
        created_at: expect.any(String),
      },
    ]);
  });

  it("rejects a pending link with a reason; the influencer sees it rejected with the reason, without a URL or trigger", async () => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    const res = await api("PUT", `/admin/affiliate-links/${link.id}/reject`, {
      token: (await admin()).token,
      body: { reason: "  Your page has too few followers in Cambodia  " },
    });
    expect(res.status).toBe(200);
    const rejected = {
      id: link.id,
      status: "rejected",
      decided_at: expect.any(String),
      rejection_reason: "Your page has too few followers in Cambodia",
    };
    expect(res.body).toEqual({ message: "Affiliate link rejected", link: application(applicant, campaign, rejected) });
    expect(await myLinks(applicant)).toEqual([ownLink(applicant, campaign, { ...rejected, can_reapply: true })]);
    expect(await myTriggers(applicant)).toEqual([]);
    // The admin's lists carry it too; the business whose campaign it was never reads it.
    const all = await api("GET", "/admin/affiliate-links/all", { token: (await admin()).token });
    expect(all.body.applications.find((a: { id: string }) => a.id === link.id)).toMatchObject({
      rejection_reason: rejected.rejection_reason,
    });
  });

  it.each([
    ["no body", undefined, "A reason is required to reject"],
    ["no reason", {}, "A reason is required to reject"],
    ["a blank reason", { reason: "   " }, "A reason is required to reject"],
    ["a reason that is not text", { reason: 42 }, "A reason is required to reject"],
    ["a reason over 500 characters", { reason: "x".repeat(501) }, "Reason must be at most 500 characters"],
  ])("refuses a rejection with %s (400 naming reason) and the link stays pending", async (_case, body, message) => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    const res = await api("PUT", `/admin/affiliate-links/${link.id}/reject`, { token: (await admin()).token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_input", field: "reason", message });
    expect(await myLinks(applicant)).toEqual([ownLink(applicant, campaign, { id: link.id })]);
  });

  it("keeps no reason for an approval, even when one is sent", async () => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    const res = await api("PUT", `/admin/affiliate-links/${link.id}/approve`, {
      token: (await admin()).token,
      body: { reason: "ignored" },
    });
    expect(res.status).toBe(200);
    expect(res.body.link.rejection_reason).toBeNull();
    expect((await myLinks(applicant))[0].rejection_reason).toBeNull();
  });

  it.each([
    ["approve", "approve", "Affiliate link is already approved"],
    ["approve", "reject", "Affiliate link is already approved"],
    ["reject", "approve", "Affiliate link is already rejected"],
    ["reject", "reject", "Affiliate link is already rejected"],
  ])("refuses to decide again (%s, then %s) with 409", async (first, second, message) => {
    const campaign = await createCampaign(shop);
    const link = await apply(creator, campaign.id);
    await decideLink(link.id, first as "approve" | "reject");
    const res = await api("PUT", `/admin/affiliate-links/${link.id}/${second}`, {
      token: (await admin()).token,
      body: { reason: "Second thoughts" },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message });
  });

  it("refuses the 11th approval for one campaign and keeps that link pending", async () => {
    const campaign = await createCampaign(shop, { product_name: "Popular Scarf" });
    const applicants = await Promise.all(Array.from({ length: 11 }, () => influencer()));
    const links = [];
    for (const applicant of applicants) links.push(await apply(applicant, campaign.id));
    const { token } = await admin();
    for (const link of links.slice(0, 10)) {
      expect((await api("PUT", `/admin/affiliate-links/${link.id}/approve`, { token })).status).toBe(200);
    }
    const eleventh = await api("PUT", `/admin/affiliate-links/${links[10].id}/approve`, { token });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({
      error: "conflict",
      message: "This campaign already has the maximum of 10 approved links",
    });
    expect(await myLinks(applicants[10])).toEqual([ownLink(applicants[10], campaign, { id: links[10].id })]);
    expect(await myTriggers(applicants[10])).toEqual([]);
    // It can still be rejected, so the admin's pending list empties.
    const reason = { reason: "The campaign is full" };
    expect((await api("PUT", `/admin/affiliate-links/${links[10].id}/reject`, { token, body: reason })).status).toBe(
      200,
    );
  });

  it("refuses to approve a link to a deactivated campaign, but can reject it", async () => {
    const campaign = await createCampaign(shop);
    const link = await apply(creator, campaign.id);
    await deactivate(shop, campaign.id);
    const { token } = await admin();
    const approve = await api("PUT", `/admin/affiliate-links/${link.id}/approve`, { token });
    expect(approve.status).toBe(409);
    expect(approve.body).toEqual({ error: "conflict", message: "The campaign is no longer active" });
    const reject = await api("PUT", `/admin/affiliate-links/${link.id}/reject`, {
      token,
      body: { reason: "The campaign has ended" },
    });
    expect(reject.status).toBe(200);
    expect(reject.body.link).toMatchObject({ id: link.id, status: "rejected" });
  });

  it("answers 404 for an unknown link and 400 for a malformed id", async () => {
    const { token } = await admin();
    for (const action of ["approve", "reject"]) {
      const body = { reason: "Not for this campaign" };
      const unknown = await api("PUT", `/admin/affiliate-links/${unknownId}/${action}`, { token, body });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: "not_found", message: "Affiliate link not found" });
      const malformed = await api("PUT", `/admin/affiliate-links/xyz/${action}`, { token, body });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: "invalid_input", field: "id", message: "id must be a valid id" });
    }
  });

  it("refuses anyone but an admin, the link's own influencer included, and the link stays pending", async () => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    for (const account of [applicant, creator, shop]) {
      const res = await api("PUT", `/admin/affiliate-links/${link.id}/approve`, { token: account.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "forbidden", message: "Only admins can use the admin tools" });
    }
    expect((await myLinks(applicant))[0]).toMatchObject({ id: link.id, status: "pending" });
  });
});

describe("deactivating a campaign", () => {
  it("makes its approved links and their keyword triggers inactive; it cannot be reactivated", async () => {
    const campaign = await createCampaign(shop, { product_name: "Rattan Bag" });
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    await decideLink(link.id, "approve");
    expect((await myLinks(applicant))[0]).toMatchObject({ is_active: true, campaign_status: "active" });
    expect((await myTriggers(applicant))[0]).toMatchObject({ keyword: "RATTAN", is_active: true });

    await deactivate(shop, campaign.id);
    expect(await myLinks(applicant)).toEqual([
      ownLink(applicant, campaign, {
        id: link.id,
        ...approvedChanges(applicant, campaign, "RATTAN"),
        is_active: false,
        campaign_status: "inactive",
      }),
    ]);
    expect(await myTriggers(applicant)).toEqual([
      expect.objectContaining({ affiliate_link_id: link.id, keyword: "RATTAN", is_active: false }),
    ]);

    const reactivate = await api("PUT", `/campaigns/${campaign.id}`, { token: shop.token, body: { status: "active" } });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body).toEqual({ error: "conflict", message: "An inactive campaign cannot be reactivated" });
    expect((await myLinks(applicant))[0]).toMatchObject({ is_active: false, campaign_status: "inactive" });
    const dashboard = (await api("GET", "/campaigns/business", { token: shop.token })).body.campaigns;
    expect(dashboard.find((c: any) => c.id === campaign.id)).toMatchObject({ status: "inactive", is_active: false });
  });
});

describe("GET /keyword-triggers/my-triggers", () => {
  it("answers the caller's triggers, newest first, keywords unique among the active ones", async () => {
    const applicant = await influencer();
    const other = await influencer();
    const scarf = await createCampaign(shop, { product_name: "Silk Scarf" });
    const tie = await createCampaign(shop, { product_name: "Silk Tie" });
    const scarfLink = await apply(applicant, scarf.id);
    const tieLink = await apply(applicant, tie.id);
    const othersLink = await apply(other, scarf.id);
    await decideLink(scarfLink.id, "approve");
    await decideLink(tieLink.id, "approve");
    await decideLink(othersLink.id, "approve");
    const triggers = await myTriggers(applicant);
    expect(triggers.map((t) => [t.affiliate_link_id, t.campaign_name, t.keyword, t.is_active])).toEqual([
      [tieLink.id, "Silk Tie", "SILK2", true],
      [scarfLink.id, "Silk Scarf", "SILK", true],
    ]);
    // Another influencer's keyword is its own business: it may be SILK too, and is not listed here.
    expect((await myTriggers(other)).map((t) => [t.affiliate_link_id, t.keyword])).toEqual([[othersLink.id, "SILK"]]);
  });

  it("answers an empty list before any approval", async () => {
    expect(await myTriggers(await influencer())).toEqual([]);
  });

  it.each([
    ["a business", () => Promise.resolve(shop)],
    ["an admin", () => admin()],
  ])("refuses %s with 403", async (_who, account) => {
    const res = await api("GET", "/keyword-triggers/my-triggers", { token: (await account()).token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: "Only influencers can see keyword triggers" });
  });

  it("refuses an anonymous caller with 401", async () => {
    expect((await api("GET", "/keyword-triggers/my-triggers")).status).toBe(401);
  });
});
