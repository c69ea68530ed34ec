// The customer's order page (docs/api.md, "The customer's order page"): what a customer without an
// account reads of their order through its token, and the two things they may do there. Response
// schemas, shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { placeSchema } from "./delivery-zones.ts";
import { message, storedPhone, timestamp } from "./fields.ts";
import { cents, dollars } from "./money.ts";
import { CANCELLATION_REASONS, CONFIRMATIONS, ORDER_STATUSES, TELEGRAM_LANGUAGES } from "./statuses.ts";

/** A token of an order's page: 24 random bytes as base64url (32 characters). */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The path of an order's page on the app's origin. */
export const trackingPath = (token: string) => `/o/${token}`;

/**
 * An order as its customer reads it: never the customer's phone nor the address (whoever holds the
 * link may not be the customer), the place only.
 */
export const trackedOrderSchema = z.object({
  order_number: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  cancellation_reason: z.enum(CANCELLATION_REASONS).nullable(),
  confirmation: z.enum(CONFIRMATIONS),
  product_name: z.string(),
  quantity: z.number().int(),
  total_amount: dollars,
  total_cents: cents,
  delivery_place: z.object({ province: placeSchema, district: placeSchema, commune: placeSchema }),
  /** Every status the order entered, oldest first, with when. */
  timeline: z.array(
    z.object({
      order_status: z.enum(ORDER_STATUSES),
      at: timestamp,
      cancellation_reason: z.enum(CANCELLATION_REASONS).nullable(),
    }),
  ),
  /** The customer may still confirm it (not confirmed, and not yet on its way). */
  can_confirm: z.boolean(),
  /** The customer may still cancel it here (new or ready for pickup). */
  can_cancel: z.boolean(),
  /** A Telegram chat follows the order: each status change is sent there. */
  telegram_updates: z.boolean(),
  shop: z.object({
    business_name: z.string().nullable(),
    store_phone: storedPhone.nullable(),
    /** The same number as people read it: 012 345 678. */
    store_phone_local: z.string().nullable(),
  }),
  created_at: timestamp,
});

/** GET /orders/track/{token} */
export const trackedOrderResponseSchema = z.object({ order: trackedOrderSchema });

/** POST /orders/track/{token}/confirm and /cancel */
export const trackedOrderChangedResponseSchema = z.object({ message, order: trackedOrderSchema });

/**
 * POST /orders/track/{token}/telegram: the language the bot writes in (the page's). Answered with
 * `{url}`, a t.me link (single use, fifteen minutes) that makes the chat that opens it follow the
 * order.
 */
export const orderFollowLinkSchema = z
  .object({ language: z.enum(TELEGRAM_LANGUAGES, { error: "language must be en or km" }) })
  .strict();

export type TrackedOrder = z.infer<typeof trackedOrderSchema>;
export type OrderFollowLinkInput = z.input<typeof orderFollowLinkSchema>;
export type TrackedOrderResponse = z.infer<typeof trackedOrderResponseSchema>;
export type TrackedOrderChangedResponse = z.infer<typeof trackedOrderChangedResponseSchema>;
