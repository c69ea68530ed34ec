// The Instagram card of the influencer dashboard: what keyword replies do and Connect Instagram
// (approved influencers only; others see why not), or the connected @username with Disconnect,
// asked once more before it happens.
import { useEffect, useRef, useState } from "react";
import { failureMessage } from "@/lib/api-client.ts";
import { formatDate } from "@/lib/format-date.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { Alert, Button, Card, Icon, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import { t } from "@/features/instagram/i18n.ts";
import { useInstagramAccount } from "@/features/instagram/api/get-account.ts";
import { useDisconnectInstagram } from "@/features/instagram/api/disconnect.ts";
import { useStartInstagramConnect } from "@/features/instagram/api/start-connect.ts";
import "./instagram.css";

interface InstagramCardProps {
  /** Only approved influencers may connect (the server refuses the others anyway). */
  approved: boolean;
  /** Where the browser goes to Instagram (a test seam). */
  navigateTo?: (url: string) => void;
}

export function InstagramCard({ approved, navigateTo }: InstagramCardProps) {
  const toast = useToast();
  const account = useInstagramAccount();
  const connect = useStartInstagramConnect(navigateTo);
  const disconnect = useDisconnectInstagram();
  const [confirming, setConfirming] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  // The question takes focus, so a keyboard user lands on what was just asked.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const connected = account.data ?? null;

  async function onDisconnect() {
    setDisconnectError(null);
    try {
      const answer = await disconnect.mutateAsync();
      setConfirming(false);
      toast.success(answer.message ? tServer(answer.message) : t("instagram.disconnected"));
    } catch (error) {
      setConfirming(false);
      setDisconnectError(failureMessage(error, t("instagram.disconnectFailed")));
    }
  }

  return (
    <Card title={t("instagram.title")} className="instagram-card">
      {account.error &&
        (account.canRetry ? (
          <RetryAlert onRetry={account.refetch} retrying={account.isFetching}>
            {account.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{account.error}</Alert>
        ))}
      {account.isLoading ? (
        <LoadingState />
      ) : connected ? (
        <div className="instagram-card__connected">
          <dl className="details">
            <div className="details__row">
              <dt>{t("instagram.connectedAs")}</dt>
              <dd className="instagram-card__username break-anywhere">@{connected.username}</dd>
            </div>
            <div className="details__row">
              <dt>{t("instagram.connectedSince")}</dt>
              <dd>
                <time dateTime={connected.connected_at}>{formatDate(connected.connected_at)}</time>
              </dd>
            </div>
          </dl>
          <p className="muted-note">{t("instagram.keywordsHint")}</p>
          {disconnectError && <Alert tone="danger">{disconnectError}</Alert>}
          {confirming ? (
            <Alert
              tone="warning"
              action={
                <div className="button-row">
                  <Button
                    ref={confirmButton}
                    variant="danger"
                    size="sm"
                    loading={disconnect.isPending}
                    onClick={onDisconnect}
                  >
                    {t("instagram.disconnectYes")}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                    {t("common.cancel")}
                  </Button>
                </div>
              }
            >
              {t("instagram.disconnectConfirm", { username: connected.username })}
            </Alert>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                {t("instagram.disconnect")}
              </Button>
            </div>
          )}
        </div>
      ) : (
        !account.error && (
          <div className="instagram-card__intro">
            <p>{t("instagram.intro")}</p>
            {!approved && (
              <p id="instagram-connect-disabled" className="muted-note">
                {t("instagram.notApproved")}
              </p>
            )}
            {connect.error && (
              <Alert tone="danger">{failureMessage(connect.error, t("instagram.connectFailed"))}</Alert>
            )}
            <div>
              <Button
                onClick={() => connect.mutate()}
                loading={connect.isPending || connect.isSuccess}
                disabled={!approved}
                aria-describedby={approved ? undefined : "instagram-connect-disabled"}
                icon={<Icon name="chat" size={18} />}
              >
                {t("instagram.connect")}
              </Button>
            </div>
          </div>
        )
      )}
    </Card>
  );
}
