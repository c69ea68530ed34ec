import type { ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";
import { Icon, type IconName } from "./icon.tsx";

interface EmptyStateProps {
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  icon?: IconName;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, body, action, icon = "sparkle", className }: EmptyStateProps) {
  return (
    <div className={cx("empty-state", className)}>
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {body && <p className="empty-state__body">{body}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
