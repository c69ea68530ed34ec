import { useQuery } from "@tanstack/react-query";
import type { RiderPageResponse } from "@contract/rider.ts";
import { apiRequestUnparsed } from "@/lib/api-client.ts";

/** How often an open page asks again: an admin may assign more orders meanwhile. */
export const RIDER_PAGE_POLL_MS = 60_000;

export const riderPageKey = (token: string) => ["rider-page", token] as const;

// GET /rider/{token} - the courier and its unfinished orders
export function useRiderPage(token: string) {
  return useQuery({
    queryKey: riderPageKey(token),
    queryFn: ({ signal }) =>
      apiRequestUnparsed<RiderPageResponse>(`/rider/${encodeURIComponent(token)}`, { signal, token: null }),
    refetchInterval: RIDER_PAGE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
