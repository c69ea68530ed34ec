// The marketplace settings an admin changes (GET and PUT /admin/settings): request and response
// schemas, shared by the SPA and the api function (no Deno APIs). The first setting is the riel
// exchange rate the checkout shows riel prices with (docs/money.md); max_commission_rate is the
// ceiling on campaigns' commission rates.
import { z } from "zod";
import { ruleMessage } from "./constraints.ts";
import { id, message, timestamp } from "./fields.ts";

/** The range of riel_per_usd, as the database's CHECK constraint has it. */
export const RIEL_PER_USD_MIN = 1000;
export const RIEL_PER_USD_MAX = 10000;

const rielPerUsdRange = ruleMessage("marketplace_settings_riel_per_usd_range");

/** The range of commission_hold_days, as the database's CHECK constraint has it. */
export const COMMISSION_HOLD_DAYS_MAX = 90;

const holdDaysRange = ruleMessage("marketplace_settings_commission_hold_days_range");

/**
 * The range of max_commission_rate (the highest commission rate a campaign may be given), as the
 * database's CHECK has it, and its default. docs/money.md says why there is a ceiling.
 */
export const MAX_COMMISSION_RATE_MIN = 0.05;
export const MAX_COMMISSION_RATE_MAX = 0.9;
export const MAX_COMMISSION_RATE_DEFAULT = 0.5;

const maxCommissionRateRange = ruleMessage("marketplace_settings_max_commission_rate_range");

/** The range of unconfirmed_cancel_hours, as the database's CHECK has it; 0 turns the job off. */
export const UNCONFIRMED_CANCEL_HOURS_MAX = 720;

const unconfirmedCancelHoursRange = ruleMessage("marketplace_settings_unconfirmed_cancel_hours_range");

/** The range of courier_remit_days, as the database's CHECK has it. */
export const COURIER_REMIT_DAYS_MAX = 30;

const courierRemitDaysRange = ruleMessage("marketplace_settings_courier_remit_days_range");

/** The fraud-flag thresholds (docs/product.md) and their ranges, as the database's CHECKs have them. */
export const FLAG_THRESHOLD_RANGES = {
  repeat_phone_orders: [2, 100],
  repeat_phone_hours: [1, 720],
  refusal_flag_percent: [1, 100],
  refusal_flag_min_finished: [1, 1000],
} as const satisfies Record<string, readonly [number, number]>;

type FlagThreshold = keyof typeof FLAG_THRESHOLD_RANGES;

function threshold(name: FlagThreshold) {
  const [min, max] = FLAG_THRESHOLD_RANGES[name];
  const range = ruleMessage(`marketplace_settings_${name}_range`);
  return z.number({ error: range }).int(range).min(min, range).max(max, range).optional();
}

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
    repeat_phone_orders: threshold("repeat_phone_orders"),
    repeat_phone_hours: threshold("repeat_phone_hours"),
    refusal_flag_percent: threshold("refusal_flag_percent"),
    refusal_flag_min_finished: threshold("refusal_flag_min_finished"),
    max_commission_rate: z
      .number({ error: maxCommissionRateRange })
      .min(MAX_COMMISSION_RATE_MIN, maxCommissionRateRange)
      .max(MAX_COMMISSION_RATE_MAX, maxCommissionRateRange)
      // Two decimals at most: 0.35 is 35%, and 0.355 is not a rate anyone types.
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, maxCommissionRateRange)
      .optional(),
    unconfirmed_cancel_hours: z
      .number({ error: unconfirmedCancelHoursRange })
      .int(unconfirmedCancelHoursRange)
      .min(0, unconfirmedCancelHoursRange)
      .max(UNCONFIRMED_CANCEL_HOURS_MAX, unconfirmedCancelHoursRange)
      .optional(),
    release_after_remittance: z.boolean({ error: "release_after_remittance must be true or false" }).optional(),
    courier_remit_days: z
      .number({ error: courierRemitDaysRange })
      .int(courierRemitDaysRange)
      .min(1, courierRemitDaysRange)
      .max(COURIER_REMIT_DAYS_MAX, courierRemitDaysRange)
      .optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to change: send at least one setting",
  });

export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** The settings as both paths answer them. */
export const settingsSchema = z.object({
  /** Riel per US dollar (4100 means $1 = 4,100 riel). */
  riel_per_usd: z.number().int(),
  /** Days after delivery before commissions and business nets can be requested (0 to 90). */
  commission_hold_days: z.number().int(),
  /** repeat_phone: this many orders from one phone (the new one included) within repeat_phone_hours. */
  repeat_phone_orders: z.number().int(),
  repeat_phone_hours: z.number().int(),
  /** high_refusal_link: a customer_refused share of at least this percent of the link's finished orders... */
  refusal_flag_percent: z.number().int(),
  /** ...once it has at least this many finished (delivered or cancelled) orders. */
  refusal_flag_min_finished: z.number().int(),
  /** The highest commission rate a new campaign rate may have (0.05 to 0.90, default 0.50). */
  max_commission_rate: z.number(),
  /**
   * Orders still unconfirmed this many hours after they were placed, and not yet on their way, are
   * cancelled as customer_unreachable by a job every 10 minutes; 0 (the default) turns it off.
   */
  unconfirmed_cancel_hours: z.number().int(),
  /** On (default): an order's commission and shop net wait until its courier has remitted the cash. */
  release_after_remittance: z.boolean(),
  /** Days a courier may hold a delivery's cash before the admins' daily reminder names it (1 to 30). */
  courier_remit_days: z.number().int(),
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
