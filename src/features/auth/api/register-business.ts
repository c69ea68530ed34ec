import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { BusinessRegistrationInput } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema } from "@/lib/current-user.ts";

export const registrationResponseSchema = z.object({
  token: z.string().min(1),
  user: userSchema,
  message: z.string().optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

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
