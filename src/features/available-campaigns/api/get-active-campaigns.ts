import { queryOptions, useQuery } from "@tanstack/react-query";
import { campaignsResponseSchema, type Campaign } from "@contract/campaigns.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { campaignKeys } from "@/lib/campaigns.ts";
import { t } from "@/features/available-campaigns/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";

// GET /campaigns/active - every active campaign (approved influencers and admins)
export function getActiveCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return apiRequest("/campaigns/active", { schema: campaignsResponseSchema, signal }).then((body) => body.campaigns);
}

export const activeCampaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.active(), queryFn: ({ signal }) => getActiveCampaigns(signal) });

export function useActiveCampaigns() {
  const query = useQuery(activeCampaignsQuery());
  return screenState(query, t("available.loadFailed"));
}
