import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableCampaign } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { campaignKeys } from "@/lib/campaigns.ts";
import { t } from "@/features/available-campaigns/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";

// GET /campaigns/active - every active campaign, each with the caller's application status (approved
// influencers and admins)
export function getActiveCampaigns(signal?: AbortSignal): Promise<AvailableCampaign[]> {
  return apiCall(API.activeCampaigns, { signal }).then((body) => body.campaigns);
}

export const activeCampaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.active(), queryFn: ({ signal }) => getActiveCampaigns(signal) });

export function useActiveCampaigns() {
  const query = useQuery(activeCampaignsQuery());
  return screenState(query, t("available.loadFailed"));
}
