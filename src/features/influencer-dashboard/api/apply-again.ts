import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AffiliateLink, LinkApplicationInput } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// POST /affiliate-links/apply - apply again, once, for a link whose application was rejected: the
// same link goes back to pending as its second attempt
export function applyAgain(campaignId: string) {
  const body: LinkApplicationInput = { campaign_id: campaignId };
  return apiCall(API.applyForLink, { body });
}

export function useApplyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAgain,
    // The answer is the link as it is now: it replaces the list's copy without a refetch.
    onSuccess: ({ link }) =>
      queryClient.setQueryData<AffiliateLink[]>(influencerKeys.links(), (list) =>
        list?.map((item) => (item.id === link.id ? link : item)),
      ),
  });
}
