import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PendingPayout } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/payouts/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// GET /payouts/admin/pending - pending requests grouped per user, oldest first (admin)
export function getPendingPayouts(signal?: AbortSignal): Promise<PendingPayout[]> {
  return apiCall(API.pendingPayouts, { signal }).then((body) => body.requests);
}

export const pendingPayoutsQuery = () =>
  queryOptions({ queryKey: payoutsKeys.pending(), queryFn: ({ signal }) => getPendingPayouts(signal) });

export function usePendingPayouts() {
  const query = useQuery(pendingPayoutsQuery());
  return screenState(query, t("payouts.admin.loadFailed.pending"));
}
