import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StorefrontSettings } from "@contract/storefront.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { screenState } from "@/lib/screen-state.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// GET /affiliate-links/storefront - the caller's store handle, its address and the links it shows
export function getStorefront(signal?: AbortSignal): Promise<StorefrontSettings> {
  return apiCall(API.storefrontSettings, { signal });
}

export const storefrontQuery = () =>
  queryOptions({ queryKey: influencerKeys.storefront(), queryFn: ({ signal }) => getStorefront(signal) });

export function useStorefront() {
  const query = useQuery(storefrontQuery());
  return screenState(query, t("influencer.store.loadFailed"));
}
