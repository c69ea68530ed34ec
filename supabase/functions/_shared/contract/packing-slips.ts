// The shop's packing slips (docs/api.md, "POST /orders/packing-slips"): what goes on the label of
// each parcel. Request and response schemas, shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { placeSchema } from "./delivery-zones.ts";
import { httpUrl, storedPhone } from "./fields.ts";
import { cents, dollars } from "./money.ts";

/** At most this many slips are made at once (a day's parcels of a small shop, printed together). */
export const MAX_PACKING_SLIPS = 50;

const howMany = `Choose 1 to ${MAX_PACKING_SLIPS} orders`;

/** POST /orders/packing-slips */
export const packingSlipsRequestSchema = z
  .object({
    order_ids: z
      .array(z.guid("order_ids must be order ids"), { error: howMany })
      .min(1, howMany)
      .max(MAX_PACKING_SLIPS, howMany),
  })
  .strict();

/** One parcel's label. */
export const packingSlipSchema = z.object({
  order_number: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** The sale plus the delivery fee: the cash the courier collects at the door. */
  amount_to_collect: dollars,
  amount_to_collect_cents: cents,
  /** Null on orders placed before the checkout asked for them. */
  recipient_name: z.string().nullable(),
  address_line: z.string().nullable(),
  landmark: z.string().nullable(),
  delivery_note: z.string().nullable(),
  delivery_place: z.object({ province: placeSchema, district: placeSchema, commune: placeSchema }),
  /** The customer's page (a new link of its own), for the slip's QR code. */
  tracking_url: httpUrl,
});

export const packingSlipsResponseSchema = z.object({
  shop: z.object({ business_name: z.string().nullable(), store_phone: storedPhone.nullable() }),
  slips: z.array(packingSlipSchema),
});

export type PackingSlip = z.infer<typeof packingSlipSchema>;
export type PackingSlipsInput = z.input<typeof packingSlipsRequestSchema>;
export type PackingSlipsResponse = z.infer<typeof packingSlipsResponseSchema>;
