// The marketplace settings an admin changes (GET and PUT /admin/settings): request and response
// schemas, shared by the SPA and the api function (no Deno APIs). The first setting is the riel
// exchange rate the checkout shows riel prices with (docs/money.md).
import { z } from "zod";
import { id, message, timestamp } from "./fields.ts";

/** The range of riel_per_usd, as the database's CHECK constraint has it. */
export const RIEL_PER_USD_MIN = 1000;
export const RIEL_PER_USD_MAX = 10000;

const rielPerUsdRange = `riel_per_usd must be a whole number from ${RIEL_PER_USD_MIN} to ${RIEL_PER_USD_MAX}`;

/** The range of commission_hold_days, as the database's CHECK constraint has it. */
export const COMMISSION_HOLD_DAYS_MAX = 90;

const holdDaysRange = `commission_hold_days must be a whole number from 0 to ${COMMISSION_HOLD_DAYS_MAX}`;

/**
 * PUT /admin/settings. Unknown fields are refused rather than ignored: a misspelt setting must not
 * look saved. A number only, no numeric strings: the admin screen sends what it parsed.
 */
export const settingsUpdateSchema = z
  .object({
    riel_per_usd: z
      .number({ error: rielPerUsdRange })
      .int(rielPerUsdRange)
      .min(RIEL_PER_USD_MIN, rielPerUsdRange)
      .max(RIEL_PER_USD_MAX, rielPerUsdRange)
      .optional(),
    commission_hold_days: z
      .number({ error: holdDaysRange })
      .int(holdDaysRange)
      .min(0, holdDaysRange)
      .max(COMMISSION_HOLD_DAYS_MAX, holdDaysRange)
      .optional(),
  })
  .strict()
  .refine((input) => input.riel_per_usd !== undefined || input.commission_hold_days !== undefined, {
    message: "Nothing to change: send riel_per_usd or commission_hold_days",
  });

export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** The settings as both paths answer them. */
export const settingsSchema = z.object({
  /** Riel per US dollar (4100 means $1 = 4,100 riel). */
  riel_per_usd: z.number().int(),
  /** Days after delivery before commissions and business nets can be requested (0 to 90). */
  commission_hold_days: z.number().int(),
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
