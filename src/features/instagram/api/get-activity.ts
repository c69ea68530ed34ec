import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InstagramEvent } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/instagram/i18n.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

// GET /instagram/activity - the newest comments and DMs the webhook received, newest first
export function getInstagramActivity(signal?: AbortSignal): Promise<InstagramEvent[]> {
  return apiCall(API.instagramActivity, { signal }).then((body) => body.events);
}

export const instagramActivityQuery = () =>
  queryOptions({ queryKey: instagramKeys.activity(), queryFn: ({ signal }) => getInstagramActivity(signal) });

export function useInstagramActivity() {
  return screenState(useQuery(instagramActivityQuery()), t("instagram.activity.loadFailed"));
}
