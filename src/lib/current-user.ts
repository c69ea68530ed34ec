// GET /auth/me, the caller's account (docs/api.md, "User") as it is now. Shared because several
// features need the caller's current status (never trusted from the token).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { screenState } from "./screen-state.ts";

// GET /auth/me - the caller's account as it is now
export function getMe(signal?: AbortSignal): Promise<User> {
  return apiCall(API.me, { signal }).then((body) => body.user);
}

// Keys hold no user id: the cache is emptied when another user signs in (clearCacheOnUserChange).
export const currentUserKeys = {
  me: () => ["current-user", "me"] as const,
};

export const meQuery = () => queryOptions({ queryKey: currentUserKeys.me(), queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  const query = useQuery(meQuery());
  return screenState(query, t("user.loadFailed"));
}
