import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { LoginInput } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema } from "@/lib/current-user.ts";

export const loginResponseSchema = z.object({ token: z.string().min(1), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// POST /auth/login - sign in with email and password
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest("/auth/login", { method: "POST", body: input, schema: loginResponseSchema, token: null });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
