import { useMutation } from "@tanstack/react-query";
import type { InfluencerRegistrationInput, RegistrationResponse } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /auth/register/influencer - create a pending influencer account (201)
export function registerInfluencer(input: InfluencerRegistrationInput): Promise<RegistrationResponse> {
  return apiCall(API.registerInfluencer, { body: input, token: null });
}

export function useRegisterInfluencer() {
  return useMutation({ mutationFn: registerInfluencer });
}
