import { queryOptions, useQuery } from "@tanstack/react-query";
import { usersResponseSchema, type User } from "@contract/auth.ts";
import { fetchPages } from "@/lib/fetch-pages.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/users - every account, newest first (admins only)
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return fetchPages("/admin/users", usersResponseSchema, (body) => body.users, { signal });
}

export const usersQuery = () =>
  queryOptions({ queryKey: adminUsersKeys.users(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  const query = useQuery(usersQuery());
  return screenState(query, t("admin.users.loadFailed"));
}
