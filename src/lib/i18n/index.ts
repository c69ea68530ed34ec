// Translations through Lingui's core (ICU messages, compiled at build time by
// tooling/vite-lingui-catalogs.ts). Every feature owns a catalog, `locales/{en,km}.json` next to its
// code, and defines its own typed `t` with `defineCatalog`: the compiler then refuses an id the
// feature's catalog or the shared one (./locales) lacks. A catalog loads with the code that uses it,
// and only in the language being shown; switching loads the other language of every catalog seen
// so far before anything re-renders.
import { useSyncExternalStore } from "react";
import { i18n, type Messages } from "@lingui/core";
import { khmerFontReady } from "./khmer-font.ts";
import { initialLocale, intlLocales, rememberLocale, type Locale } from "./locale.ts";
import type sharedMessages from "./locales/en.json";

export type { Locale };
export type Params = Record<string, string | number>;
export type SharedKey = keyof typeof sharedMessages;
export type Translate<Key extends string> = (key: Key | SharedKey, params?: Params) => string;

/** A catalog's files, as `import.meta.glob<Messages>("./locales/*.json", { query: "?lingui", import: "messages" })` gives them. */
export type CatalogFiles = Record<string, () => Promise<Messages>>;

const catalogs: CatalogFiles[] = [];
let shown: Locale = initialLocale();
document.documentElement.lang = shown;
const listeners = new Set<() => void>();

function loadOne(files: CatalogFiles, locale: Locale): Promise<Messages> {
  const path = Object.keys(files).find((file) => file.endsWith(`/${locale}.json`));
  if (!path) throw new Error(`A catalog has no ${locale}.json: ${Object.keys(files).join(", ")}`);
  return files[path]();
}

function translate(key: string, params?: Params): string {
  return i18n._(key, params);
}

/** Registers a catalog, loads it in the current language, and gives the `t` for its ids. */
export async function defineCatalog<Key extends string>(files: CatalogFiles): Promise<Translate<Key>> {
  catalogs.push(files);
  i18n.load(shown, await loadOne(files, shown));
  if (i18n.locale !== shown) i18n.activate(shown);
  return translate;
}

export function getLocale(): Locale {
  return shown;
}

export function intlLocale(): string {
  return intlLocales[getLocale()];
}

/** Shows `locale` from now on, on this device too, once every catalog seen so far has it. */
export async function setLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  if (locale === getLocale()) return;
  const [loaded] = await Promise.all([
    Promise.all(catalogs.map((files) => loadOne(files, locale))),
    locale === "km" ? khmerFontReady() : undefined,
  ]);
  for (const messages of loaded) i18n.load(locale, messages);
  shown = locale;
  i18n.activate(locale);
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}

/** The app-wide texts: navigation, footer, errors, statuses. A Khmer page also waits for its font. */
export const [t] = await Promise.all([
  defineCatalog<SharedKey>(import.meta.glob<Messages>("./locales/*.json", { query: "?lingui", import: "messages" })),
  shown === "km" ? khmerFontReady() : undefined,
]);

/**
 * Server texts (API `message` values) are English, so their catalog's ids are the English texts and
 * only Khmer has a file. It loads when first needed (a failed request, the first tap or key) rather
 * than with the page: most visits never show one, and a phone should not fetch it for nothing.
 */
const serverMessageFiles: CatalogFiles = {
  ...import.meta.glob<Messages>("./server-messages/km.json", { query: "?lingui", import: "messages" }),
  "./server-messages/en.json": () => Promise.resolve({}),
};
let serverMessages: Promise<unknown> | null = null;

export function loadServerMessages(): Promise<unknown> {
  serverMessages ??= defineCatalog(serverMessageFiles).catch((error: unknown) => {
    serverMessages = null; // offline: the next need tries again
    throw error;
  });
  return serverMessages;
}

for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => void loadServerMessages().catch(() => undefined), { once: true, capture: true });
}

/**
 * A text that came from the server: its translation once the catalog knows it, else the text as it
 * came. A sentence carrying a value (a name, Meta's reason) is in the catalog with a placeholder,
 * `{name} is already connected…`: pass that id and its `params`.
 */
export function tServer(message: string, params?: Params): string {
  return message in i18n.messages ? i18n._(message, params) : message;
}
