import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { meQuery } from "@/lib/current-user.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// PUT /auth/profile {store_handle} - name the caller's store ("" closes it); answers the account as saved
export function updateStoreHandle(handle: string): Promise<User> {
  return apiCall(API.updateProfile, { body: { store_handle: handle } }).then((body) => body.user);
}

export function useUpdateStoreHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoreHandle,
    // The account as saved goes to every screen showing it; the storefront's address is the
    // server's to write (APP_URL/s/<handle>), so the card asks for it again.
    onSuccess: async (account) => {
      queryClient.setQueryData(meQuery().queryKey, account);
      await queryClient.invalidateQueries({ queryKey: influencerKeys.storefront() });
    },
  });
}
