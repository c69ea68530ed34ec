// The page frame: skip link, header, main, footer. On navigation it scrolls to the top (or to the
// URL hash) and moves focus to <main> so screen reader and keyboard users start at the content.
import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { t } from "@/lib/i18n/index.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function MainLayout() {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (location.hash) return; // the page scrolls to its own section
    window.scrollTo({ top: 0 });
    main.current?.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
