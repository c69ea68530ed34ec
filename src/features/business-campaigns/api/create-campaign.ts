import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { businessCampaignsQuery, campaignKeys, campaignSchema, withCampaign } from "@/lib/campaigns.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import type {
  CampaignDashboardPayload,
  CampaignPagePayload,
} from "@/features/business-campaigns/utils/campaign-form.ts";

export const createCampaignResponseSchema = z.object({
  message: z.string().optional(),
  campaign: campaignSchema.optional(),
});

// POST /campaigns - create a campaign (approved businesses); either payload form of SPEC §7
export function createCampaign(payload: CampaignPagePayload | CampaignDashboardPayload) {
  return apiRequest("/campaigns", { method: "POST", body: payload, schema: createCampaignResponseSchema });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    // The answer is the new campaign: the business's list shows it without a refetch.
    onSuccess: ({ campaign }) => {
      if (campaign)
        queryClient.setQueryData(businessCampaignsQuery().queryKey, (list) => list && withCampaign(list, campaign));
      else refreshCoalesced(queryClient, campaignKeys.business());
    },
  });
}
