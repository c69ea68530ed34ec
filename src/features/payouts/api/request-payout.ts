import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { useMutation } from "@/lib/use-mutation.ts";
import { payoutItemSchema } from "@/features/payouts/types/payout.ts";

export const requestPayoutResponseSchema = z.object({ message: z.string(), payout: payoutItemSchema });

// POST /payouts/request - request everything available (no body); 400 without bank details, 409 when pending or nothing available
export function requestPayout(signal?: AbortSignal) {
  return apiRequest("/payouts/request", { method: "POST", schema: requestPayoutResponseSchema, signal });
}

export function useRequestPayout() {
  return useMutation(() => requestPayout());
}
