// Header (docs/product.md, "Header and footer"): logo and landing-section links; signed in: Admin
// (admins only), Dashboard by user type, Logout (clears the token, back to /); signed out: Log In
// and Get Started.
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { logout, useSession } from "@/lib/auth.tsx";
import { t, type SharedKey } from "@/lib/i18n/index.ts";
import { dashboardPathFor } from "@/lib/token.ts";
import { Button, LanguageSwitch, Modal } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { Logo } from "./logo.tsx";

const sectionLinks: { hash: string; key: SharedKey }[] = [
  { hash: "features", key: "nav.features" },
  { hash: "how-it-works", key: "nav.howItWorks" },
  { hash: "pricing", key: "nav.pricing" },
  { hash: "testimonials", key: "nav.testimonials" },
  { hash: "about-us", key: "nav.about" },
  { hash: "contact", key: "nav.contact" },
];

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="nav-links">
      {sectionLinks.map((link) => (
        <li key={link.hash}>
          <Link to={{ pathname: paths.home, hash: `#${link.hash}` }} className="nav-links__link" onClick={onNavigate}>
            {t(link.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AccountActions({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const size = stacked ? "md" : "sm";

  if (!session) {
    return (
      <div className="account-actions">
        <ButtonLink to={paths.login} variant="ghost" size={size} block={stacked} onClick={onNavigate}>
          {t("nav.login")}
        </ButtonLink>
        <ButtonLink to={paths.signupSelection} variant="primary" size={size} block={stacked} onClick={onNavigate}>
          {t("nav.getStarted")}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="account-actions">
      {session.userType === "admin" && (
        <ButtonLink to={paths.adminDashboard} variant="ghost" size={size} block={stacked} onClick={onNavigate}>
          {t("nav.admin")}
        </ButtonLink>
      )}
      <ButtonLink
        to={dashboardPathFor(session.userType)}
        variant="secondary"
        size={size}
        block={stacked}
        onClick={onNavigate}
      >
        {t("nav.dashboard")}
      </ButtonLink>
      <Button
        variant="outline"
        size={size}
        block={stacked}
        onClick={() => {
          onNavigate?.();
          logout(paths.home);
          navigate(paths.home);
        }}
      >
        {t("nav.logout")}
      </Button>
    </div>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Logo />
        <nav className="site-header__nav" aria-label={t("nav.main")}>
          <SectionLinks />
        </nav>
        <LanguageSwitch className="site-header__language" />
        <div className="site-header__actions">
          <AccountActions />
        </div>
        <button
          type="button"
          className="site-header__menu-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="site-header__menu-label">{t("nav.menu")}</span>
        </button>
      </div>
      <Modal open={menuOpen} onClose={close} title={t("nav.menu")} variant="sheet">
        <nav aria-label={t("nav.main")} className="mobile-nav">
          <SectionLinks onNavigate={close} />
          <AccountActions onNavigate={close} stacked />
        </nav>
      </Modal>
    </header>
  );
}
