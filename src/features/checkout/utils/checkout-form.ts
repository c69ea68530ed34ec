// The checkout form's state and rules (docs/product.md, "Checkout"), kept pure so they are tested
// without a browser: quantity 1-10 (default 1); Phnom Penh until another province is chosen;
// changing the province clears the district, and changing the district clears the commune, the
// commune list and the fee; a fee lookup that fails clears the fee; the button reads 'Select
// Location First' until a fee is known; submitting without a fee is blocked with 'Please select a
// valid delivery location', and a missing phone, name or address by the shared schema's message.
// Amounts are integer cents; the server computes the real ones, these are a preview.
import type { z } from "zod";
import type { checkoutOrderSchema } from "@contract/orders.ts";
import { formatMoney } from "@/lib/format.ts";
import { loadServerMessages, tServer } from "@/lib/i18n/index.ts";
import { t } from "@/features/checkout/i18n.ts";
import { inputForServerField } from "@/lib/use-field-errors.ts";
import type { Place } from "@contract/delivery-zones.ts";
import type { DeliveryQuote } from "@/features/checkout/api/get-delivery-fee.ts";

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;
export const QUANTITIES = Array.from({ length: MAX_QUANTITY - MIN_QUANTITY + 1 }, (_, i) => MIN_QUANTITY + i);

export type CheckoutField =
  "quantity" | "phone" | "recipient" | "address" | "landmark" | "note" | "province" | "district" | "commune";

/** The texts the customer types, by field. */
export type CheckoutTextField = "phone" | "recipient" | "address" | "landmark" | "note";

/** Phnom Penh, where most orders go: the province the form starts with. */
export const PHNOM_PENH = "12";

export interface CheckoutFormState {
  quantity: number;
  phone: string;
  recipient: string;
  address: string;
  landmark: string;
  note: string;
  /** The province's code (Phnom Penh at first). */
  province: string;
  /** The districts of `province`; empty until they arrive (or when the lookup failed). */
  districts: Place[];
  districtsLoading: boolean;
  districtsFailed: boolean;
  /** The chosen district's code, or "". */
  district: string;
  /** The communes of `district`; empty until they arrive (or when the lookup failed). */
  communes: Place[];
  communesLoading: boolean;
  /** The chosen commune's code, or "". */
  commune: string;
  /** The delivery fee to `commune` in cents, or null while unknown. */
  feeCents: number | null;
  /** How long delivery takes to `commune`, in hours, once the fee is known. */
  estimate: { hoursMin: number; hoursMax: number } | null;
  feeLoading: boolean;
  feeFailed: boolean;
}

/** No commune chosen, so no fee: what a new province or district starts from. */
const noCommune = {
  communes: [],
  communesLoading: false,
  commune: "",
  feeCents: null,
  estimate: null,
  feeLoading: false,
  feeFailed: false,
} satisfies Partial<CheckoutFormState>;

export const initialCheckoutForm: CheckoutFormState = {
  quantity: 1,
  phone: "",
  recipient: "",
  address: "",
  landmark: "",
  note: "",
  province: PHNOM_PENH,
  districts: [],
  districtsLoading: true,
  districtsFailed: false,
  district: "",
  ...noCommune,
};

export type CheckoutFormAction =
  | { type: "quantity"; quantity: number }
  | { type: "text"; field: CheckoutTextField; value: string }
  | { type: "province"; province: string }
  | { type: "districtsLoaded"; province: string; districts: Place[] }
  | { type: "districtsFailed"; province: string }
  | { type: "district"; district: string }
  | { type: "communesLoaded"; district: string; communes: Place[] }
  | { type: "communesFailed"; district: string }
  | { type: "commune"; commune: string }
  | { type: "feeLoaded"; district: string; commune: string; quote: DeliveryQuote }
  | { type: "feeFailed"; district: string; commune: string };

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

export function checkoutFormReducer(state: CheckoutFormState, action: CheckoutFormAction): CheckoutFormState {
  switch (action.type) {
    case "quantity":
      return { ...state, quantity: clampQuantity(action.quantity) };
    case "text":
      return { ...state, [action.field]: action.value };
    case "province":
      if (action.province === state.province || !action.province) return state;
      // A new province: its districts are loaded afresh; district, commune and fee no longer apply.
      return {
        ...state,
        ...noCommune,
        province: action.province,
        districts: [],
        districtsLoading: true,
        districtsFailed: false,
        district: "",
      };
    case "districtsLoaded":
      if (action.province !== state.province) return state; // an answer for a province left meanwhile
      return { ...state, districts: action.districts, districtsLoading: false, districtsFailed: false };
    case "districtsFailed":
      if (action.province !== state.province) return state;
      return { ...state, districts: [], districtsLoading: false, districtsFailed: true };
    case "district":
      if (action.district === state.district) return state;
      // A new district: its communes are loaded afresh; commune and fee no longer apply.
      return { ...state, ...noCommune, district: action.district, communesLoading: action.district !== "" };
    case "communesLoaded":
      if (action.district !== state.district) return state; // an answer for a district left meanwhile
      return { ...state, communes: action.communes, communesLoading: false };
    case "communesFailed":
      if (action.district !== state.district) return state;
      return { ...state, communes: [], communesLoading: false };
    case "commune":
      if (action.commune === state.commune) return state;
      return {
        ...state,
        commune: action.commune,
        feeCents: null,
        estimate: null,
        feeLoading: action.commune !== "",
        feeFailed: false,
      };
    case "feeLoaded":
      if (action.district !== state.district || action.commune !== state.commune) return state;
      return {
        ...state,
        feeCents: action.quote.feeCents,
        estimate: { hoursMin: action.quote.hoursMin, hoursMax: action.quote.hoursMax },
        feeLoading: false,
        feeFailed: false,
      };
    case "feeFailed":
      if (action.district !== state.district || action.commune !== state.commune) return state;
      return { ...state, feeCents: null, estimate: null, feeLoading: false, feeFailed: true };
  }
}

export interface OrderPreview {
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
}

/** Price x quantity plus the fee, once a fee is known. */
export function orderPreview(
  priceCents: number,
  state: Pick<CheckoutFormState, "quantity" | "feeCents">,
): OrderPreview | null {
  if (state.feeCents === null) return null;
  const subtotalCents = priceCents * state.quantity;
  return { subtotalCents, feeCents: state.feeCents, totalCents: subtotalCents + state.feeCents };
}

/** 'Select Location First' until a fee is known, then 'Confirm Order - $total'. */
export function submitLabel(priceCents: number, state: Pick<CheckoutFormState, "quantity" | "feeCents">): string {
  const preview = orderPreview(priceCents, state);
  return preview
    ? t("checkout.confirm", { total: formatMoney(preview.totalCents) })
    : t("checkout.selectLocationFirst");
}

export type SubmitCheck =
  | { ok: true; input: z.output<typeof checkoutOrderSchema> }
  /** "location": no fee yet; "invalid": a field the shared schema refuses. */
  | { ok: false; reason: "location" | "invalid"; message: string; field: CheckoutField };

/** The form's inputs, and the names the server and the shared schema give them. */
export const CHECKOUT_FIELDS = [
  "quantity",
  "phone",
  "recipient",
  "address",
  "landmark",
  "note",
  "province",
  "district",
  "commune",
] as const satisfies readonly CheckoutField[];
export const CHECKOUT_ALIASES = {
  customer_phone: "phone",
  recipient_name: "recipient",
  address_line: "address",
  delivery_note: "note",
  delivery_province: "province",
  delivery_district: "district",
  delivery_commune: "commune",
} as const;

export type CheckoutOrderSchema = typeof checkoutOrderSchema;

/**
 * The shared order schema, loaded when the customer starts on the form rather than with the page:
 * it brings zod, which the first screen does not need on a phone over mobile data. Its messages
 * are English, like the server's, so the server-messages catalog comes with it.
 */
let orderSchema: Promise<CheckoutOrderSchema> | null = null;
export function loadOrderSchema(): Promise<CheckoutOrderSchema> {
  orderSchema ??= Promise.all([import("@contract/orders.ts"), loadServerMessages()]).then(
    ([contract]) => contract.checkoutOrderSchema,
    (error: unknown) => {
      orderSchema = null; // offline: the next submit tries again
      throw error;
    },
  );
  return orderSchema;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The short-link click the customer came through (`ref` in the checkout URL), when it looks like
 * one. Anything else is left out rather than sent: a mangled ref must not stop an order, and
 * the server places an order with an unknown or foreign ref unattributed anyway.
 */
export function clickRefOf(value: string | null | undefined): string | undefined {
  const ref = value?.trim();
  return ref && uuidPattern.test(ref) ? ref.toLowerCase() : undefined;
}

/** Whether the form may be sent, and the checked request if so (the shared zod schema). */
export function checkSubmit(
  state: CheckoutFormState,
  ids: { influencerId: string; productId: string; clickRef?: string | null },
  schema: CheckoutOrderSchema,
): SubmitCheck {
  if (state.feeCents === null || !state.district || !state.commune) {
    const field: CheckoutField = !state.district ? "district" : "commune";
    return { ok: false, reason: "location", message: t("checkout.selectLocation"), field };
  }
  const ref = clickRefOf(ids.clickRef);
  const parsed = schema.safeParse({
    influencer_id: ids.influencerId,
    product_id: ids.productId,
    customer_phone: state.phone,
    recipient_name: state.recipient,
    address_line: state.address,
    landmark: state.landmark,
    delivery_note: state.note,
    delivery_province: state.province,
    delivery_district: state.district,
    delivery_commune: state.commune,
    quantity: state.quantity,
    ...(ref ? { ref } : {}),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: "invalid",
    message: tServer(issue.message),
    field: inputForServerField(String(issue.path[0] ?? ""), CHECKOUT_FIELDS, CHECKOUT_ALIASES) ?? "phone",
  };
}

/**
 * One checkout attempt: the order as submitted and the Idempotency-Key that goes with it. A submit
 * of the same order (a retry after a network error, a second tap while the first is on its way)
 * keeps the attempt's key, so the server places one order; a submit after the form changed is a
 * new attempt with a new key.
 */
export interface CheckoutAttempt {
  /** The submitted order, as JSON: what makes two submits the same attempt. */
  order: string;
  key: string;
}

export function checkoutAttempt(
  previous: CheckoutAttempt | null,
  input: z.output<typeof checkoutOrderSchema>,
  newKey: () => string = newIdempotencyKey,
): CheckoutAttempt {
  const order = JSON.stringify(input);
  return previous?.order === order ? previous : { order, key: newKey() };
}

/** A random key: a UUID where the browser has crypto.randomUUID (secure contexts), 32 hex digits otherwise. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
