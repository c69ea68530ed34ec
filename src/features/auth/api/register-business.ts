import { useMutation } from "@tanstack/react-query";
import {
  registrationResponseSchema,
  type BusinessRegistrationInput,
  type RegistrationResponse,
} from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";

// POST /auth/register/business - create a pending business account
export function registerBusiness(input: BusinessRegistrationInput): Promise<RegistrationResponse> {
  return apiRequest("/auth/register/business", {
    method: "POST",
    body: input,
    schema: registrationResponseSchema,
    token: null,
  });
}

export function useRegisterBusiness() {
  return useMutation({ mutationFn: registerBusiness });
}
