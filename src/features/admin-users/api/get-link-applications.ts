import { queryOptions, useQuery } from "@tanstack/react-query";
import { linkApplicationsResponseSchema, type LinkApplication } from "@contract/links.ts";
import { fetchPages } from "@/lib/fetch-pages.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";

// GET /admin/affiliate-links/all - every link application, newest first
// GET /admin/affiliate-links/pending - the pending ones (the fallback of SPEC §7)
export async function getLinkApplications(signal?: AbortSignal): Promise<LinkApplication[]> {
  try {
    return await fetchPages("/admin/affiliate-links/all", linkApplicationsResponseSchema, (body) => body.applications, {
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return fetchPages("/admin/affiliate-links/pending", linkApplicationsResponseSchema, (body) => body.applications, {
      signal,
    });
  }
}

export const linkApplicationsQuery = () =>
  queryOptions({ queryKey: adminUsersKeys.linkApplications(), queryFn: ({ signal }) => getLinkApplications(signal) });

export function useLinkApplications() {
  const query = useQuery(linkApplicationsQuery());
  return screenState(query, t("admin.links.loadFailed"));
}
