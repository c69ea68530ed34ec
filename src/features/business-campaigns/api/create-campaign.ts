import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignInput } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { businessCampaignsQuery, withCampaign } from "@/lib/campaigns.ts";

// POST /campaigns - create a campaign (approved businesses), with the one payload of docs/api.md
export function createCampaign(payload: CampaignInput) {
  return apiCall(API.createCampaign, { body: payload });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    // The answer is the new campaign: the business's list shows it without a refetch.
    onSuccess: ({ campaign }) =>
      queryClient.setQueryData(businessCampaignsQuery().queryKey, (list) => list && withCampaign(list, campaign)),
  });
}
