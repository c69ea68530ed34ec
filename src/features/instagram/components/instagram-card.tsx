// The Instagram card of the influencer dashboard: what keyword replies do and Connect Instagram
// (approved influencers only; others see why not), or the connected @username with Disconnect,
// asked once more before it happens (the shared connection card).
import { ConnectionCard, type PlatformCardProps } from "@/components/connect/connection-card.tsx";
import { t } from "@/features/instagram/i18n.ts";
import { useInstagramAccount } from "@/features/instagram/api/get-account.ts";
import { useDisconnectInstagram } from "@/features/instagram/api/disconnect.ts";
import { useStartInstagramConnect } from "@/features/instagram/api/start-connect.ts";

export function InstagramCard({ approved, navigateTo }: PlatformCardProps) {
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
