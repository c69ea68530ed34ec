import { useMutation } from "@tanstack/react-query";
import type { LoginInput, LoginResponse } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /auth/login - sign in with email and password
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiCall(API.login, { body: input, token: null });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
