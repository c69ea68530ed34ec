import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LinkStatsResponse } from "@contract/attribution.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/attribution/i18n.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";

// GET /affiliate-links/stats - clicks, orders and commission of each of the influencer's links
export function getLinkStats(signal?: AbortSignal): Promise<LinkStatsResponse> {
  return apiCall(API.linkStats, { signal });
}

export const linkStatsQuery = () =>
  queryOptions({
    queryKey: attributionKeys.links(),
    queryFn: ({ signal }) => getLinkStats(signal),
  });

export function useLinkStats() {
  return screenState(useQuery(linkStatsQuery()), t("stats.loadFailed"));
}
