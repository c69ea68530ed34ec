import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { LinkApplicationsResponse, LinkStatus } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { cursorPaging, pageQuery, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/affiliate-links/all?status=… - the link applications with this status (every one
// without), newest first, one page per cursor, with every status's exact count
// GET /admin/affiliate-links/pending - the pending ones, read when /all fails for the Pending
// filter (the original app's fallback; the same answer, docs/api.md,
// "GET /admin/affiliate-links/pending"); both page by the same (created_at, id) position, so a
// cursor of one is valid for the other
export async function getLinkApplications(status: LinkStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  try {
    return await apiCall(API.linkApplications, { query: pageQuery(cursor, { status }), signal });
  } catch (error) {
    if (signal?.aborted || status !== "pending") throw error;
    return apiCall(API.pendingLinkApplications, { query: pageQuery(cursor), signal });
  }
}

export const linkApplicationsQuery = (status: LinkStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.linkApplicationsList(status),
    queryFn: ({ pageParam, signal }) => getLinkApplications(status, pageParam, signal),
    ...cursorPaging,
  });

export function useLinkApplications(status: LinkStatus | undefined) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(linkApplicationsQuery(status));
  return {
    ...pagedScreenState(query, (page) => page.applications, t("admin.links.loadFailed")),
    // The newest page's counts: every refetch reads them again, so they are as fresh as the list.
    // A filter opened for the first time shows another filter's counts until its own page arrives.
    counts:
      query.data?.pages.at(-1)?.counts ??
      queryClient
        .getQueriesData<InfiniteData<LinkApplicationsResponse>>({ queryKey: adminUsersKeys.linkApplications() })
        .map(([, data]) => data?.pages.at(-1)?.counts)
        .find((counts) => counts !== undefined),
  };
}
