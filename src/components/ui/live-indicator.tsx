// Whether a list is receiving live updates (realtime), as a small labelled dot.
import { t } from "@/lib/i18n/index.ts";
import type { LiveStatus } from "@/lib/realtime.ts";

export function LiveIndicator({ status }: { status: LiveStatus }) {
  const label = status === "live" ? t("live.live") : status === "connecting" ? t("live.connecting") : t("live.offline");
  return (
    <p className={`live-indicator live-indicator--${status}`} aria-label={t("live.label", { state: label })}>
      <span className="live-indicator__dot" aria-hidden="true" />
      {label}
    </p>
  );
}
