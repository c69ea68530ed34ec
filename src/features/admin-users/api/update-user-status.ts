import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { z } from "zod";
import { userStatusSchema, type UsersResponse, type UserStatusInput } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { mapPages } from "@/lib/paged-list.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

export type Decision = z.infer<typeof userStatusSchema>["status"];

// PUT /admin/users/{id}/status - approve or reject (with a reason) a pending account
export function updateUserStatus(id: string, decision: UserStatusInput) {
  const body = userStatusSchema.parse(decision);
  return apiCall(API.setUserStatus, { params: { id }, body });
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: UserStatusInput }) => updateUserStatus(id, decision),
    // The answer is the account as it is now: it replaces its copy in every loaded page of every
    // filter at once; the refresh then moves it to its new filter and reads the exact counts again.
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<InfiniteData<UsersResponse>>({ queryKey: adminUsersKeys.users() }, (data) =>
        mapPages(data, (page) => ({
          ...page,
          users: page.users.map((listed) => (listed.id === user.id ? user : listed)),
        })),
      );
      refreshCoalesced(queryClient, adminUsersKeys.users());
    },
    // Refused (e.g. decided meanwhile by another admin): show the list as it is now.
    onError: () => refreshCoalesced(queryClient, adminUsersKeys.users()),
  });
}
