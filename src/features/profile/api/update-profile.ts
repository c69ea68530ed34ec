import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateInput, User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { meQuery } from "@/lib/current-user.ts";

/** Only the fields that changed; an empty string clears a field. Checked with profileUpdateSchema. */
export type ProfileChanges = ProfileUpdateInput;

// PUT /auth/profile - change the logo (businesses) and bank details; answers the account as saved
export function updateProfile(changes: ProfileChanges, signal?: AbortSignal): Promise<User> {
  return apiCall(API.updateProfile, { body: changes, signal }).then((body) => body.user);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(changes),
    // The answer is the account as saved: every screen showing it (the dashboard's frame, the
    // payout card's bank details) takes it without a refetch.
    onSuccess: (account) => queryClient.setQueryData(meQuery().queryKey, account),
  });
}
