// Affiliate link and keyword trigger requests and answers (SPEC §3, §4, §7), shared by the SPA
// and the api function (no Deno APIs).
import { z } from "zod";
import type { CampaignStatus } from "./campaigns.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /affiliate-links/apply */
export const linkApplicationSchema = z.object({
  campaign_id: z
    .string({ error: "campaign_id is required" })
    .trim()
    .regex(uuidPattern, "campaign_id must be a valid id")
    .transform((id) => id.toLowerCase()),
});

export type LinkApplicationInput = z.input<typeof linkApplicationSchema>;

export type LinkStatus = "pending" | "approved" | "rejected";

/** One of the caller's own links (GET /affiliate-links/my-links). */
export interface AffiliateLink {
  id: string;
  influencer_id: string;
  campaign_id: string;
  campaign_name: string;
  status: LinkStatus;
  is_approved: boolean;
  campaign_status: CampaignStatus;
  /** Approved and its campaign still active. */
  is_active: boolean;
  /** `${app}/checkout?influencer_id=..&product_id=..`, only once approved. */
  affiliate_url: string | null;
  /** The DM keyword of an approved link. */
  keyword: string | null;
  created_at: string;
  decided_at: string | null;
}

/** A link as admins list it (GET /admin/affiliate-links/all and /pending). */
export interface LinkApplication {
  id: string;
  influencer_id: string;
  influencer_email: string;
  campaign_id: string;
  campaign_name: string;
  affiliate_url: string;
  status: LinkStatus;
  is_approved: boolean;
  created_at: string;
  decided_at: string | null;
}

/** GET /keyword-triggers/my-triggers */
export interface KeywordTrigger {
  id: string;
  affiliate_link_id: string;
  campaign_id: string;
  campaign_name: string;
  keyword: string;
  dm_template_text: string;
  is_active: boolean;
  created_at: string;
}

/** The app's own checkout page for an influencer's link to a campaign. */
export function affiliateUrl(appUrl: string, influencerId: string, campaignId: string): string {
  const params = new URLSearchParams({ influencer_id: influencerId, product_id: campaignId });
  return `${appUrl.replace(/\/+$/, "")}/checkout?${params}`;
}
