// Keyword activity on the influencer dashboard: each comment or direct message the webhooks received,
// on Instagram or the Facebook Page (each marked with its platform; a Facebook direct message is a
// Messenger message), with its keyword, who wrote it and what became of the reply (sent; failed
// with Meta's reason; skipped with why; still sending). Live: a new or updated event refreshes the list.
import type { InstagramEvent, KeywordEventOutcome } from "@contract/instagram.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import {
  Alert,
  Badge,
  Card,
  EmptyState,
  LiveIndicator,
  LoadingState,
  RetryAlert,
  type BadgeTone,
} from "@/components/ui/index.ts";
import { t } from "@/features/instagram/i18n.ts";
import { useInstagramActivity } from "@/features/instagram/api/get-activity.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";
import "./instagram.css";

const outcomeTone: Record<KeywordEventOutcome, BadgeTone> = {
  pending: "info",
  sent: "success",
  failed: "danger",
  skipped: "neutral",
};

/** Failures the webhooks describe themselves (the account or Page went away before the reply): no Meta words. */
const OWN_FAILURES = new Set(["Instagram was disconnected", "The Facebook Page was disconnected"]);

/** Why there was no reply, or Meta's reason it failed; null when sent or still sending. */
export function outcomeDetail(event: InstagramEvent): string | null {
  if (event.outcome === "skipped" && event.skip_reason) return t(`instagram.activity.skip.${event.skip_reason}`);
  if (event.outcome === "failed") {
    if (event.error_code === null && event.error_message && OWN_FAILURES.has(event.error_message)) {
      return tServer(event.error_message);
    }
    const message = event.error_message ?? t("instagram.activity.unknownError");
    const platform = t(`instagram.activity.platform.${event.platform}`);
    return event.error_code === null
      ? t("instagram.activity.metaError", { platform, message })
      : t("instagram.activity.metaErrorCode", { platform, message, code: String(event.error_code) });
  }
  return null;
}

function ActivityItem({ event }: { event: InstagramEvent }) {
  const detail = outcomeDetail(event);
  return (
    <li className={`activity-item activity-item--${event.outcome}`}>
      <div className="activity-item__head">
        <span className={`activity-item__platform activity-item__platform--${event.platform}`}>
          {t(`instagram.activity.platform.${event.platform}`)}
        </span>
        <span className="activity-item__kind">{t(`instagram.activity.kind.${event.platform}.${event.kind}`)}</span>
        {event.keyword ? (
          <code className="keyword">{event.keyword}</code>
        ) : (
          <span className="activity-item__no-keyword">{t("instagram.activity.noKeyword")}</span>
        )}
        <Badge tone={outcomeTone[event.outcome]} className="activity-item__outcome">
          <span className="visually-hidden">{t("instagram.activity.outcome")}: </span>
          {t(`instagram.activity.outcome.${event.outcome}`)}
        </Badge>
      </div>
      <p className="activity-item__meta">
        {/* An Instagram @username, or a person's name on Facebook. */}
        {event.from_username && (
          <span className="break-anywhere">
            {event.platform === "instagram" ? `@${event.from_username}` : event.from_username}
          </span>
        )}
        {event.campaign_name && <span className="break-anywhere">{event.campaign_name}</span>}
        <time dateTime={event.received_at}>{formatDateTime(event.received_at)}</time>
      </p>
      {detail && <p className="activity-item__detail break-anywhere">{detail}</p>}
    </li>
  );
}

export function InstagramActivity({ userId }: { userId: string }) {
  const activity = useInstagramActivity();
  const live = useTableInvalidation({
    topic: liveTopics.influencer(userId),
    table: "keyword_events",
    event: "*",
    invalidates: [instagramKeys.activity()],
  });
  const events = activity.data ?? [];

  return (
    <Card title={t("instagram.activity.title")} actions={<LiveIndicator status={live} />}>
      {activity.error &&
        (activity.canRetry ? (
          <RetryAlert onRetry={activity.refetch} retrying={activity.isFetching}>
            {activity.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{activity.error}</Alert>
        ))}
      {activity.isLoading ? (
        <LoadingState />
      ) : events.length === 0 ? (
        !activity.error && (
          <EmptyState icon="chat" title={t("instagram.activity.empty")} body={t("instagram.activity.emptyHint")} />
        )
      ) : (
        <ul className="activity-list" aria-label={t("instagram.activity.title")}>
          {events.map((event) => (
            <ActivityItem key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Card>
  );
}
