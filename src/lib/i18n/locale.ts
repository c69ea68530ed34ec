// Which language to show. A `?lang=km` or `?lang=en` on any URL wins (so an influencer can share a
// Khmer checkout link), then the choice remembered on this device, then the browser's languages.
const LOCALES = ["en", "km"] as const;
export type Locale = (typeof LOCALES)[number];

const STORAGE_KEY = "lang";

function asLocale(value: string | null | undefined): Locale | null {
  const base = value?.toLowerCase().split("-")[0];
  return LOCALES.find((locale) => locale === base) ?? null;
}

function remembered(): Locale | null {
  try {
    return asLocale(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return null; // storage blocked (private mode, embedded browsers)
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** The language for this visit; a `?lang=` choice is remembered like a click on the switch. */
export function initialLocale(): Locale {
  const fromUrl = asLocale(new URLSearchParams(window.location.search).get("lang"));
  if (fromUrl) {
    rememberLocale(fromUrl);
    return fromUrl;
  }
  const fromBrowser = (navigator.languages ?? [navigator.language]).map(asLocale).find((locale) => locale);
  return remembered() ?? fromBrowser ?? "en";
}

/** The `Intl` locale for numbers and dates. */
export const intlLocales: Record<Locale, string> = { en: "en-US", km: "km-KH" };
