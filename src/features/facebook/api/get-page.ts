import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FacebookPage } from "@contract/facebook.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/facebook/i18n.ts";
import { facebookKeys } from "@/features/facebook/api/query-keys.ts";

// GET /facebook/page - the connected Page (never its token), or null
export function getFacebookPage(signal?: AbortSignal): Promise<FacebookPage | null> {
  return apiCall(API.facebookPage, { signal }).then((body) => body.facebook);
}

export const facebookPageQuery = () =>
  queryOptions({ queryKey: facebookKeys.page(), queryFn: ({ signal }) => getFacebookPage(signal) });

export function useFacebookPage() {
  return screenState(useQuery(facebookPageQuery()), t("facebook.loadFailed"));
}
