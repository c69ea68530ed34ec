import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignStatus, CampaignUpdateInput } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { businessCampaignsQuery, withCampaign } from "@/lib/campaigns.ts";

/** What the dashboard changes: the images, or the status to inactive (deactivation is one-way). */
export type CampaignUpdate =
  Required<Pick<CampaignUpdateInput, "image_urls">> | { status: Extract<CampaignStatus, "inactive"> };

// PUT /campaigns/{id} - change a campaign's images, or deactivate it (one-way)
export function updateCampaign(id: string, update: CampaignUpdate) {
  return apiCall(API.updateCampaign, { params: { id }, body: update });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CampaignUpdate }) => updateCampaign(id, update),
    // The answer is the campaign as saved: it replaces the list's copy without a refetch.
    onSuccess: ({ campaign }) =>
      queryClient.setQueryData(businessCampaignsQuery().queryKey, (list) => list && withCampaign(list, campaign)),
  });
}
