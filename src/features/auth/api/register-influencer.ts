import { useMutation } from "@tanstack/react-query";
import {
  registrationResponseSchema,
  type InfluencerRegistrationInput,
  type RegistrationResponse,
} from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";

// POST /auth/register/influencer - create a pending influencer account (201)
export function registerInfluencer(input: InfluencerRegistrationInput): Promise<RegistrationResponse> {
  return apiRequest("/auth/register/influencer", {
    method: "POST",
    body: input,
    schema: registrationResponseSchema,
    token: null,
  });
}

export function useRegisterInfluencer() {
  return useMutation({ mutationFn: registerInfluencer });
}
