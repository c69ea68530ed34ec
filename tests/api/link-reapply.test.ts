// Applying again after a rejection (issue 26, docs/api.md "POST /affiliate-links/apply"): an
// influencer whose link application was rejected applies to that campaign again, once, through the
// same path; the admin sees it is a second application with the first rejection's reason and date,
// and the business whose campaign it is never reads a reason. Through the gateway, the real api
// function and real Postgres.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";
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

const againMessage = "Your link application has been submitted again and is pending admin approval.";
const onceMessage = "You can apply again only once after a rejection";
const alreadyMessage = "You have already applied for this campaign";

let shop: Account;
beforeAll(async () => {
  shop = await business();
});

function applyAgain(applicant: Account, campaignId: string) {
  return api("POST", "/affiliate-links/apply", { token: applicant.token, body: { campaign_id: campaignId } });
}

async function myLink(owner: Account, linkId: string) {
  const res = await api("GET", "/affiliate-links/my-links", { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body.links as { id: string; [key: string]: unknown }[]).find((link) => link.id === linkId);
}

/** The application as the admin's board lists it (paging through ?status until it is found). */
async function onBoard(linkId: string, status: "pending" | "approved" | "rejected") {
  const token = (await admin()).token;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const res = await api("GET", `/admin/affiliate-links/all?status=${status}&limit=100${query}`, { token });
    expect(res.status).toBe(200);
    const found = (res.body.applications as { id: string }[]).find((a) => a.id === linkId);
    if (found) return found as Record<string, unknown>;
    cursor = res.body.next_cursor;
  } while (cursor);
  return undefined;
}

describe("applying again after a rejection", () => {
  it("lets a rejected influencer apply once more; the admin sees the first rejection; a second rejection is final", async () => {
    const campaign = await createCampaign(shop, { product_name: "Kampot Pepper gift box" });
    const applicant = await influencer();
    const first = await apply(applicant, campaign.id);
    expect(first).toMatchObject({ status: "pending", attempt: 1, reapplied_at: null, can_reapply: false });

    const rejected = await decideLink(first.id, "reject", "Too few followers in Cambodia");
    expect(rejected).toMatchObject({
      status: "rejected",
      rejection_reason: "Too few followers in Cambodia",
      attempt: 1,
      reapplied_at: null,
      previous_rejection: null,
    });
    const firstRejectedAt = rejected.decided_at as string;
    expect(await myLink(applicant, first.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "Too few followers in Cambodia",
      attempt: 1,
      can_reapply: true,
    });

    // Apply again: the same link, pending again as the second attempt.
    const again = await applyAgain(applicant, campaign.id);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({
      message: againMessage,
      link: {
        ...(await myLink(applicant, first.id)),
        id: first.id,
        status: "pending",
        is_approved: false,
        decided_at: null,
        rejection_reason: null,
        attempt: 2,
        reapplied_at: expect.any(String),
        can_reapply: false,
        created_at: first.created_at,
      },
    });
    const reappliedAt = Date.parse(again.body.link.reapplied_at);
    expect(reappliedAt).toBeGreaterThanOrEqual(Date.parse(firstRejectedAt));
    expect(reappliedAt).toBeLessThanOrEqual(Date.now() + 60_000);

    // The admin's board: a second application, with the first rejection's reason and date.
    const pending = await onBoard(first.id, "pending");
    expect(pending).toMatchObject({
      status: "pending",
      rejection_reason: null,
      decided_at: null,
      attempt: 2,
      reapplied_at: again.body.link.reapplied_at,
      previous_rejection: { reason: "Too few followers in Cambodia", rejected_at: expect.any(String) },
    });
    const previous = pending?.previous_rejection as { rejected_at: string };
    expect(Date.parse(previous.rejected_at)).toBe(Date.parse(firstRejectedAt));

    // Applying while the second application is pending is the usual conflict.
    const whilePending = await applyAgain(applicant, campaign.id);
    expect(whilePending.status).toBe(409);
    expect(whilePending.body).toEqual({ error: "conflict", message: alreadyMessage });

    // Rejected again: both reasons kept, the current one first.
    const rejectedAgain = await decideLink(first.id, "reject", "Still outside the brand's audience");
    expect(rejectedAgain).toMatchObject({
      status: "rejected",
      rejection_reason: "Still outside the brand's audience",
      attempt: 2,
      previous_rejection: { reason: "Too few followers in Cambodia", rejected_at: previous.rejected_at },
    });
    expect(await onBoard(first.id, "rejected")).toEqual(rejectedAgain);
    expect(await myLink(applicant, first.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "Still outside the brand's audience",
      attempt: 2,
      can_reapply: false,
    });

    // No third application.
    const third = await applyAgain(applicant, campaign.id);
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ error: "conflict", message: onceMessage });
    expect(await myLink(applicant, first.id)).toMatchObject({ status: "rejected", attempt: 2, can_reapply: false });
  });

  it("approves a second application like a first one: short link and keyword", async () => {
    const campaign = await createCampaign(shop, { product_name: "Mango Jam" });
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    await decideLink(link.id, "reject");
    expect((await applyAgain(applicant, campaign.id)).status).toBe(201);
    const approved = await decideLink(link.id, "approve");
    expect(approved).toMatchObject({
      status: "approved",
      attempt: 2,
      rejection_reason: null,
      previous_rejection: { reason: "Test rejection" },
    });
    expect(await myLink(applicant, link.id)).toMatchObject({
      status: "approved",
      is_active: true,
      keyword: "MANGO",
      short_url: expect.stringMatching(/\/r\/[A-Za-z0-9]{7}$/),
      rejection_reason: null,
      attempt: 2,
      can_reapply: false,
    });
    const afterApproval = await applyAgain(applicant, campaign.id);
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body).toEqual({ error: "conflict", message: alreadyMessage });
  });

  it("shows can_reapply only on a link rejected once", async () => {
    const [pendingCampaign, approvedCampaign, rejectedCampaign] = await Promise.all([
      createCampaign(shop),
      createCampaign(shop),
      createCampaign(shop),
    ]);
    const applicant = await influencer();
    const pending = await apply(applicant, pendingCampaign.id);
    const approved = await apply(applicant, approvedCampaign.id);
    const rejected = await apply(applicant, rejectedCampaign.id);
    await decideLink(approved.id, "approve");
    await decideLink(rejected.id, "reject");
    const res = await api("GET", "/affiliate-links/my-links", { token: applicant.token });
    expect(
      res.body.links.map((l: { id: string; status: string; can_reapply: boolean }) => [l.id, l.status, l.can_reapply]),
    ).toEqual([
      [rejected.id, "rejected", true],
      [approved.id, "approved", false],
      [pending.id, "pending", false],
    ]);
  });

  it("refuses to apply again to a campaign closed since the rejection (409 with the reason)", async () => {
    const campaign = await createCampaign(shop);
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    await decideLink(link.id, "reject");
    await deactivate(shop, campaign.id);
    const res = await applyAgain(applicant, campaign.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: "This campaign is no longer accepting new orders" });
    expect(await myLink(applicant, link.id)).toMatchObject({ status: "rejected", attempt: 1 });
  });

  it("never shows the business a rejection reason, before or after the second application", async () => {
    const campaign = await createCampaign(shop, { product_name: "Palm sugar jar" });
    const applicant = await influencer();
    const link = await apply(applicant, campaign.id);
    await decideLink(link.id, "reject", "First secret reason");
    expect((await applyAgain(applicant, campaign.id)).status).toBe(201);
    await decideLink(link.id, "reject", "Second secret reason");
    // What the business reads of its campaigns, and the link paths it is refused.
    const reads = await Promise.all([
      api("GET", "/campaigns/business", { token: shop.token }),
      api("GET", `/campaigns/${campaign.id}`, { token: shop.token }),
      api("GET", "/campaigns/stats", { token: shop.token }),
      api("GET", "/affiliate-links/my-links", { token: shop.token }),
      api("GET", "/admin/affiliate-links/all", { token: shop.token }),
      api("POST", "/affiliate-links/apply", { token: shop.token, body: { campaign_id: campaign.id } }),
    ]);
    expect(reads.map((res) => res.status)).toEqual([200, 200, 200, 403, 403, 403]);
    for (const res of reads) {
      const text = JSON.stringify(res.body);
      expect(text).not.toContain("secret reason");
      expect(text).not.toContain("previous_rejection");
    }
  });
});
