import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CampaignStatsResponse } from "@contract/attribution.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/attribution/i18n.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";

// GET /campaigns/stats - clicks, orders and commission of each of the business's campaigns
export function getCampaignStats(signal?: AbortSignal): Promise<CampaignStatsResponse> {
  return apiCall(API.campaignStats, { signal });
}

export const campaignStatsQuery = () =>
  queryOptions({
    queryKey: attributionKeys.campaigns(),
    queryFn: ({ signal }) => getCampaignStats(signal),
  });

export function useCampaignStats() {
  return screenState(useQuery(campaignStatsQuery()), t("stats.loadFailed"));
}
