// The language switch on every page: each language named in itself, the current one pressed.
import { setLocale, t, useLocale, type Locale } from "@/lib/i18n/index.ts";

const languages: { locale: Locale; name: string }[] = [
  { locale: "km", name: "ខ្មែរ" },
  { locale: "en", name: "English" },
];

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const current = useLocale();
  return (
    <div className={`language-switch ${className}`.trim()} role="group" aria-label={t("common.language")}>
      {languages.map(({ locale, name }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-switch__option"
          aria-pressed={locale === current}
          onClick={() => void setLocale(locale)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
