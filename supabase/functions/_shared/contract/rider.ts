// The rider's page (docs/api.md, "The rider's page"): what a courier's rider reads and sends through
// the rider link an admin made (APP_URL/rider/<token>), without an account; and the admin's paths
// that make, list and revoke those links. Request and response schemas, shared by the SPA and the
// api function (no Deno APIs). The rider's page itself keeps zod off its first screen and uses
// only the types.
import { z } from "zod";
import { placeSchema } from "./delivery-zones.ts";
import { id, message, storedPhone, timestamp } from "./fields.ts";
import { moneyShape, positiveDollars } from "./money.ts";
import { CANCELLATION_REASONS, COURIER_KINDS, ORDER_STATUSES, RIDER_STEPS } from "./statuses.ts";

export { RIDER_STEPS, type RiderStep } from "./statuses.ts";

/** A rider link's token: 24 random bytes as base64url (32 characters). */
export const RIDER_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The path of a rider's page on the app's origin. */
export const riderPath = (token: string) => `/rider/${token}`;

/** The most orders the page lists at once (the oldest first, those on the road before the rest). */
export const RIDER_PAGE_LIMIT = 200;

/** An order as its rider reads it: who receives it, where, and what to collect. */
export const riderOrderSchema = z.object({
  id,
  order_number: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  product_name: z.string(),
  quantity: z.number().int(),
  /** The sale and the delivery fee: what the customer pays at the door. */
  ...moneyShape("amount_to_collect"),
  recipient_name: z.string().nullable(),
  customer_phone: storedPhone,
  /** The same number as people read it: 012 345 678. */
  customer_phone_local: z.string(),
  address_line: z.string().nullable(),
  landmark: z.string().nullable(),
  delivery_note: z.string().nullable(),
  delivery_place: z.object({ province: placeSchema, district: placeSchema, commune: placeSchema }),
  /** Where to pick it up. */
  shop: z.object({ business_name: z.string().nullable(), store_phone: storedPhone.nullable() }),
  created_at: timestamp,
});

/** GET /rider/{token}: the courier and its orders not yet finished (new, ready, on the road). */
export const riderPageResponseSchema = z.object({
  courier: z.object({ name: z.string(), kind: z.enum(COURIER_KINDS) }),
  orders: z.array(riderOrderSchema),
  /** More unfinished orders than the page lists (RIDER_PAGE_LIMIT). */
  more: z.boolean(),
});

/**
 * PUT /rider/{token}/orders/{id}: one step, with an id the phone made for it (a retry sends the
 * same id and is not applied twice); a delivery says the cash collected.
 */
export const riderStepSchema = z
  .object({
    step: z.enum(RIDER_STEPS, { error: `step must be one of ${RIDER_STEPS.join(", ")}` }),
    step_id: z.guid("step_id must be a uuid the phone made for this step"),
    cash_collected: positiveDollars("cash_collected").optional(),
  })
  .strict();

/** The answer to a step: the order's status now; applied false when it was already there. */
export const riderStepResponseSchema = z.object({
  message,
  order: z.object({
    id,
    order_number: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    cancellation_reason: z.enum(CANCELLATION_REASONS).nullable(),
  }),
  /** The step moved the order (false: it was already where the step leads). */
  applied: z.boolean(),
  /** This step id was sent before: nothing was done again. */
  replayed: z.boolean(),
});

/** A rider link as admins read it (never its token, which is shown once). */
export const courierLinkSchema = z.object({
  id,
  created_at: timestamp,
  created_by_email: z.string(),
  revoked_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
});

/** POST /admin/couriers/{id}/link: the new link, its URL shown this once. */
export const courierLinkCreatedResponseSchema = z.object({
  message,
  link: courierLinkSchema.extend({ url: z.url() }),
});

/** GET /admin/couriers/{id}/links: newest first. */
export const courierLinksResponseSchema = z.object({ links: z.array(courierLinkSchema) });

export type RiderOrder = z.infer<typeof riderOrderSchema>;
export type RiderPageResponse = z.infer<typeof riderPageResponseSchema>;
export type RiderStepInput = z.input<typeof riderStepSchema>;
export type RiderStepResponse = z.infer<typeof riderStepResponseSchema>;
export type CourierLink = z.infer<typeof courierLinkSchema>;
export type CourierLinkCreatedResponse = z.infer<typeof courierLinkCreatedResponseSchema>;
export type CourierLinksResponse = z.infer<typeof courierLinksResponseSchema>;
