import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { payoutStatsSchema, type PayoutStats } from "@/features/payouts/types/payout.ts";

export const payoutStatsResponseSchema = z.object({ stats: payoutStatsSchema });

// GET /payouts/admin/stats - request counts and amounts, fee revenue, cash collected and held (admin)
export function getPayoutStats(signal?: AbortSignal): Promise<PayoutStats> {
  return apiRequest("/payouts/admin/stats", { schema: payoutStatsResponseSchema, signal }).then((body) => body.stats);
}

export function usePayoutStats() {
  return useRequest((signal) => getPayoutStats(signal), [], t("payouts.admin.loadFailed.stats"));
}
