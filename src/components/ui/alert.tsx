import type { ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";

export type AlertTone = "info" | "success" | "warning" | "danger";

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

const icons: Record<AlertTone, string> = { info: "i", success: "✓", warning: "!", danger: "✕" };

/** An inline message. Danger alerts are announced at once (role=alert), others politely. */
export function Alert({ tone = "info", title, children, action, className }: AlertProps) {
  return (
    <div className={cx("alert", `alert--${tone}`, className)} role={tone === "danger" ? "alert" : "status"}>
      <span className="alert__icon" aria-hidden="true">
        {icons[tone]}
      </span>
      <div className="alert__content">
        <p className="alert__text">
          {title && <strong className="alert__title">{title}</strong>}
          {title && children ? " " : null}
          {children}
        </p>
        {action && <div className="alert__action">{action}</div>}
      </div>
    </div>
  );
}
