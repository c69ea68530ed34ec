import { Link } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { t } from "@/lib/i18n/index.ts";

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <path
        d="M10 13.5a6 6 0 0 1 6-6h2.5a3 3 0 0 1 0 6H16"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path
        d="M22 18.5a6 6 0 0 1-6 6h-2.5a3 3 0 0 1 0-6H16"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to={paths.home} className="logo" aria-label={t("app.logoLabel")}>
      <LogoMark />
      <span className="logo__text">{t("app.name")}</span>
    </Link>
  );
}
