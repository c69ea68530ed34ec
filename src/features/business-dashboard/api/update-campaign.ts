import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { businessCampaignsQuery, campaignKeys, campaignSchema, withCampaign } from "@/lib/campaigns.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";

export type CampaignUpdate = { image_urls: string[] } | { status: "inactive" };

export const updateCampaignResponseSchema = z.object({
  message: z.string().optional(),
  campaign: campaignSchema.optional(),
});

// PUT /campaigns/{id} - change a campaign's images, or deactivate it (one-way)
export function updateCampaign(id: string, update: CampaignUpdate) {
  return apiRequest(`/campaigns/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: update,
    schema: updateCampaignResponseSchema,
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CampaignUpdate }) => updateCampaign(id, update),
    // The answer is the campaign as saved: it replaces the list's copy without a refetch.
    onSuccess: ({ campaign }) => {
      if (campaign)
        queryClient.setQueryData(businessCampaignsQuery().queryKey, (list) => list && withCampaign(list, campaign));
      else refreshCoalesced(queryClient, campaignKeys.business());
    },
  });
}
