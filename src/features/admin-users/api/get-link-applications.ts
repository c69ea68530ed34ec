import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { linkApplicationsResponseSchema } from "@contract/links.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { cursorPaging, pagePath, pagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/affiliate-links/all - every link application, newest first, one page per cursor
// GET /admin/affiliate-links/pending - the pending ones (the fallback of SPEC §7); both page by
// the same (created_at, id) position, so a cursor of one is valid for the other
export async function getLinkApplications(cursor: string | null, signal?: AbortSignal) {
  const read = (path: string) => apiRequest(pagePath(path, cursor), { schema: linkApplicationsResponseSchema, signal });
  try {
    return await read("/admin/affiliate-links/all");
  } catch (error) {
    if (signal?.aborted) throw error;
    return read("/admin/affiliate-links/pending");
  }
}

export const linkApplicationsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.linkApplications(),
    queryFn: ({ pageParam, signal }) => getLinkApplications(pageParam, signal),
    ...cursorPaging,
  });

export function useLinkApplications() {
  const query = useInfiniteQuery(linkApplicationsQuery());
  return pagedScreenState(query, (page) => page.applications, t("admin.links.loadFailed"));
}
