import type { ProfileUpdateInput } from "@contract/auth.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { meResponseSchema, type User } from "@/lib/current-user.ts";
import { useMutation } from "@/lib/use-mutation.ts";

/** Only the fields that changed; an empty string clears a field. Checked with profileUpdateSchema. */
export type ProfileChanges = ProfileUpdateInput;

// PUT /auth/profile - change the logo (businesses) and bank details; answers the account as saved
export function updateProfile(changes: ProfileChanges, signal?: AbortSignal): Promise<User> {
  return apiRequest("/auth/profile", { method: "PUT", body: changes, schema: meResponseSchema, signal }).then(
    (body) => body.user,
  );
}

export function useUpdateProfile() {
  return useMutation((changes: ProfileChanges) => updateProfile(changes));
}
