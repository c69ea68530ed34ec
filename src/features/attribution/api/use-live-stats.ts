// The attribution figures are live: a change to an order or to a link's click total (the
// link_click_counts table, published to Realtime) refreshes them. `owner` narrows both feeds to
// the influencer's or the business's own rows; admins take every row.
import type { QueryKey } from "@tanstack/react-query";
import { combinedLiveStatus } from "@/lib/live-status.ts";
import type { LiveStatus } from "@/lib/realtime.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";

interface LiveStatsOptions {
  name: string;
  owner?: { column: "influencer_id" | "business_id"; id: string };
  invalidates: QueryKey;
}

/** Both feeds' status in one: live when both are. */
export function useLiveStats({ name, owner, invalidates }: LiveStatsOptions): LiveStatus {
  const filter = owner ? `${owner.column}=eq.${owner.id}` : undefined;
  const orders = useTableInvalidation({
    name: `${name}-orders`,
    table: "orders",
    event: "*",
    filter,
    invalidates: [invalidates],
  });
  const clicks = useTableInvalidation({
    name: `${name}-clicks`,
    table: "link_click_counts",
    event: "*",
    filter,
    invalidates: [invalidates],
  });
  return combinedLiveStatus(orders, clicks);
}
