import { cx } from "@/lib/class-names.ts";
import { t } from "@/lib/i18n/index.ts";

interface SpinnerProps {
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** A decorative spinning ring; pair it with text or use <LoadingState>. */
export function Spinner({ size = "md", className }: SpinnerProps) {
  return <span className={cx("spinner", `spinner--${size}`, className)} aria-hidden="true" />;
}

interface LoadingStateProps {
  label?: string;
  className?: string;
}

/** A announced loading placeholder for a page or a card. */
export function LoadingState({ label, className }: LoadingStateProps) {
  return (
    <div className={cx("loading-state", className)} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}
