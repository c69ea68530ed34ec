import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { campaignSchema } from "@/lib/campaigns.ts";
import { useMutation } from "@/lib/use-mutation.ts";
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
  return useMutation(createCampaign);
}
