// Delivery zones (docs/api.md, "Delivery zones"): Cambodia's provinces, districts and communes from
// the national gazetteer, with the fee and the delivery estimate to each commune. Response schemas,
// shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { moneyShape } from "./money.ts";

/** A place of the gazetteer: its official code and its names; `name` is the Latin one, as before. */
export const placeSchema = z.object({
  /** 2 digits for a province, 4 for a district, 6 for a commune. */
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  /** In Khmer script. */
  name_km: z.string(),
});

/** The query of GET /delivery-zones/districts: a province's code or Latin name; Phnom Penh without. */
export const districtsQuerySchema = z.object({
  province: z.string().trim().min(1, "province must be a province's code or name").max(100).optional(),
});

/** GET /delivery-zones/provinces, by code */
export const provincesResponseSchema = z.object({ provinces: z.array(placeSchema.omit({ name: true })) });

/** GET /delivery-zones/districts?province=<code>, by Latin name (Phnom Penh's without a province) */
export const districtsResponseSchema = z.object({ province: placeSchema, districts: z.array(placeSchema) });

/** GET /delivery-zones/communes/{district}, by Latin name */
export const communesResponseSchema = z.object({ district: placeSchema, communes: z.array(placeSchema) });

/** GET /delivery-zones/fee/{commune}/{district} */
export const deliveryFeeResponseSchema = z.object({
  province: placeSchema,
  district: placeSchema,
  commune: placeSchema,
  ...moneyShape("delivery_fee"),
  /** How long delivery takes there, in hours: from the first to the second (2 to 24 in Phnom Penh). */
  estimate_hours_min: z.number().int(),
  estimate_hours_max: z.number().int(),
});

export type Place = z.infer<typeof placeSchema>;
export type ProvincesResponse = z.infer<typeof provincesResponseSchema>;
export type DistrictsResponse = z.infer<typeof districtsResponseSchema>;
export type CommunesResponse = z.infer<typeof communesResponseSchema>;
export type DeliveryFeeResponse = z.infer<typeof deliveryFeeResponseSchema>;
