// The Facebook Page card of the influencer dashboard, beside Instagram's: what the Page's keyword
// replies do and Connect Facebook Page (approved influencers only; others see why not), or the
// connected Page with Disconnect, asked once more before it happens (the shared connection card).
// A Page token Facebook refused shows at once (the Page's live event), with Connect again.
import { ConnectionCard, type PlatformCardProps } from "@/components/connect/connection-card.tsx";
import { formatDate } from "@/lib/format-date.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { facebookKeys } from "@/features/facebook/api/query-keys.ts";
import { t } from "@/features/facebook/i18n.ts";
import { useFacebookPage } from "@/features/facebook/api/get-page.ts";
import { useDisconnectFacebook } from "@/features/facebook/api/disconnect.ts";
import { useStartFacebookConnect } from "@/features/facebook/api/start-connect.ts";

export function FacebookCard({ userId, approved, navigateTo }: PlatformCardProps) {
  // The webhook marks a refused token while the dashboard is open.
  useTableInvalidation({
    topic: liveTopics.influencer(userId),
    table: "facebook_pages",
    event: "*",
    invalidates: [facebookKeys.page()],
  });
  const page = useFacebookPage();
  const start = useStartFacebookConnect(navigateTo);
  const disconnect = useDisconnectFacebook();
  const connected = page.data;
  return (
    <ConnectionCard
      className="facebook-card"
      text={(key) => t(`facebook.${key}`)}
      approved={approved}
      query={page}
      connection={
        connected
          ? {
              label: t("facebook.page"),
              name: connected.page_name,
              connectedAt: connected.connected_at,
              refused: connected.token_refused_at
                ? t("facebook.refused", { date: formatDate(connected.token_refused_at) })
                : null,
              confirm: t("facebook.disconnectConfirm", { page: connected.page_name }),
            }
          : null
      }
      start={start}
      disconnect={disconnect}
      notSetUpMessage="Facebook is not set up on this marketplace yet"
    />
  );
}
