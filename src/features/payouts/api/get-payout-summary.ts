import { z } from "zod";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { payoutItemSchema, payoutSummarySchema } from "@/features/payouts/types/payout.ts";

export const payoutSummaryResponseSchema = z.object({
  summary: payoutSummarySchema,
  history: z.array(payoutItemSchema),
});

export type PayoutSummaryResponse = z.infer<typeof payoutSummaryResponseSchema>;

// GET /payouts/summary - the caller's balances and payout requests (pending and completed, newest first)
export function getPayoutSummary(signal?: AbortSignal): Promise<PayoutSummaryResponse> {
  return apiRequest("/payouts/summary", { schema: payoutSummaryResponseSchema, signal });
}

/** The summary; `onUnauthorized` runs when the server refuses the token (401, SPEC §6). */
export function usePayoutSummary(onUnauthorized: () => void) {
  return useRequest(
    (signal) =>
      getPayoutSummary(signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) onUnauthorized();
        throw error;
      }),
    [],
    t("payouts.loadFailed"),
  );
}
