import { apiRequest } from "@/lib/api-client.ts";
import { campaignsResponseSchema, type Campaign } from "@/lib/campaigns.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";

// GET /campaigns/active - every active campaign (approved influencers and admins)
export function getActiveCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return apiRequest("/campaigns/active", { schema: campaignsResponseSchema, signal }).then((body) => body.campaigns);
}

export function useActiveCampaigns() {
  return useRequest((signal) => getActiveCampaigns(signal), [], t("available.loadFailed"));
}
