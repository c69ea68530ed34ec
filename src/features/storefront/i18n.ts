// The store page's texts: ./locales/{en,km}.json, loaded with this feature's code.
import type { Messages } from "@lingui/core";
import { defineCatalog, type SharedKey } from "@/lib/i18n/index.ts";
import type messages from "./locales/en.json";

/** An id this feature may show: its own or a shared one. */
export type MessageKey = keyof typeof messages | SharedKey;

export const t = await defineCatalog<keyof typeof messages>(
  import.meta.glob<Messages>("./locales/*.json", { query: "?lingui", import: "messages" }),
);
