import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";
import { pendingPayoutSchema, type PendingPayout } from "@/features/payouts/types/payout.ts";

export const pendingPayoutsResponseSchema = z.object({ requests: z.array(pendingPayoutSchema) });

// GET /payouts/admin/pending - pending requests grouped per user, oldest first (admin)
export function getPendingPayouts(signal?: AbortSignal): Promise<PendingPayout[]> {
  return apiRequest("/payouts/admin/pending", { schema: pendingPayoutsResponseSchema, signal }).then(
    (body) => body.requests,
  );
}

export const pendingPayoutsQuery = () =>
  queryOptions({ queryKey: payoutsKeys.pending(), queryFn: ({ signal }) => getPendingPayouts(signal) });

export function usePendingPayouts() {
  const query = useQuery(pendingPayoutsQuery());
  return screenState(query, t("payouts.admin.loadFailed.pending"));
}
