// Khmer (ខ្មែរ) translations. Empty until the translation arrives: every missing id falls back to
// English. Add entries as `"message.id": "…"`, using the ids in ./en.ts.
import type { MessageKey } from "./en.ts";

export const km: Partial<Record<MessageKey, string>> = {};
