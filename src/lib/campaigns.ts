// The Campaign of SPEC §3 as the API returns it, and GET /campaigns/business. Shared because the
// business dashboard and the campaign management view both list the business's own campaigns,
// and available campaigns shows the same record to influencers.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { screenState } from "./screen-state.ts";

// Postgres numerics may arrive as strings ("0.1500"); both forms are accepted.
const numeric = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());

export const campaignSchema = z.object({
  id: z.string(),
  business_id: z.string().optional(),
  product_name: z.string(),
  /** Dollars. */
  price: numeric,
  price_cents: z.number().int().optional(),
  /** A fraction: 0.15 is 15%. */
  commission_rate: numeric,
  description: z.string().nullish(),
  status: z.enum(["active", "inactive"]),
  is_active: z.boolean().optional(),
  image_urls: z
    .array(z.string())
    .nullish()
    .transform((urls) => urls ?? []),
  /** "YYYY-MM-DD" or null. */
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  deactivated_at: z.string().nullish(),
});

export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });

/** The price in integer cents (GUIDE §2), from price_cents when sent, else from the dollars. */
export function campaignPriceCents(campaign: Pick<Campaign, "price" | "price_cents">): number {
  return campaign.price_cents ?? Math.round(campaign.price * 100);
}

export function isCampaignActive(campaign: Pick<Campaign, "status" | "is_active">): boolean {
  return campaign.status === "active" && campaign.is_active !== false;
}

// GET /campaigns/business - the caller's own campaigns, newest first
export function getBusinessCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return apiRequest("/campaigns/business", { schema: campaignsResponseSchema, signal }).then((body) => body.campaigns);
}

export const campaignKeys = {
  all: ["campaigns"] as const,
  /** GET /campaigns/business: the caller's own. */
  business: () => [...campaignKeys.all, "business"] as const,
  /** GET /campaigns/active: what influencers may apply for. */
  active: () => [...campaignKeys.all, "active"] as const,
};

export const businessCampaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.business(), queryFn: ({ signal }) => getBusinessCampaigns(signal) });

export function useBusinessCampaigns() {
  const query = useQuery(businessCampaignsQuery());
  return screenState(query, t("campaigns.loadFailed"));
}

/** A list with `campaign` in place of its older copy, or first when it is new (lists are newest first). */
export function withCampaign(list: readonly Campaign[], campaign: Campaign): Campaign[] {
  return list.some((item) => item.id === campaign.id)
    ? list.map((item) => (item.id === campaign.id ? campaign : item))
    : [campaign, ...list];
}
