import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { userSchema, type User } from "@/lib/current-user.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";

export const usersResponseSchema = z.object({ users: z.array(userSchema) });

// GET /admin/users - every account, newest first (admins only)
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest("/admin/users", { schema: usersResponseSchema, signal }).then((body) => body.users);
}

export function useUsers() {
  return useRequest((signal) => getUsers(signal), [], t("admin.users.loadFailed"));
}
