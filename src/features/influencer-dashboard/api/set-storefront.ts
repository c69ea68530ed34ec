import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StorefrontSettings } from "@contract/storefront.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// PUT /affiliate-links/storefront - show exactly these approved links, in this order
export function setStorefront(linkIds: string[]) {
  return apiCall(API.setStorefront, { body: { link_ids: linkIds } });
}

export function useSetStorefront() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStorefront,
    // The answer is the storefront as saved: it replaces the card's copy without a refetch.
    onSuccess: ({ message: _message, ...saved }) =>
      queryClient.setQueryData<StorefrontSettings>(influencerKeys.storefront(), saved),
  });
}
