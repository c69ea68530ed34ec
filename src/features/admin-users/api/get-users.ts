import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { UsersResponse, UserStatus } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { cursorPaging, pageQuery, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/users?status=… - the accounts with this status (every one without), newest first,
// one page per cursor, with every status's exact count (admins only)
export function getUsers(status: UserStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  return apiCall(API.users, { query: pageQuery(cursor, { status }), signal });
}

export const usersQuery = (status: UserStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.usersList(status),
    queryFn: ({ pageParam, signal }) => getUsers(status, pageParam, signal),
    ...cursorPaging,
  });

export function useUsers(status: UserStatus | undefined) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(usersQuery(status));
  return {
    ...pagedScreenState(query, (page) => page.users, t("admin.users.loadFailed")),
    // The newest page's counts: every refetch reads them again, so they are as fresh as the list.
    // A filter opened for the first time shows another filter's counts until its own page arrives.
    counts:
      query.data?.pages.at(-1)?.counts ??
      queryClient
        .getQueriesData<InfiniteData<UsersResponse>>({ queryKey: adminUsersKeys.users() })
        .map(([, data]) => data?.pages.at(-1)?.counts)
        .find((counts) => counts !== undefined),
  };
}
