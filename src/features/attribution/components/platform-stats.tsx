// The platform's attribution totals on the admin dashboard (GET /admin/attribution/stats). Live:
// any order's change refreshes them; clicks, which have no feed, every 30 s.
import { LiveIndicator } from "@/components/ui/index.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { t } from "@/features/attribution/i18n.ts";
import { usePlatformStats } from "@/features/attribution/api/get-platform-stats.ts";
import { attributionKeys } from "@/features/attribution/api/query-keys.ts";
import { StatsBoard } from "./stats-board.tsx";

export function PlatformStats() {
  const stats = usePlatformStats();
  const live = useTableInvalidation({
    name: "platform-stats",
    table: "orders",
    event: "*",
    invalidates: [attributionKeys.platform()],
  });
  return (
    <StatsBoard
      title={t("stats.title.platform")}
      state={stats}
      totalsTitle={t("stats.totals.platform")}
      live={<LiveIndicator status={live} />}
    />
  );
}
