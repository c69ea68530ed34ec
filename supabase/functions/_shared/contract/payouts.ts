// Request schema for completing payouts (SPEC §5), shared by the SPA and the api function.
import { z } from "zod";

export const ABA_REFERENCE_REQUIRED = "ABA reference number is required to complete payout.";

export const payoutCompletionSchema = z.object({
  aba_reference: z
    .string({ error: ABA_REFERENCE_REQUIRED })
    .trim()
    .min(1, ABA_REFERENCE_REQUIRED)
    .max(64, "ABA reference number must be at most 64 characters"),
});

export type PayoutCompletionInput = z.input<typeof payoutCompletionSchema>;
