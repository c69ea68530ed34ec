// The admin's delivery fees and estimates per province (GET /admin/delivery-fees, PUT
// /admin/delivery-fees/{province}; docs/api.md, "Admin: delivery fees"): request and response
// schemas, shared by the SPA and the api function (no Deno APIs). Phnom Penh is priced by sangkat,
// so its fee is not set here; its estimate is.
import { z } from "zod";
import { ruleMessage } from "./constraints.ts";
import { message, timestamp } from "./fields.ts";
import { cents, dollars } from "./money.ts";

/** The capital: priced by sangkat (public.delivery_zones), not by one fee. */
export const PHNOM_PENH = "12";

/** A province's fee and estimate, as the Settings tab shows them. */
export const provinceFeeSchema = z.object({
  code: z.string(),
  name_en: z.string(),
  name_km: z.string(),
  /** Null for Phnom Penh: priced by sangkat. */
  delivery_fee: dollars.nullable(),
  delivery_fee_cents: cents.nullable(),
  estimate_hours_min: z.number().int(),
  estimate_hours_max: z.number().int(),
  updated_at: timestamp,
});

/** GET /admin/delivery-fees, by code */
export const provinceFeesResponseSchema = z.object({ provinces: z.array(provinceFeeSchema) });

const feeRange = ruleMessage("provinces_delivery_fee_cents_check");
const hoursMin = ruleMessage("provinces_delivery_hours_min_check");
const hoursMax = ruleMessage("provinces_delivery_hours_max_check");

/**
 * PUT /admin/delivery-fees/{province}: any of the fee (dollars, two decimals at most) and the
 * estimate's first and last hour. Unknown fields are refused, so a misspelt one never looks saved.
 */
export const provinceFeeUpdateSchema = z
  .object({
    delivery_fee: z
      .number({ error: feeRange })
      .min(0, feeRange)
      .max(100, feeRange)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, feeRange)
      .optional(),
    estimate_hours_min: z.number({ error: hoursMin }).int(hoursMin).min(1, hoursMin).max(720, hoursMin).optional(),
    estimate_hours_max: z.number({ error: hoursMax }).int(hoursMax).min(1, hoursMax).max(720, hoursMax).optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to change: send a fee or an estimate",
  });

/** PUT /admin/delivery-fees/{province} */
export const provinceFeeSavedResponseSchema = z.object({ message, province: provinceFeeSchema });

export type ProvinceFee = z.infer<typeof provinceFeeSchema>;
export type ProvinceFeesResponse = z.infer<typeof provinceFeesResponseSchema>;
export type ProvinceFeeUpdateInput = z.input<typeof provinceFeeUpdateSchema>;
export type ProvinceFeeSavedResponse = z.infer<typeof provinceFeeSavedResponseSchema>;
