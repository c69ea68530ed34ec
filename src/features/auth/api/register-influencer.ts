import { useMutation } from "@tanstack/react-query";
import {
  registrationResponseSchema,
  type InfluencerRegistrationInput,
  type RegistrationResponse,
} from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";

// POST /auth/register/influencer - create a pending influencer account (201)
export function registerInfluencer(input: InfluencerRegistrationInput): Promise<RegistrationResponse> {
  const body: InfluencerRegistrationInput = { ...input, id_card_url: "" };
  return apiRequest("/auth/register/influencer", {
    method: "POST",
    body,
    schema: registrationResponseSchema,
    token: null,
  });
}

export function useRegisterInfluencer() {
  return useMutation({ mutationFn: registerInfluencer });
}
