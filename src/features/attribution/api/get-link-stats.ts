import { queryOptions, useQuery } from "@tanstack/react-query";
import { linkStatsResponseSchema, type LinkStatsResponse } from "@contract/attribution.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/attribution/i18n.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";

// GET /affiliate-links/stats - clicks, orders and commission of each of the influencer's links
export function getLinkStats(signal?: AbortSignal): Promise<LinkStatsResponse> {
  return apiRequest("/affiliate-links/stats", { schema: linkStatsResponseSchema, signal });
}

export const linkStatsQuery = () =>
  queryOptions({
    queryKey: attributionKeys.links(),
    queryFn: ({ signal }) => getLinkStats(signal),
  });

export function useLinkStats() {
  return screenState(useQuery(linkStatsQuery()), t("stats.loadFailed"));
}
