import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KeywordTrigger } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// GET /keyword-triggers/my-triggers - the DM keywords of the caller's approved links
export function getMyTriggers(signal?: AbortSignal): Promise<KeywordTrigger[]> {
  return apiCall(API.myTriggers, { signal }).then((body) => body.triggers);
}

export const myTriggersQuery = () =>
  queryOptions({ queryKey: influencerKeys.triggers(), queryFn: ({ signal }) => getMyTriggers(signal) });

export function useMyTriggers() {
  const query = useQuery(myTriggersQuery());
  return screenState(query, t("influencer.triggers.loadFailed"));
}
