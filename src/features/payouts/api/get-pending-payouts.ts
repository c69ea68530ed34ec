import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";
import { pendingPayoutSchema, type PendingPayout } from "@/features/payouts/types/payout.ts";

export const pendingPayoutsResponseSchema = z.object({ requests: z.array(pendingPayoutSchema) });

// GET /payouts/admin/pending - pending requests grouped per user, oldest first (admin)
export function getPendingPayouts(signal?: AbortSignal): Promise<PendingPayout[]> {
  return apiRequest("/payouts/admin/pending", { schema: pendingPayoutsResponseSchema, signal }).then(
    (body) => body.requests,
  );
}

export function usePendingPayouts() {
  return useRequest((signal) => getPendingPayouts(signal), [], t("payouts.admin.loadFailed.pending"));
}
