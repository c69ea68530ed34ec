// One small i18n layer: dictionaries keyed by message id, English complete, other locales
// partial and falling back to English. `t(key, {name})` fills `{name}` placeholders.
import { useSyncExternalStore } from "react";
import { en, type MessageKey } from "./en-all.ts";
import { km } from "./km.ts";

export type { MessageKey };
export type Locale = "en" | "km";
export type Dictionary = Partial<Record<MessageKey, string>>;
export type Params = Record<string, string | number>;

const dictionaries: Record<Locale, Dictionary> = { en, km };

/** Server texts (API `message` values, shared zod messages) keyed by their English wording. */
const serverMessages: Record<Locale, Record<string, string>> = { en: {}, km: {} };

let currentLocale: Locale = "en";
const listeners = new Set<() => void>();

export function getLocale(): Locale {
  return currentLocale;
}

export function setLocale(locale: Locale): void {
  if (locale === currentLocale) return;
  currentLocale = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Adds or replaces translations for a locale (used when a Khmer dictionary arrives, and by tests). */
export function registerMessages(locale: Locale, messages: Dictionary, server: Record<string, string> = {}): void {
  dictionaries[locale] = { ...dictionaries[locale], ...messages };
  serverMessages[locale] = { ...serverMessages[locale], ...server };
}

function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The text for `key` in the current locale, else English, else the key itself. */
export function t(key: MessageKey, params?: Params): string {
  const template = dictionaries[currentLocale][key] ?? en[key] ?? key;
  return interpolate(template, params);
}

/** A text that came from the server (already English): translated when a translation exists. */
export function tServer(message: string): string {
  return serverMessages[currentLocale][message] ?? message;
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the locale changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
