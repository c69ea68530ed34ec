import { useMutation } from "@tanstack/react-query";
import type { PasswordResetConfirmInput, PasswordResetInput } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /auth/password-reset - a link to choose a new password, by email (and Telegram)
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetInput) => apiCall(API.requestPasswordReset, { body, token: null }),
  });
}

// POST /auth/password-reset/confirm - the new password, with the link's token
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmInput) => apiCall(API.confirmPasswordReset, { body, token: null }),
  });
}
