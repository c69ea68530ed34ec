import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { payoutItemSchema, type PayoutItem } from "@/features/payouts/types/payout.ts";

export const payoutHistoryResponseSchema = z.object({ history: z.array(payoutItemSchema) });

// GET /payouts/history - payout requests, newest first (a user's own; an admin sees everyone's)
export function getPayoutHistory(signal?: AbortSignal): Promise<PayoutItem[]> {
  return apiRequest("/payouts/history", { schema: payoutHistoryResponseSchema, signal }).then((body) => body.history);
}

export function usePayoutHistory() {
  return useRequest((signal) => getPayoutHistory(signal), [], t("payouts.admin.loadFailed.history"));
}
