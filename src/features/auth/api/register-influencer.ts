import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { InfluencerRegistrationInput } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema } from "@/lib/current-user.ts";

export const influencerRegistrationResponseSchema = z.object({
  token: z.string().min(1),
  user: userSchema,
  message: z.string().optional(),
});
export type InfluencerRegistrationResponse = z.infer<typeof influencerRegistrationResponseSchema>;

// POST /auth/register/influencer - create a pending influencer account (201)
export function registerInfluencer(input: InfluencerRegistrationInput): Promise<InfluencerRegistrationResponse> {
  return apiRequest("/auth/register/influencer", {
    method: "POST",
    body: { ...input, id_card_url: "" },
    schema: influencerRegistrationResponseSchema,
    token: null,
  });
}

export function useRegisterInfluencer() {
  return useMutation({ mutationFn: registerInfluencer });
}
