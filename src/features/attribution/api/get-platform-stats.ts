import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlatformStatsResponse } from "@contract/attribution.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/attribution/i18n.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";

// GET /admin/attribution/stats - the platform's clicks, orders and commission
export function getPlatformStats(signal?: AbortSignal): Promise<PlatformStatsResponse> {
  return apiCall(API.platformStats, { signal });
}

export const platformStatsQuery = () =>
  queryOptions({
    queryKey: attributionKeys.platform(),
    queryFn: ({ signal }) => getPlatformStats(signal),
  });

export function usePlatformStats() {
  return screenState(useQuery(platformStatsQuery()), t("stats.loadFailed"));
}
