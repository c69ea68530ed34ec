import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PayoutStats } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/payouts/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// GET /payouts/admin/stats - request counts and amounts, fee revenue, cash collected and held (admin)
export function getPayoutStats(signal?: AbortSignal): Promise<PayoutStats> {
  return apiCall(API.payoutStats, { signal }).then((body) => body.stats);
}

export const payoutStatsQuery = () =>
  queryOptions({ queryKey: payoutsKeys.stats(), queryFn: ({ signal }) => getPayoutStats(signal) });

export function usePayoutStats() {
  const query = useQuery(payoutStatsQuery());
  return screenState(query, t("payouts.admin.loadFailed.stats"));
}
