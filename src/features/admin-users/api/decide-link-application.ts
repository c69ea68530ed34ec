import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { useMutation } from "@/lib/use-mutation.ts";

export type LinkDecision = "approve" | "reject";

export const decideLinkResponseSchema = z.object({
  message: z.string().optional(),
  link: z.object({ id: z.string(), status: z.string().optional() }).passthrough().optional(),
});

// PUT /admin/affiliate-links/{id}/approve - approve a pending link (at most 10 per campaign)
// PUT /admin/affiliate-links/{id}/reject - reject a pending link
export function decideLinkApplication(id: string, decision: LinkDecision) {
  return apiRequest(`/admin/affiliate-links/${encodeURIComponent(id)}/${decision}`, {
    method: "PUT",
    schema: decideLinkResponseSchema,
  });
}

export function useDecideLinkApplication() {
  return useMutation(decideLinkApplication);
}
