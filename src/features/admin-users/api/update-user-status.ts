import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { userStatusResponseSchema, userStatusSchema, type UserStatusInput } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { mapPages } from "@/lib/paged-list.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { usersQuery } from "@/features/admin-users/api/get-users.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

export type Decision = z.infer<typeof userStatusSchema>["status"];

// PUT /admin/users/{id}/status - approve or reject (with a reason) a pending account
export function updateUserStatus(id: string, decision: UserStatusInput) {
  const body = userStatusSchema.parse(decision);
  return apiRequest(`/admin/users/${encodeURIComponent(id)}/status`, {
    method: "PUT",
    body,
    schema: userStatusResponseSchema,
  });
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: UserStatusInput }) => updateUserStatus(id, decision),
    // The answer is the account as it is now: it replaces its copy in the loaded pages without a refetch.
    onSuccess: ({ user }) =>
      queryClient.setQueryData(usersQuery().queryKey, (data) =>
        mapPages(data, (page) => ({
          ...page,
          users: page.users.map((listed) => (listed.id === user.id ? user : listed)),
        })),
      ),
    // Refused (e.g. decided meanwhile by another admin): show the list as it is now.
    onError: () => refreshCoalesced(queryClient, adminUsersKeys.users()),
  });
}
