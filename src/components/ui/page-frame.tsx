// The frame of a page of its own, outside the app (the rider's page, an influencer's store): a bar
// with the brand and the language switch, then the page in one column, phone first (ui.css).
import type { ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";
import { LanguageSwitch } from "./language-switch.tsx";

interface PageFrameProps {
  /** What the bar shows left of the language switch: the brand, with the page's icon or name. */
  brand: ReactNode;
  children: ReactNode;
  /** The page's own class, on the frame. */
  className?: string;
  /** A wider column (760 px instead of 640), for a grid of products. */
  wide?: boolean;
}

export function PageFrame({ brand, children, className, wide = false }: PageFrameProps) {
  return (
    <div className={cx(wide && "page-frame--wide", className)}>
      <header className="page-bar">
        <div className="page-bar__inner">
          <span className="page-bar__brand">{brand}</span>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="page-column">
        {children}
      </main>
    </div>
  );
}
