import { z } from "zod";
import { userStatusSchema } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema } from "@/lib/current-user.ts";
import { useMutation } from "@/lib/use-mutation.ts";

export type Decision = z.infer<typeof userStatusSchema>["status"];

export const updateUserStatusResponseSchema = z.object({ user: userSchema, message: z.string().optional() });

// PUT /admin/users/{id}/status - approve or reject a pending account
export function updateUserStatus(id: string, status: Decision) {
  const body = userStatusSchema.parse({ status });
  return apiRequest(`/admin/users/${encodeURIComponent(id)}/status`, {
    method: "PUT",
    body,
    schema: updateUserStatusResponseSchema,
  });
}

export function useUpdateUserStatus() {
  return useMutation(updateUserStatus);
}
