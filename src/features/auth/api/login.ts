import { useMutation } from "@tanstack/react-query";
import { loginResponseSchema, type LoginInput, type LoginResponse } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";

// POST /auth/login - sign in with email and password
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest("/auth/login", { method: "POST", body: input, schema: loginResponseSchema, token: null });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
