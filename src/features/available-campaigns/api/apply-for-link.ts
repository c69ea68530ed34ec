import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";

export const applyResponseSchema = z.object({
  message: z.string().optional(),
  link: z
    .object({ id: z.string(), campaign_id: z.string().optional(), status: z.string().optional() })
    .passthrough()
    .optional(),
});

// POST /affiliate-links/apply - ask for an affiliate link to a campaign (pending until an admin decides)
export function applyForLink(campaignId: string) {
  return apiRequest("/affiliate-links/apply", {
    method: "POST",
    body: { campaign_id: campaignId },
    schema: applyResponseSchema,
  });
}

// Success leads to the influencer dashboard, whose links list refetches when it mounts.
export function useApplyForLink() {
  return useMutation({ mutationFn: applyForLink });
}
