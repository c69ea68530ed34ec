// The Instagram card of the influencer dashboard: what keyword replies do and Connect Instagram
// (approved influencers only; others see why not), or the connected @username with Disconnect,
// asked once more before it happens (the shared connection card). A token Instagram refused
// shows at once (the account's live event), with Connect again.
import { ConnectionCard, type PlatformCardProps } from "@/components/connect/connection-card.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";
import { t } from "@/features/instagram/i18n.ts";
import { useInstagramAccount } from "@/features/instagram/api/get-account.ts";
import { useDisconnectInstagram } from "@/features/instagram/api/disconnect.ts";
import { useStartInstagramConnect } from "@/features/instagram/api/start-connect.ts";

export function InstagramCard({ userId, approved, navigateTo }: PlatformCardProps) {
  // The webhook marks a refused token while the dashboard is open.
  useTableInvalidation({
    topic: liveTopics.influencer(userId),
    table: "instagram_accounts",
    event: "*",
    invalidates: [instagramKeys.account()],
  });
  const account = useInstagramAccount();
  const start = useStartInstagramConnect(navigateTo);
  const disconnect = useDisconnectInstagram();
  const connected = account.data;
  return (
    <ConnectionCard
      className="instagram-card"
      text={(key) => t(`instagram.${key}`)}
      approved={approved}
      query={account}
      connection={
        connected
          ? {
              label: t("instagram.connectedAs"),
              name: `@${connected.username}`,
              connectedAt: connected.connected_at,
              refused: connected.token_refused_at
                ? t("instagram.refused", { date: formatDate(connected.token_refused_at) })
                : null,
              confirm: t("instagram.disconnectConfirm", { username: connected.username }),
            }
          : null
      }
      start={start}
      disconnect={disconnect}
      notSetUpMessage="Instagram is not set up on this marketplace yet"
    />
  );
}
