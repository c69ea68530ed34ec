import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AffiliateLink } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// GET /affiliate-links/my-links - the caller's link applications and links
export function getMyLinks(signal?: AbortSignal): Promise<AffiliateLink[]> {
  return apiCall(API.myLinks, { signal }).then((body) => body.links);
}

export const myLinksQuery = () =>
  queryOptions({ queryKey: influencerKeys.links(), queryFn: ({ signal }) => getMyLinks(signal) });

export function useMyLinks() {
  const query = useQuery(myLinksQuery());
  return screenState(query, t("influencer.links.loadFailed"));
}
