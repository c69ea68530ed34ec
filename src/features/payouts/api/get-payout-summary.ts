import { useEffect } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PayoutSummaryResponse } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { ApiError, apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/payouts/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";

// GET /payouts/summary - the caller's balances and payout requests (pending and completed, newest first)
export function getPayoutSummary(signal?: AbortSignal): Promise<PayoutSummaryResponse> {
  return apiCall(API.payoutSummary, { signal });
}

export const payoutSummaryQuery = () =>
  queryOptions({ queryKey: payoutsKeys.summary(), queryFn: ({ signal }) => getPayoutSummary(signal) });

/** The summary; `onUnauthorized` runs when the server refuses the token (401; docs/product.md, "When something fails"). */
export function usePayoutSummary(onUnauthorized: () => void) {
  const query = useQuery(payoutSummaryQuery());
  const refused = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (refused) onUnauthorized();
  }, [refused, onUnauthorized]);
  return screenState(query, t("payouts.loadFailed"));
}
