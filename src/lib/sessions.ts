// The caller's sessions (docs/api.md, "Sessions"): where the account is signed in, signing out of
// one of them or of every one, and changing the password (which ends the others). Shared by the
// profile pages and the admin console.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSession, PasswordChangeInput } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { screenState } from "./screen-state.ts";
import { removeToken } from "./token.ts";

export const sessionKeys = {
  all: () => ["sessions"] as const,
};

// GET /auth/sessions - the caller's live sessions, most recently used first
export function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return apiCall(API.sessions, { signal }).then((body) => body.sessions);
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: sessionKeys.all(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return screenState(useQuery(sessionsQuery()), t("sessions.loadFailed"));
}

// DELETE /auth/sessions/{id} - sign one session out
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(API.endSession, { params: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<AccountSession[]>(sessionKeys.all(), (sessions) => sessions?.filter((s) => s.id !== id)),
  });
}

// POST /auth/logout-all - sign out on every device, this one included
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => apiCall(API.logoutAll),
    onSuccess: () => removeToken(),
  });
}

// PUT /auth/password - change the password; the account's other sessions end, so the list is read again
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeInput) => apiCall(API.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all() }),
  });
}
