import { queryOptions, useQuery } from "@tanstack/react-query";
import { usersResponseSchema, type User } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/users - every account, newest first (admins only)
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest("/admin/users", { schema: usersResponseSchema, signal }).then((body) => body.users);
}

export const usersQuery = () =>
  queryOptions({ queryKey: adminUsersKeys.users(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  const query = useQuery(usersQuery());
  return screenState(query, t("admin.users.loadFailed"));
}
