// Delivery zones (docs/api.md, "Delivery zones"): Phnom Penh's districts (khans) and communes
// (sangkats) with the fee to each. Response schemas, shared by the SPA and the api function (no
// Deno APIs).
import { z } from "zod";
import { moneyShape } from "./money.ts";

/** GET /delivery-zones/districts, sorted */
export const districtsResponseSchema = z.object({ districts: z.array(z.string()) });

/** GET /delivery-zones/communes/{district}, sorted */
export const communesResponseSchema = z.object({ district: z.string(), communes: z.array(z.string()) });

/** GET /delivery-zones/fee/{commune}/{district} */
export const deliveryFeeResponseSchema = z.object({
  district: z.string(),
  commune: z.string(),
  ...moneyShape("delivery_fee"),
});

export type DistrictsResponse = z.infer<typeof districtsResponseSchema>;
export type CommunesResponse = z.infer<typeof communesResponseSchema>;
export type DeliveryFeeResponse = z.infer<typeof deliveryFeeResponseSchema>;
