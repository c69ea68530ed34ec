// Affiliate links, keyword triggers and the admin's link applications (docs/api.md, "Affiliate
// links and keyword triggers" and "Admin: affiliate links"; their states in docs/product.md,
// "Affiliate links (applications)"): request and response schemas, shared by the SPA and the api
// function (no Deno APIs).
import { z } from "zod";
import { nextCursor, pageQuerySchema } from "./paging.ts";
import { httpUrl, id, message, rejectionReason, timestamp } from "./fields.ts";
import { cents, dollars } from "./money.ts";
import { CAMPAIGN_STATUSES, LINK_STATUSES } from "./statuses.ts";

export { LINK_STATUSES, type LinkStatus } from "./statuses.ts";

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

/** PUT /admin/affiliate-links/{id}/reject */
export const linkRejectionSchema = z.object({ reason: rejectionReason });

export type LinkRejectionInput = z.input<typeof linkRejectionSchema>;

/** One of the caller's own links (GET /affiliate-links/my-links). */
export const affiliateLinkSchema = z.object({
  id,
  influencer_id: id,
  campaign_id: id,
  /** The campaign's product name. */
  campaign_name: z.string(),
  /** The campaign's unit price now, in dollars, beside the exact cents; orders keep the price they were placed at. */
  campaign_price: dollars,
  campaign_price_cents: cents,
  /** The campaign's commission rate now, a fraction (0.15 is 15%); orders keep the rate they were placed at. */
  campaign_commission_rate: z.number(),
  status: z.enum(LINK_STATUSES),
  /** status == "approved" */
  is_approved: z.boolean(),
  campaign_status: z.enum(CAMPAIGN_STATUSES),
  /** Approved and its campaign still active. */
  is_active: z.boolean(),
  /** `${app}/checkout?influencer_id=..&product_id=..`, only once approved. */
  affiliate_url: httpUrl.nullable(),
  /** `${app}/r/<code>`: the short link that counts clicks (QR codes and DM replies use it), once approved. */
  short_url: httpUrl.nullable(),
  /** The DM keyword of an approved link. */
  keyword: z.string().nullable(),
  /** When the influencer applied. */
  created_at: timestamp,
  /** When an admin decided. */
  decided_at: timestamp.nullable(),
  /** Why an admin rejected the application; null unless rejected. */
  rejection_reason: z.string().nullable(),
  /** 1, or 2 once the influencer applied again after a rejection (allowed once). */
  attempt: z.number().int().min(1).max(2),
  /** When the influencer applied again; null on a first application. */
  reapplied_at: timestamp.nullable(),
  /** Rejected on the first application: POST /affiliate-links/apply submits it again. */
  can_reapply: z.boolean(),
});

/** The flags of a link application, for admins only (public.link_self_dealing). */
export const LINK_FLAGS = ["self_dealing"] as const;
export type LinkFlag = (typeof LINK_FLAGS)[number];

/** What an application's influencer can share with the campaign's shop, flagging it self_dealing. */
export const SHARED_WITH_SHOP = ["bank_account", "khqr_account", "phone"] as const;
export type SharedWithShop = (typeof SHARED_WITH_SHOP)[number];

/** A link as admins see it (GET /admin/affiliate-links/all and /pending). */
export const adminLinkApplicationSchema = z.object({
  id,
  influencer_id: id,
  influencer_email: z.string(),
  campaign_id: id,
  campaign_name: z.string(),
  /** The URL an approval gives (or gave), whatever the status. */
  affiliate_url: httpUrl,
  status: z.enum(LINK_STATUSES),
  is_approved: z.boolean(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
  /** Why an admin rejected the application; null unless rejected. */
  rejection_reason: z.string().nullable(),
  /** 1, or 2 when the influencer applied again after a rejection. */
  attempt: z.number().int().min(1).max(2),
  /** When the influencer applied again; null on a first application. */
  reapplied_at: timestamp.nullable(),
  /** The first application's rejection, on a second application; else null. */
  previous_rejection: z.object({ reason: z.string(), rejected_at: timestamp }).nullable(),
  /** ["self_dealing"] when the influencer shares a phone, bank account or KHQR account with the shop. */
  flags: z.array(z.enum(LINK_FLAGS)),
  /** What is shared, sorted; empty when not flagged. */
  shared_with_shop: z.array(z.enum(SHARED_WITH_SHOP)),
});

/** The DM keyword and reply of an approved link (GET /keyword-triggers/my-triggers). */
export const keywordTriggerSchema = z.object({
  id,
  affiliate_link_id: id,
  campaign_id: id,
  campaign_name: z.string(),
  /** 2 to 20 capital letters and digits. */
  keyword: z.string().regex(/^[A-Z0-9]{2,20}$/),
  /** The DM reply, with the placeholders {product} and {link} (filled when it is sent). */
  dm_template_text: z.string(),
  /** The link's short URL, which {link} becomes (with `?s=comment` or `?s=dm`). */
  short_url: httpUrl,
  /** False once the campaign is deactivated. */
  is_active: z.boolean(),
  created_at: timestamp,
});

/** POST /affiliate-links/apply (201): a first application, or a rejected one submitted again (once). */
export const linkAppliedResponseSchema = z.object({ message, link: affiliateLinkSchema });

/** GET /affiliate-links/my-links */
export const myLinksResponseSchema = z.object({ links: z.array(affiliateLinkSchema) });

/** GET /keyword-triggers/my-triggers */
export const myTriggersResponseSchema = z.object({ triggers: z.array(keywordTriggerSchema) });

/** GET /admin/affiliate-links/all?status=…&limit=…&cursor=…: the applications with this status (every one without). */
export const linkApplicationsQuerySchema = pageQuerySchema.extend({
  status: z.enum(LINK_STATUSES, `status must be one of ${LINK_STATUSES.join(", ")}`).optional(),
});

/** How many applications have each status, over every application (not the page). */
export const linkCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  total: z.number().int(),
});

/** GET /admin/affiliate-links/all and /pending */
export const linkApplicationsResponseSchema = z.object({
  applications: z.array(adminLinkApplicationSchema),
  next_cursor: nextCursor,
  counts: linkCountsSchema,
});

/** PUT /admin/affiliate-links/{id}/approve and /reject */
export const linkDecisionResponseSchema = z.object({ message, link: adminLinkApplicationSchema });

export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;
export type LinkApplication = z.infer<typeof adminLinkApplicationSchema>;
export type KeywordTrigger = z.infer<typeof keywordTriggerSchema>;
export type LinkAppliedResponse = z.infer<typeof linkAppliedResponseSchema>;
export type MyLinksResponse = z.infer<typeof myLinksResponseSchema>;
export type MyTriggersResponse = z.infer<typeof myTriggersResponseSchema>;
export type LinkApplicationsResponse = z.infer<typeof linkApplicationsResponseSchema>;
export type LinkApplicationsQueryInput = z.input<typeof linkApplicationsQuerySchema>;
export type LinkCounts = z.infer<typeof linkCountsSchema>;
export type LinkDecisionResponse = z.infer<typeof linkDecisionResponseSchema>;

/** The short URL of an approved link's code. */
export function shortUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, "")}/r/${code}`;
}

/** The app's own checkout page for an influencer's link to a campaign. */
export function affiliateUrl(appUrl: string, influencerId: string, campaignId: string): string {
  const params = new URLSearchParams({ influencer_id: influencerId, product_id: campaignId });
  return `${appUrl.replace(/\/+$/, "")}/checkout?${params}`;
}
