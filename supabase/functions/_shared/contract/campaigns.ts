// The campaign contract (docs/api.md, "Campaign" and "Campaigns"), shared by the SPA and the api
// function (no Deno APIs): the Campaign every campaign path answers with, each path's response, and
// the request parsing of campaign-requests.ts.
import { z } from "zod";
import { calendarDate, httpUrl, id, message, timestamp } from "./fields.ts";
import { dollars, cents } from "./money.ts";
import { CAMPAIGN_STATUSES, LINK_STATUSES } from "./statuses.ts";

export {
  campaignCreateSchema,
  campaignUpdateSchema,
  MAX_CAMPAIGN_IMAGES,
  MAX_PRICE_CENTS,
  type CampaignChanges,
  type CampaignInput,
  type CampaignRecord,
  type CampaignUpdateInput,
} from "./campaign-requests.ts";
export { isHttpUrl } from "./http-url.ts";
export { CAMPAIGN_STATUSES, type CampaignStatus } from "./statuses.ts";

/** A campaign as every campaign path answers it. */
export const campaignSchema = z.object({
  id,
  business_id: id,
  product_name: z.string(),
  /** The unit price in dollars, e.g. 12.5, beside the exact cents. */
  price: dollars,
  price_cents: cents,
  /** A fraction: 0.15 is 15%. */
  commission_rate: z.number(),
  description: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** status == "active" */
  is_active: z.boolean(),
  image_urls: z.array(httpUrl),
  start_date: calendarDate.nullable(),
  end_date: calendarDate.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** When the campaign turned inactive. */
  deactivated_at: timestamp.nullable(),
});

/** GET /campaigns/business */
export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });

/** A campaign as GET /campaigns/active answers it: with the caller's own application, if any. */
export const availableCampaignSchema = campaignSchema.extend({
  /** The status of the caller's link application to this campaign; null when they have not applied (and for admins). */
  application_status: z.enum(LINK_STATUSES).nullable(),
});

/** GET /campaigns/active */
export const availableCampaignsResponseSchema = z.object({ campaigns: z.array(availableCampaignSchema) });

/** GET /campaigns/{id} */
export const campaignResponseSchema = z.object({ campaign: campaignSchema });

/** POST /campaigns (201) and PUT /campaigns/{id} */
export const campaignSavedResponseSchema = z.object({ message, campaign: campaignSchema });

export type Campaign = z.infer<typeof campaignSchema>;
export type AvailableCampaign = z.infer<typeof availableCampaignSchema>;
export type AvailableCampaignsResponse = z.infer<typeof availableCampaignsResponseSchema>;
export type CampaignsResponse = z.infer<typeof campaignsResponseSchema>;
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;
export type CampaignSavedResponse = z.infer<typeof campaignSavedResponseSchema>;
