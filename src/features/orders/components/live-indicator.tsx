// Whether a list is receiving live updates (realtime), as a small labelled dot.
import { t } from "../../../lib/i18n/index.ts";
import type { LiveStatus } from "../../../lib/realtime.ts";

export function LiveIndicator({ status }: { status: LiveStatus }) {
  const label = status === "live" ? t("orders.live") : status === "connecting" ? t("orders.connecting") : t("orders.offline");
  return (
    <p className={`live-indicator live-indicator--${status}`} aria-label={t("orders.liveLabel", { state: label })}>
      <span className="live-indicator__dot" aria-hidden="true" />
      {label}
    </p>
  );
}
