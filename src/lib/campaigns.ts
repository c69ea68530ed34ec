// GET /campaigns/business and the campaigns' query keys. Shared because the business dashboard
// and the campaign management view both list the business's own campaigns, and available
// campaigns caches the same record for influencers.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Campaign } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { screenState } from "./screen-state.ts";

// GET /campaigns/business - the caller's own campaigns, newest first
export function getBusinessCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return apiCall(API.businessCampaigns, { signal }).then((body) => body.campaigns);
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
