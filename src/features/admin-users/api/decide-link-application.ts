import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { linkApplicationSchema, linkApplicationsQuery } from "@/features/admin-users/api/get-link-applications.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

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
  const queryClient = useQueryClient();
  const refreshList = () => refreshCoalesced(queryClient, adminUsersKeys.linkApplications());
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: LinkDecision }) => decideLinkApplication(id, decision),
    // The answer is the application as it is now: it replaces the list's copy without a refetch.
    onSuccess: ({ link }) => {
      const decided = linkApplicationSchema.safeParse(link);
      if (decided.success)
        queryClient.setQueryData(linkApplicationsQuery().queryKey, (applications) =>
          applications?.map((application) => (application.id === decided.data.id ? decided.data : application)),
        );
      else refreshList();
    },
    // Refused (e.g. the cap of 10 approved links per campaign): show the list as it is now.
    onError: refreshList,
  });
}
