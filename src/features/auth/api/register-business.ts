import { useMutation } from "@tanstack/react-query";
import type { BusinessRegistrationInput, RegistrationResponse } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /auth/register/business - create a pending business account
export function registerBusiness(input: BusinessRegistrationInput): Promise<RegistrationResponse> {
  return apiCall(API.registerBusiness, { body: input, token: null });
}

export function useRegisterBusiness() {
  return useMutation({ mutationFn: registerBusiness });
}
