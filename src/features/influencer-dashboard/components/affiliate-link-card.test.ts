import { describe, expect, it } from "vitest";
import { affiliateLinkSchema } from "@contract/links.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { linkState } from "./affiliate-link-card.tsx";

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
