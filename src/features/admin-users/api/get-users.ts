import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema, type User } from "@/lib/current-user.ts";
import { t } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

export const usersResponseSchema = z.object({ users: z.array(userSchema) });

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
