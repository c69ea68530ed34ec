import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

// DELETE /instagram/account - disconnects the influencer's Instagram account
export function disconnectInstagram() {
  return apiCall(API.instagramDisconnect);
}

export function useDisconnectInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectInstagram,
    // Disconnected: the card shows Connect at once, without a refetch.
    onSuccess: () => queryClient.setQueryData(instagramKeys.account(), null),
  });
}
