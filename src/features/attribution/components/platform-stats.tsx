// The platform's attribution totals on the admin dashboard (GET /admin/attribution/stats). Live:
// any change of an order or a click total refreshes them.
import { LiveIndicator } from "@/components/ui/index.ts";
import { t } from "@/features/attribution/i18n.ts";
import { usePlatformStats } from "@/features/attribution/api/get-platform-stats.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";
import { useLiveStats } from "@/features/attribution/api/use-live-stats.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { StatsBoard } from "./stats-board.tsx";

export function PlatformStats() {
  const stats = usePlatformStats();
  const live = useLiveStats({ topic: liveTopics.admin, invalidates: attributionKeys.platform() });
  return (
    <StatsBoard
      title={t("stats.title.platform")}
      state={stats}
      totalsTitle={t("stats.totals.platform")}
      live={<LiveIndicator status={live} />}
    />
  );
}
