import { z } from "zod";
import { payoutCompletionSchema } from "@contract/payouts.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { useMutation } from "@/lib/use-mutation.ts";
import { payoutItemSchema } from "@/features/payouts/types/payout.ts";

export const completePayoutResponseSchema = z.object({
  message: z.string(),
  aba_reference: z.string(),
  total_amount: z.number(),
  total_amount_cents: z.number().int(),
  payouts: z.array(payoutItemSchema),
});

// PUT /payouts/admin/complete/{userId} - complete a user's pending requests with the ABA reference (admin); 409 on a repeat
export function completePayout(userId: string, abaReference: string, signal?: AbortSignal) {
  const body = payoutCompletionSchema.parse({ aba_reference: abaReference });
  return apiRequest(`/payouts/admin/complete/${encodeURIComponent(userId)}`, {
    method: "PUT",
    body,
    schema: completePayoutResponseSchema,
    signal,
  });
}

export function useCompletePayout() {
  return useMutation(completePayout);
}
