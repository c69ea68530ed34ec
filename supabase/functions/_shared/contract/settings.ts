// The marketplace settings an admin changes (GET and PUT /admin/settings): request and response
// schemas, shared by the SPA and the api function (no Deno APIs). The first setting is the riel
// exchange rate the checkout shows riel prices with (docs/money.md).
import { z } from "zod";
import { id, message, timestamp } from "./fields.ts";

/** The range of riel_per_usd, as the database's CHECK constraint has it. */
export const RIEL_PER_USD_MIN = 1000;
export const RIEL_PER_USD_MAX = 10000;

const rielPerUsdRange = `riel_per_usd must be a whole number from ${RIEL_PER_USD_MIN} to ${RIEL_PER_USD_MAX}`;

/**
 * PUT /admin/settings. Unknown fields are refused rather than ignored: a misspelt setting must not
 * look saved. A number only, no numeric strings: the admin screen sends what it parsed.
 */
export const settingsUpdateSchema = z
  .object({
    riel_per_usd: z
      .number({ error: (issue) => (issue.input === undefined ? "riel_per_usd is required" : rielPerUsdRange) })
      .int(rielPerUsdRange)
      .min(RIEL_PER_USD_MIN, rielPerUsdRange)
      .max(RIEL_PER_USD_MAX, rielPerUsdRange),
  })
  .strict();

export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** The settings as both paths answer them. */
export const settingsSchema = z.object({
  /** Riel per US dollar (4100 means $1 = 4,100 riel). */
  riel_per_usd: z.number().int(),
  updated_at: timestamp,
  /** The admin who saved them last; null until one does. */
  updated_by: id.nullable(),
});

/** GET /admin/settings */
export const settingsResponseSchema = z.object({ settings: settingsSchema });

/** PUT /admin/settings */
export const settingsSavedResponseSchema = z.object({ message, settings: settingsSchema });

export type Settings = z.infer<typeof settingsSchema>;
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
export type SettingsSavedResponse = z.infer<typeof settingsSavedResponseSchema>;
