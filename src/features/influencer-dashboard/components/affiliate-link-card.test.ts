import { describe, expect, it } from "vitest";
import { affiliateLinkSchema } from "@contract/links.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { linkState, shareLinks } from "./affiliate-link-card.tsx";

describe("linkState", () => {
  it.each([
    [{ status: "pending", campaign_status: "active" }, "pending"],
    [{ status: "approved", campaign_status: "active" }, "approved"],
    [{ status: "rejected", campaign_status: "active" }, "rejected"],
    [{ status: "approved", campaign_status: "inactive" }, "inactive"],
    [{ status: "pending", campaign_status: "inactive" }, "inactive"],
    [{ status: "rejected", campaign_status: "inactive" }, "rejected"],
  ] as const)("%j -> %s", (link, state) => {
    expect(linkState(link)).toBe(state);
  });

  // The card once guessed an ended campaign from is_active alone; a link always says its
  // campaign's status now, and an answer without it is refused before any card sees it.
  it.each(["approved", "pending"] as const)("never meets a %s link without campaign_status", (status) => {
    const { campaign_status: _dropped, ...withoutCampaignStatus } = makeAffiliateLink({ status });
    expect(affiliateLinkSchema.safeParse(withoutCampaignStatus).success).toBe(false);
  });
});

describe("shareLinks", () => {
  it("shares the short URL and marks its QR code as a scan", () => {
    const link = makeAffiliateLink({ status: "approved" });
    expect(shareLinks(link)).toEqual({ share: "http://shop.test/r/Ab3dE7x", qr: "http://shop.test/r/Ab3dE7x?s=qr" });
  });

  it("falls back to the long link while a link has no short code", () => {
    const link = makeAffiliateLink({ status: "approved", short_url: null });
    expect(shareLinks(link)).toEqual({ share: link.affiliate_url, qr: link.affiliate_url });
  });
});
