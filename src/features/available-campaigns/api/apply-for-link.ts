import { useMutation } from "@tanstack/react-query";
import type { LinkApplicationInput } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /affiliate-links/apply - ask for an affiliate link to a campaign (pending until an admin decides)
export function applyForLink(campaignId: string) {
  const body: LinkApplicationInput = { campaign_id: campaignId };
  return apiCall(API.applyForLink, { body });
}

// Success leads to the influencer dashboard, whose links list refetches when it mounts.
export function useApplyForLink() {
  return useMutation({ mutationFn: applyForLink });
}
