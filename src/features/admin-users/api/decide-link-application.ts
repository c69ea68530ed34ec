import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { linkRejectionSchema, type LinkApplicationsResponse } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { mapPages } from "@/lib/paged-list.ts";
import { refreshCoalesced } from "@/lib/realtime-invalidation.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

export type LinkDecision = "approve" | "reject";

// PUT /admin/affiliate-links/{id}/approve - approve a pending link (at most 10 per campaign)
// PUT /admin/affiliate-links/{id}/reject - reject a pending link with {reason}
export function decideLinkApplication(id: string, decision: LinkDecision, reason?: string) {
  if (decision === "approve") return apiCall(API.approveLink, { params: { id } });
  return apiCall(API.rejectLink, { params: { id }, body: linkRejectionSchema.parse({ reason }) });
}

export function useDecideLinkApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: LinkDecision; reason?: string }) =>
      decideLinkApplication(id, decision, reason),
    // The answer is the application as it is now: it replaces its copy in every loaded page of every
    // filter at once; the refresh then moves it to its new filter and reads the exact counts again.
    onSuccess: ({ link }) => {
      queryClient.setQueriesData<InfiniteData<LinkApplicationsResponse>>(
        { queryKey: adminUsersKeys.linkApplications() },
        (data) =>
          mapPages(data, (page) => ({
            ...page,
            applications: page.applications.map((application) => (application.id === link.id ? link : application)),
          })),
      );
      refreshCoalesced(queryClient, adminUsersKeys.linkApplications());
    },
    // Refused (e.g. the cap of 10 approved links per campaign): show the list as it is now.
    onError: () => refreshCoalesced(queryClient, adminUsersKeys.linkApplications()),
  });
}
