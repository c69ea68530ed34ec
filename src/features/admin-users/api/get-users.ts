import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { usersResponseSchema } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { cursorPaging, pagePath, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/users - every account, newest first, one page per cursor (admins only)
export function getUsers(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(pagePath("/admin/users", cursor), { schema: usersResponseSchema, signal });
}

export const usersQuery = () =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.users(),
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, signal),
    ...cursorPaging,
  });

export function useUsers() {
  const query = useInfiniteQuery(usersQuery());
  return pagedScreenState(query, (page) => page.users, t("admin.users.loadFailed"));
}
