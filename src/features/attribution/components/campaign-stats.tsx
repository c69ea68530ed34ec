// Campaign performance on the business dashboard (GET /campaigns/stats). Live: a change to one of
// the shop's orders or click totals refreshes the figures.
import { LiveIndicator } from "@/components/ui/index.ts";
import { t } from "@/features/attribution/i18n.ts";
import { useCampaignStats } from "@/features/attribution/api/get-campaign-stats.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";
import { useLiveStats } from "@/features/attribution/api/use-live-stats.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { StatsBoard } from "./stats-board.tsx";

export function CampaignStats({ userId }: { userId: string }) {
  const stats = useCampaignStats();
  const live = useLiveStats({
    topic: liveTopics.shop(userId),
    invalidates: attributionKeys.campaigns(),
  });
  return (
    <StatsBoard
      title={t("stats.title.campaigns")}
      state={stats}
      totalsTitle={t("stats.totals.campaigns")}
      itemsTitle={t("stats.items.campaigns")}
      emptyText={t("stats.empty.campaigns")}
      live={<LiveIndicator status={live} />}
      items={stats.data?.campaigns.map((campaign) => ({
        id: campaign.campaign_id,
        name: campaign.campaign_name,
        figures: campaign,
      }))}
    />
  );
}
