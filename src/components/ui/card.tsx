import { useId, type ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";

interface CardProps {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Renders the card as a list item (inside a <ul className="card-list">). */
  as?: "section" | "li" | "article" | "div";
  "aria-label"?: string;
}

/** A surface with an optional heading and actions; titled cards are labelled regions. */
export function Card({ title, level = 2, actions, children, className, as = "section", ...aria }: CardProps) {
  const titleId = useId();
  const Tag = as;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Tag
      className={cx("card", className)}
      aria-labelledby={title ? titleId : undefined}
      aria-label={aria["aria-label"]}
    >
      {(title || actions) && (
        <div className="card__header">
          {title && (
            <Heading id={titleId} className="card__title">
              {title}
            </Heading>
          )}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      <div className="card__body">{children}</div>
    </Tag>
  );
}
