// Link performance on the influencer dashboard (GET /affiliate-links/stats). Live: a change to one
// of the influencer's orders or click totals refreshes the figures.
import { LiveIndicator } from "@/components/ui/index.ts";
import { t } from "@/features/attribution/i18n.ts";
import { useLinkStats } from "@/features/attribution/api/get-link-stats.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";
import { useLiveStats } from "@/features/attribution/api/use-live-stats.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { StatsBoard } from "./stats-board.tsx";

export function LinkStats({ userId }: { userId: string }) {
  const stats = useLinkStats();
  const live = useLiveStats({
    topic: liveTopics.influencer(userId),
    invalidates: attributionKeys.links(),
  });
  return (
    <StatsBoard
      title={t("stats.title.links")}
      state={stats}
      totalsTitle={t("stats.totals.links")}
      itemsTitle={t("stats.items.links")}
      emptyText={t("stats.empty.links")}
      live={<LiveIndicator status={live} />}
      items={stats.data?.links.map((link) => ({
        id: link.affiliate_link_id,
        name: link.campaign_name,
        figures: link,
        detail: link.short_url && <p className="stats-item__url break-anywhere">{link.short_url}</p>,
      }))}
    />
  );
}
