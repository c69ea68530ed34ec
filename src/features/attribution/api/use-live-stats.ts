// The attribution figures are live: a change to an order or to a link's click total (the
// link_click_counts table) on the screen's topic refreshes them: the influencer's or the shop's
// own, or the admin topic, which carries every row.
import type { QueryKey } from "@tanstack/react-query";
import { combinedLiveStatus } from "@/lib/live-status.ts";
import type { LiveStatus } from "@/lib/realtime.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";

interface LiveStatsOptions {
  /** liveTopics.admin, .shop(id) or .influencer(id). */
  topic: string;
  invalidates: QueryKey;
}

/** Both feeds' status in one: live when both are. */
export function useLiveStats({ topic, invalidates }: LiveStatsOptions): LiveStatus {
  const orders = useTableInvalidation({ topic, table: "orders", event: "*", invalidates: [invalidates] });
  const clicks = useTableInvalidation({ topic, table: "link_click_counts", event: "*", invalidates: [invalidates] });
  return combinedLiveStatus(orders, clicks);
}
