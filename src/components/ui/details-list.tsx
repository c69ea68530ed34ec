import type { ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";

/** One labelled value of a card's details. */
export interface Detail {
  label: string;
  value: ReactNode;
}

/** A card's details as a description list: each label (dt) with its value (dd). */
export function DetailsList({ details, className }: { details: readonly Detail[]; className?: string }) {
  return (
    <dl className={cx("details", className)}>
      {details.map((detail) => (
        <div className="details__row" key={detail.label}>
          <dt>{detail.label}</dt>
          <dd>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}
