// A dashboard card connecting one of the influencer's social accounts to the keyword replies (the
// Instagram account, the Facebook Page): what the replies do and Connect (approved influencers
// only; others see why not; where the marketplace has not set the platform up, the server's words
// instead of the button), or the connection with Disconnect, asked once more before it happens.
// A connection whose token Meta refused says so, with the way to connect again in place of the
// hint.
import { useEffect, useId, useRef, useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { failureMessage, serverMessage } from "@/lib/api-client.ts";
import { formatDate } from "@/lib/format-date.ts";
import { t, tServer } from "@/lib/i18n/index.ts";
import type { ScreenState } from "@/lib/screen-state.ts";
import { Alert, Button, Card, DetailsList, Icon, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import "./connect.css";

/**
 * The card's texts, each platform's own under the same names: "intro" (what connecting does),
 * "notApproved" (why a pending or rejected influencer cannot connect), "keywordsHint" (under the
 * connection) and the buttons' words and failures.
 */
export type ConnectionTextKey =
  | "title"
  | "intro"
  | "notApproved"
  | "connect"
  | "connectFailed"
  | "connectedSince"
  | "keywordsHint"
  | "reconnect"
  | "disconnect"
  | "disconnectYes"
  | "disconnectFailed";

/**
 * What is connected: its name under its label ("Connected as" @username, "Page" its name), since
 * when, the question before disconnecting, and, when Meta refused its token, what to tell the
 * influencer (null while it works).
 */
export interface Connection {
  label: string;
  name: string;
  connectedAt: string;
  confirm: string;
  refused: string | null;
}

/** What a platform's card (Instagram's, Facebook's) takes from the dashboard. */
export interface PlatformCardProps {
  /** The influencer: their live topic tells the card of a change of the connection (a token refused). */
  userId: string;
  /** Only approved influencers may connect (the server refuses the others anyway). */
  approved: boolean;
  /** Where the browser goes to Meta's authorize page (a test seam). */
  navigateTo?: (url: string) => void;
}

interface ConnectionCardProps {
  text: (key: ConnectionTextKey) => string;
  className?: string;
  /** Only approved influencers may connect (the server refuses the others anyway). */
  approved: boolean;
  /** The connection's query. */
  query: Pick<ScreenState<unknown>, "error" | "canRetry" | "refetch" | "isFetching" | "isLoading">;
  /** Null when nothing is connected. */
  connection: Connection | null;
  /** The authorize URL and the way there (useStartConnect). */
  start: UseMutationResult<string, Error, void>;
  disconnect: UseMutationResult<{ message: string }, Error, void>;
  /** The server's message (English, as sent) when the platform is not set up on this marketplace. */
  notSetUpMessage: string;
}

export function ConnectionCard({
  text,
  className,
  approved,
  query,
  connection,
  start,
  disconnect,
  notSetUpMessage,
}: ConnectionCardProps) {
  const toast = useToast();
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  // The question takes focus, so a keyboard user lands on what was just asked.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  // Not set up: asking again cannot help, so the server's words replace the button.
  const notSetUp = start.error !== null && serverMessage(start.error) === tServer(notSetUpMessage);

  async function onDisconnect() {
    setDisconnectError(null);
    try {
      const answer = await disconnect.mutateAsync();
      toast.success(tServer(answer.message));
    } catch (error) {
      setDisconnectError(failureMessage(error, text("disconnectFailed")));
    }
    setConfirming(false);
  }

  let body;
  if (query.isLoading) {
    body = <LoadingState />;
  } else if (connection) {
    body = (
      <div className="connection-card__body">
        <DetailsList
          details={[
            {
              label: connection.label,
              value: <strong className="connection-card__name break-anywhere">{connection.name}</strong>,
            },
            {
              label: text("connectedSince"),
              value: <time dateTime={connection.connectedAt}>{formatDate(connection.connectedAt)}</time>,
            },
          ]}
        />
        {connection.refused ? (
          <Alert
            tone="danger"
            action={
              <Button size="sm" onClick={() => start.mutate()} loading={start.isPending || start.isSuccess}>
                {text("reconnect")}
              </Button>
            }
          >
            {connection.refused}
          </Alert>
        ) : (
          <p className="muted-note">{text("keywordsHint")}</p>
        )}
        {start.error && <Alert tone="danger">{failureMessage(start.error, text("connectFailed"))}</Alert>}
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
                  {text("disconnectYes")}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  {t("common.cancel")}
                </Button>
              </div>
            }
          >
            {connection.confirm}
          </Alert>
        ) : (
          <div>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {text("disconnect")}
            </Button>
          </div>
        )}
      </div>
    );
  } else if (!query.error) {
    body = (
      <div className="connection-card__body">
        <p>{text("intro")}</p>
        {notSetUp ? (
          <Alert tone="info">{serverMessage(start.error)}</Alert>
        ) : (
          <>
            {!approved && (
              <p id={reasonId} className="muted-note">
                {text("notApproved")}
              </p>
            )}
            {start.error && <Alert tone="danger">{failureMessage(start.error, text("connectFailed"))}</Alert>}
            <div>
              <Button
                onClick={() => start.mutate()}
                loading={start.isPending || start.isSuccess}
                disabled={!approved}
                aria-describedby={approved ? undefined : reasonId}
                icon={<Icon name="chat" size={18} />}
              >
                {text("connect")}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <Card title={text("title")} className={className}>
      {query.error &&
        (query.canRetry ? (
          <RetryAlert onRetry={query.refetch} retrying={query.isFetching}>
            {query.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{query.error}</Alert>
        ))}
      {body}
    </Card>
  );
}
