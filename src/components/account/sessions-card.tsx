// "Where you're signed in" (docs/product.md, "Profile"): the account's live sessions, each with the
// browser and system it signed in from, when, and when it was last used (refreshed at most an
// hour ago while open); "Sign out" ends one at once, on that device too, and "Sign out
// everywhere" ends them all, this one included.
import { useSessions, useEndSession, useSignOutEverywhere } from "@/lib/sessions.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/lib/i18n/index.ts";
import { Badge, Button, Card, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import "./sessions-card.css";

export function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const signOutEverywhere = useSignOutEverywhere();
  const toast = useToast();

  function onEnd(id: string) {
    endSession.mutate(id, {
      onSuccess: () => toast.success(t("sessions.ended")),
      onError: (error) => toast.error(failureMessage(error, t("sessions.endFailed"))),
    });
  }

  function onEndAll() {
    signOutEverywhere.mutate(undefined, {
      onError: (error) => toast.error(failureMessage(error, t("sessions.endFailed"))),
    });
  }

  return (
    <Card title={t("sessions.title")}>
      <p className="muted-note">{t("sessions.intro")}</p>
      {sessions.error && (
        <RetryAlert onRetry={sessions.refetch} retrying={sessions.isFetching}>
          {sessions.error}
        </RetryAlert>
      )}
      {sessions.isLoading ? (
        <LoadingState />
      ) : (
        <ul className="sessions-card__list">
          {(sessions.data ?? []).map((session) => (
            <li key={session.id} className="sessions-card__item">
              <div className="sessions-card__device">
                <span className="sessions-card__name">{session.device || t("sessions.unknownDevice")}</span>
                {session.current && <Badge tone="success">{t("sessions.thisDevice")}</Badge>}
              </div>
              <span className="muted-note">
                {t("sessions.times", {
                  signedIn: formatDateTime(session.created_at),
                  lastUsed: formatDateTime(session.last_used_at),
                })}
              </span>
              {!session.current && (
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    loading={endSession.isPending && endSession.variables === session.id}
                    onClick={() => onEnd(session.id)}
                  >
                    {t("sessions.signOut")}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="danger" size="sm" loading={signOutEverywhere.isPending} onClick={onEndAll}>
        {t("sessions.signOutEverywhere")}
      </Button>
    </Card>
  );
}
