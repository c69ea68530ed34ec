import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StoreResponse } from "@contract/storefront.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/storefront/i18n.ts";
import { storefrontKeys } from "@/features/storefront/api/query-keys.ts";

// GET /store/{handle} - the influencer's name and the products they chose, in their order
export function getStore(handle: string, signal?: AbortSignal): Promise<StoreResponse> {
  return apiRequestUnparsed<StoreResponse>(`/store/${encodeURIComponent(handle)}`, { signal, token: null });
}

export const storeQuery = (handle: string) =>
  queryOptions({ queryKey: storefrontKeys.store(handle), queryFn: ({ signal }) => getStore(handle, signal) });

export function useStore(handle: string) {
  const query = useQuery(storeQuery(handle));
  return screenState(query, t("store.loadFailed"));
}
