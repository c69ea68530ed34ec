import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignUpdateInput } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { businessCampaignsQuery, withCampaign } from "@/lib/campaigns.ts";

// PUT /campaigns/{id} - change a campaign (the create payload's fields), or deactivate it (one-way)
export function updateCampaign(id: string, update: CampaignUpdateInput) {
  return apiCall(API.updateCampaign, { params: { id }, body: update });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CampaignUpdateInput }) => updateCampaign(id, update),
    // The answer is the campaign as saved: it replaces the list's copy without a refetch.
    onSuccess: ({ campaign }) =>
      queryClient.setQueryData(businessCampaignsQuery().queryKey, (list) => list && withCampaign(list, campaign)),
  });
}
