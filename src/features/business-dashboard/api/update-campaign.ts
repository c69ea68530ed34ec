import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { campaignSchema } from "@/lib/campaigns.ts";
import { useMutation } from "@/lib/use-mutation.ts";

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
  return useMutation(updateCampaign);
}
