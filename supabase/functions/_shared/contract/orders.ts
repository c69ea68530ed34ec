// Checkout, orders, order stats and the admin's status changes (docs/api.md, "Checkout", "Orders"
// and "Admin: orders"): request and response schemas, shared by the SPA and the api function (no
// Deno APIs).
import { z } from "zod";
import { orderCashSchema } from "./remittances.ts";
import { asciiDigits } from "./khmer-digits.ts";
import { ruleMessage, type ConstraintName } from "./constraints.ts";
import { httpUrl, id, message, storedPhone, timestamp } from "./fields.ts";
import { cents, centsToDollars, dollars, moneyShape } from "./money.ts";
import { normaliseCambodianPhone } from "./phone.ts";
import {
  CANCELLATION_REASONS,
  CONFIRMATION_CALL_OUTCOMES,
  CONFIRMATIONS,
  ORDER_FLAGS,
  ORDER_STATUSES,
  REVIEW_STATUSES,
  type CancellationReason,
  type Confirmation,
  type OrderStatus,
} from "./statuses.ts";
import { CLICK_SOURCES } from "./attribution.ts";
import { placeSchema } from "./delivery-zones.ts";
import { isCalendarDate } from "./calendar-date.ts";
import { nextCursor, pageQuerySchema } from "./paging.ts";
import { wholeNumber } from "./whole-number.ts";

export {
  CANCELLATION_REASONS,
  ORDER_FLAGS,
  ORDER_STATUSES,
  REVIEW_STATUSES,
  type CancellationReason,
  type OrderFlag,
  type OrderStatus,
  type ReviewStatus,
} from "./statuses.ts";

const idInput = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .pipe(z.uuid(`${label} must be a valid id`));

const placeName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

/** A required text of the address, trimmed, within its column's length (its constraint's message). */
const addressText = (label: string, rule: ConstraintName, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, ruleMessage(rule));

/** An optional text of the address: blank is none. */
const optionalAddressText = (rule: ConstraintName, max: number) =>
  z
    .string({ error: ruleMessage(rule) })
    .trim()
    .max(max, ruleMessage(rule))
    .transform((value) => value || undefined)
    .optional();

export const checkoutOrderSchema = z.object({
  influencer_id: idInput("influencer_id"),
  product_id: idInput("product_id"),
  customer_phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .transform((value, ctx) => {
      const normalised = normaliseCambodianPhone(value);
      if (!normalised) {
        ctx.addIssue({ code: "custom", message: ruleMessage("order_contacts_customer_phone_check") });
        return z.NEVER;
      }
      return normalised;
    }),
  /** The province's gazetteer code or Latin name; Phnom Penh when absent. */
  delivery_province: placeName("Province").optional(),
  /** The district's and the commune's gazetteer codes or Latin names. */
  delivery_district: placeName("District"),
  delivery_commune: placeName("Commune"),
  /** Who receives the parcel, and where: house and street. */
  recipient_name: addressText("Recipient name", "order_contacts_recipient_name_check", 100),
  address_line: addressText("Address", "order_contacts_address_line_check", 200),
  /** Something the rider can find: "opposite the pagoda". */
  landmark: optionalAddressText("order_contacts_landmark_check", 200),
  /** For the rider: "call before coming", "after 5 pm". */
  delivery_note: optionalAddressText("order_contacts_delivery_note_check", 500),
  /** A JSON integer or a string of ASCII or Khmer digits ("3", "៣"); never hex, exponents or booleans. */
  quantity: wholeNumber(1, 10, ruleMessage("orders_quantity_check")),
  /**
   * The short-link click the customer came through (`ref` of the checkout URL). The order keeps it
   * when it is a click on this same link; any other id places the order unattributed.
   */
  ref: z
    .string({ error: "ref must be a valid id" })
    .trim()
    .pipe(z.uuid("ref must be a valid id"))
    .transform((ref) => ref.toLowerCase())
    .optional(),
});

/**
 * The Idempotency-Key header of POST /checkout/order: 8 to 100 letters, digits, `-` or `_` (a
 * UUID fits). The same key within 24 hours answers the first order again and creates nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, ruleMessage("checkout_idempotency_keys_idempotency_key_check"));

/** A cancellation says why; the database refuses the same inputs with the same messages. */
export const orderStatusChangeSchema = z
  .object({
    new_status: z.enum(ORDER_STATUSES, `new_status must be one of ${ORDER_STATUSES.join(", ")}`),
    notes: z.string({ error: "notes must be text" }).trim().max(500, "notes must be at most 500 characters").optional(),
    reason: z
      .enum(CANCELLATION_REASONS, `reason must be one of ${CANCELLATION_REASONS.join(", ")}`)
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    const cancelling = body.new_status === "cancelled";
    if (cancelling && body.reason == null)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "reason is required to cancel an order" });
    if (!cancelling && body.reason != null)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "reason is only for cancelling an order" });
  });

/** PUT /admin/orders/{id}/review: to refuse a flagged order, cancel it as suspected_fraud instead. */
export const orderReviewSchema = z
  .object({
    decision: z.literal("clear", "decision must be clear (to refuse an order, cancel it as suspected_fraud)"),
  })
  .strict();

export type OrderReviewInput = z.input<typeof orderReviewSchema>;

export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;

export type CheckoutOrderInput = z.input<typeof checkoutOrderSchema>;

/**
 * An order as the order paths answer it. Amounts are the snapshots taken when it was placed;
 * three older names go with the cents: product_price, delivery_fee and total_amount (dollars).
 */
export const orderSchema = z.object({
  id,
  /** The number people say on the phone, e.g. SL-004213: sequential, at most 12 characters. */
  order_number: z.string(),
  campaign_id: id,
  product_name: z.string(),
  /** Only GET /admin/orders fills it. */
  customer_phone: storedPhone.nullable(),
  /** The Latin names of the commune and district as they were when the order was placed. */
  delivery_commune: z.string(),
  delivery_district: z.string(),
  /** The province's gazetteer code (12: Phnom Penh). */
  delivery_province: z.string(),
  /** The place in both scripts, by its gazetteer codes. */
  delivery_place: z.object({ province: placeSchema, district: placeSchema, commune: placeSchema }),
  /**
   * Who receives it and where. Filled for admins and the order's shop only (null for the
   * influencer), and null on orders placed before the checkout asked (landmark and note: when given).
   */
  recipient_name: z.string().nullable(),
  address_line: z.string().nullable(),
  landmark: z.string().nullable(),
  delivery_note: z.string().nullable(),
  quantity: z.number().int(),
  /** The unit price. */
  product_price: dollars,
  delivery_fee: dollars,
  /** Subtotal plus delivery fee: the cash collected. */
  total_amount: dollars,
  unit_price_cents: cents,
  delivery_fee_cents: cents,
  /** Unit price x quantity. */
  subtotal_cents: cents,
  total_cents: cents,
  /** A fraction: 0.15 is 15%. */
  commission_rate: z.number(),
  /** The shop's name (null until it has one); shown to every party, as at checkout. */
  business_name: z.string().nullable(),
  business_email: z.string().nullable(),
  influencer_email: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  /** Why it was cancelled; null unless order_status is cancelled. */
  cancellation_reason: z.enum(CANCELLATION_REASONS).nullable(),
  /** Where the customer's short-link click came from (qr, dm, comment, link); null: no click. */
  source: z.enum(CLICK_SOURCES).nullable(),
  /** The fraud rules the order fired at checkout. Only admins read them: empty for everyone else. */
  flags: z.array(z.enum(ORDER_FLAGS)),
  /** held: flagged, its commission waits for an admin's review; cleared: released; null: never flagged. */
  review_status: z.enum(REVIEW_STATUSES).nullable(),
  /** Whether the customer confirmed it before dispatch: on the order's page or on a call. */
  confirmation: z.enum(CONFIRMATIONS),
  /** Who carries it: admins and the order's shop read it; null when none is assigned (always for the influencer). */
  courier: z.object({ id, name: z.string(), phone: storedPhone }).nullable(),
  /** A delivered order's cash when a courier carried it (with_courier, remitted, short); null otherwise. */
  cash: orderCashSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** GET /orders/user/all and GET /admin/orders: one page, newest first. */
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema), next_cursor: nextCursor });

/** What a search text means: an order number, digits of the customer's phone, or both. */
export interface OrderSearch {
  /** The order number it names (SL-004213 for "SL-004213", "sl4213" or "4213"), if any. */
  order_number: string | null;
  /** Its digits when there are at least 4: a run of the customer's phone (admins only). */
  phone_digits: string | null;
}

const SEARCH_HELP = "Search by an order number such as SL-004213 or at least 4 digits of a phone number";

/** Reads `q`: "SL-004213", its digits "004213" or "4213", or phone digits such as "012 345" or "5678". */
export function parseOrderSearch(text: string): OrderSearch | null {
  const trimmed = asciiDigits(text).trim();
  const numbered = trimmed.match(/^SL-?\s*(\d{1,9})$/i);
  if (numbered) return { order_number: orderNumberOf(numbered[1]), phone_digits: null };
  const digits = trimmed.replace(/[\s().+-]/g, "");
  if (!/^\d{1,12}$/.test(digits)) return null;
  return {
    order_number: digits.length <= 9 ? orderNumberOf(digits) : null,
    phone_digits: digits.length >= 4 ? digits : null,
  };
}

function orderNumberOf(digits: string): string {
  return `SL-${String(Number(digits)).padStart(6, "0")}`;
}

const calendarDay = (field: "from" | "to") =>
  z.string().refine(isCalendarDate, `${field} must be a date such as 2026-11-23`).optional();

/**
 * The filters of the order lists and their CSV exports (GET /admin/orders, /orders/user/all,
 * /admin/orders/export, /orders/export): `q` (see parseOrderSearch), `status`, `from` and `to`,
 * calendar days in Cambodia (Asia/Phnom_Penh), both included, `to_confirm=true`: the orders
 * still unconfirmed that the shop still has (new or ready for pickup), listed oldest first, the
 * order in which they should be called, and `courier`: a courier's id, or `none`.
 */
export const orderFilterSchema = z
  .object({
    q: z
      .string()
      .max(40, SEARCH_HELP)
      .transform((value, ctx) => {
        if (value.trim() === "") return undefined;
        const search = parseOrderSearch(value);
        if (!search) {
          ctx.addIssue({ code: "custom", message: SEARCH_HELP });
          return z.NEVER;
        }
        return search;
      })
      .optional(),
    status: z.enum(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(", ")}`).optional(),
    from: calendarDay("from"),
    to: calendarDay("to"),
    to_confirm: z
      .literal("true", "to_confirm must be true (or left out)")
      .transform(() => true)
      .optional(),
    /** A courier's id: the orders it carries; `none`: those no courier carries yet. */
    courier: z
      .string()
      .refine(
        (value) => value === "none" || z.guid().safeParse(value).success,
        "courier must be a courier's id or none",
      )
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "to must be on or after from",
    path: ["to"],
  });

/** The query of the order lists: the filters plus `limit` and `cursor`. */
export const orderListQuerySchema = z.intersection(orderFilterSchema, pageQuerySchema);

export type OrderFilter = z.output<typeof orderFilterSchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;

/** Finished orders: delivered, or cancelled for any reason. */
export interface FinishedOrders {
  delivered: number;
  cancelled_by_reason: Readonly<Record<CancellationReason, number>>;
}

/** The cancellations that ended at the customer's door: refused, or never reached. */
export const REFUSAL_REASONS = ["customer_refused", "customer_unreachable"] as const satisfies CancellationReason[];

/**
 * The refusal rate (docs/product.md): orders cancelled as customer_refused or customer_unreachable
 * over finished orders (delivered + cancelled), a fraction from 0 to 1; null before any order
 * has finished. Orders still on their way count in neither.
 */
export function refusalRate({ delivered, cancelled_by_reason }: FinishedOrders): number | null {
  const cancelled = CANCELLATION_REASONS.reduce((sum, reason) => sum + cancelled_by_reason[reason], 0);
  const finished = delivered + cancelled;
  if (finished === 0) return null;
  const refused = REFUSAL_REASONS.reduce((sum, reason) => sum + cancelled_by_reason[reason], 0);
  return refused / finished;
}

/** The orders of one confirmation state and how those that finished ended. */
const confirmationStatsSchema = z.object({
  total_orders: z.number().int(),
  delivered: z.number().int(),
  /** Cancelled as customer_refused or customer_unreachable (REFUSAL_REASONS). */
  refused: z.number().int(),
  /** See refusalRate, over these orders alone. */
  refusal_rate: z.number().min(0).max(1).nullable(),
});

/** Counts and sales (subtotals, without delivery fees) of the caller's orders. */
export const orderStatsSchema = z.object({
  total_orders: z.number().int(),
  by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  /** Cancelled orders per reason, every reason present (0 when none). */
  cancelled_by_reason: z.record(z.enum(CANCELLATION_REASONS), z.number().int()),
  /** See refusalRate: a fraction from 0 to 1, null before any order has finished. */
  refusal_rate: z.number().min(0).max(1).nullable(),
  /** Sales of the orders not cancelled: a cancelled order sold nothing. */
  total_sales_cents: cents,
  total_sales: dollars,
  delivered_sales_cents: cents,
  delivered_sales: dollars,
  /**
   * The same orders split by whether the customer confirmed them before dispatch (every state
   * present), so a refusal rate of confirmed orders can be read beside that of unconfirmed ones.
   */
  by_confirmation: z.record(z.enum(CONFIRMATIONS), confirmationStatsSchema),
  /** Orders still unconfirmed that the shop still has (new or ready for pickup): the admin's "To confirm". */
  to_confirm: z.number().int(),
});

/** Orders and their sales (subtotals) of one status, reason and confirmation: a row of public.order_totals. */
export interface OrderTotalsRow {
  status: OrderStatus;
  cancellation_reason: CancellationReason | null;
  confirmation: Confirmation;
  orders: number;
  sales_cents: number;
}

/**
 * The stats of the orders counted in `rows` (GET /orders/stats/summary): every status, reason and
 * confirmation present, 0 for those without orders.
 */
export function orderStatsFromTotals(rows: readonly OrderTotalsRow[]): OrderStats {
  const countOf = (match: (row: OrderTotalsRow) => boolean) =>
    rows.filter(match).reduce((sum, row) => sum + row.orders, 0);
  const salesOf = (match: (row: OrderTotalsRow) => boolean) =>
    rows.filter(match).reduce((sum, row) => sum + row.sales_cents, 0);
  // fromEntries forgets the keys' type.
  const cancelledByReasonOf = (match: (row: OrderTotalsRow) => boolean) =>
    Object.fromEntries(
      CANCELLATION_REASONS.map((reason) => [
        reason,
        countOf((row) => match(row) && row.cancellation_reason === reason),
      ]),
    ) as Record<CancellationReason, number>;
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, countOf((row) => row.status === status)]),
  ) as Record<OrderStatus, number>;
  const cancelledByReason = cancelledByReasonOf(() => true);
  const byConfirmation = Object.fromEntries(
    CONFIRMATIONS.map((confirmation) => {
      const ofState = (row: OrderTotalsRow) => row.confirmation === confirmation;
      const delivered = countOf((row) => ofState(row) && row.status === "delivered");
      const cancelled = cancelledByReasonOf(ofState);
      const stats = {
        total_orders: countOf(ofState),
        delivered,
        refused: REFUSAL_REASONS.reduce((sum, reason) => sum + cancelled[reason], 0),
        refusal_rate: refusalRate({ delivered, cancelled_by_reason: cancelled }),
      };
      return [confirmation, stats];
    }),
  ) as OrderStats["by_confirmation"];
  // A cancelled order sold nothing.
  const sales = salesOf((row) => row.status !== "cancelled");
  const deliveredSales = salesOf((row) => row.status === "delivered");
  return {
    total_orders: countOf(() => true),
    by_status: byStatus,
    cancelled_by_reason: cancelledByReason,
    refusal_rate: refusalRate({ delivered: byStatus.delivered, cancelled_by_reason: cancelledByReason }),
    by_confirmation: byConfirmation,
    to_confirm: countOf(
      (row) => row.confirmation === "unconfirmed" && (row.status === "new_order" || row.status === "ready_for_pickup"),
    ),
    total_sales_cents: sales,
    total_sales: centsToDollars(sales),
    delivered_sales_cents: deliveredSales,
    delivered_sales: centsToDollars(deliveredSales),
  };
}

/** PUT /admin/orders/{id}/review */
export const orderReviewedResponseSchema = z.object({ message, order: orderSchema });

const outcomeMessage = `outcome must be one of ${CONFIRMATION_CALL_OUTCOMES.join(", ")}`;

/**
 * PUT /admin/orders/{id}/confirmation: a call made to confirm the order before dispatch, what it
 * gave and a note (the database refuses the same inputs with the same messages).
 */
export const confirmationCallSchema = z
  .object({
    outcome: z.enum(CONFIRMATION_CALL_OUTCOMES, { error: outcomeMessage }),
    note: z
      .string({ error: ruleMessage("order_confirmation_calls_note_check") })
      .trim()
      .max(500, ruleMessage("order_confirmation_calls_note_check"))
      .transform((value) => value || undefined)
      .optional(),
  })
  .strict();

/** PUT /admin/orders/{id}/confirmation */
export const confirmationCallResponseSchema = z.object({ message, order: orderSchema });

/** PUT /orders/{id}/ready: the order as its shop reads it. */
export const orderReadyResponseSchema = z.object({ message, order: orderSchema });
export type OrderReadyResponse = z.infer<typeof orderReadyResponseSchema>;

/** PUT /admin/orders/{id}/courier */
export const courierAssignedResponseSchema = z.object({ message, order: orderSchema });
export type CourierAssignedResponse = z.infer<typeof courierAssignedResponseSchema>;
export type ConfirmationCallInput = z.input<typeof confirmationCallSchema>;
export type ConfirmationCallResponse = z.infer<typeof confirmationCallResponseSchema>;

/** GET /orders/stats/summary */
export const orderStatsResponseSchema = z.object({ stats: orderStatsSchema });

/** PUT /admin/orders/{id}/status (customer_phone is null here) */
export const orderStatusChangedResponseSchema = z.object({ message, order: orderSchema });

/** GET /checkout/info: what a customer may see of the product, the creator and the store. */
export const checkoutInfoResponseSchema = z.object({
  campaign: z.object({
    id,
    product_name: z.string(),
    description: z.string(),
    ...moneyShape("price"),
    image_urls: z.array(httpUrl),
  }),
  /** The influencer's full name, else their handle, else "a ShopLink creator". */
  influencer: z.object({ display_name: z.string() }),
  business: z.object({
    business_name: z.string().nullable(),
    /** As stored (+855…), for `tel:` links. */
    store_phone: z.string().nullable(),
    /** The same number as people read it (012 345 678), so the page needs no phone library. */
    store_phone_local: z.string().nullable(),
    business_logo_url: httpUrl.nullable(),
  }),
  /**
   * Riel per US dollar (the admin's setting), to show riel beside dollars for the customer's
   * convenience. Prices and totals stay in dollars; rielFromCents in riel.ts does the rounding.
   */
  riel_per_usd: z.number().int(),
  /**
   * Why the campaign takes no orders today (ended, not started, deactivated), or null when it does.
   * The page then says the product is not available and shows the shop's phone, rather than
   * failing: the link is right, the product is gone.
   */
  unavailable_reason: z.string().nullable(),
});

/** The order just placed, as the customer sees it. */
export const placedOrderSchema = orderSchema.pick({
  id: true,
  order_number: true,
  product_name: true,
  quantity: true,
  product_price: true,
  delivery_fee: true,
  total_amount: true,
  total_cents: true,
  order_status: true,
  created_at: true,
});

/** POST /checkout/order (201) */
export const placeOrderResponseSchema = z.object({
  message,
  order: placedOrderSchema,
  /** The customer's page of the order (APP_URL/o/<token>): open it again to follow the order. */
  tracking_url: httpUrl,
});

export type Order = z.infer<typeof orderSchema>;
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;
export type OrderStats = z.infer<typeof orderStatsSchema>;
export type OrderStatsResponse = z.infer<typeof orderStatsResponseSchema>;
export type OrderStatusChangedResponse = z.infer<typeof orderStatusChangedResponseSchema>;
export type OrderReviewedResponse = z.infer<typeof orderReviewedResponseSchema>;
export type CheckoutInfoResponse = z.infer<typeof checkoutInfoResponseSchema>;
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;
