// The checkout form's state and rules (docs/product.md, "Checkout"), kept pure so they are tested
// without a browser: quantity 1-10 (default 1); changing the district clears the commune, the
// commune list and the fee; a fee lookup that fails clears the fee; the button reads 'Select
// Location First' until a fee is known; submitting without a fee and a phone is blocked with
// 'Please select a valid delivery location'. Amounts are integer cents; the server computes the
// real ones, these are a preview.
import type { z } from "zod";
import type { checkoutOrderSchema } from "@contract/orders.ts";
import { formatMoney } from "@/lib/format.ts";
import { loadServerMessages, tServer } from "@/lib/i18n/index.ts";
import { t } from "@/features/checkout/i18n.ts";
import { inputForServerField } from "@/lib/use-field-errors.ts";

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;
export const QUANTITIES = Array.from({ length: MAX_QUANTITY - MIN_QUANTITY + 1 }, (_, i) => MIN_QUANTITY + i);

export type CheckoutField = "quantity" | "phone" | "district" | "commune";

export interface CheckoutFormState {
  quantity: number;
  phone: string;
  district: string;
  /** The communes of `district`; empty until they arrive (or when the lookup failed). */
  communes: string[];
  communesLoading: boolean;
  commune: string;
  /** The delivery fee to `commune` in cents, or null while unknown. */
  feeCents: number | null;
  feeLoading: boolean;
  feeFailed: boolean;
}

export const initialCheckoutForm: CheckoutFormState = {
  quantity: 1,
  phone: "",
  district: "",
  communes: [],
  communesLoading: false,
  commune: "",
  feeCents: null,
  feeLoading: false,
  feeFailed: false,
};

export type CheckoutFormAction =
  | { type: "quantity"; quantity: number }
  | { type: "phone"; phone: string }
  | { type: "district"; district: string }
  | { type: "communesLoaded"; district: string; communes: string[] }
  | { type: "communesFailed"; district: string }
  | { type: "commune"; commune: string }
  | { type: "feeLoaded"; district: string; commune: string; feeCents: number }
  | { type: "feeFailed"; district: string; commune: string };

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

export function checkoutFormReducer(state: CheckoutFormState, action: CheckoutFormAction): CheckoutFormState {
  switch (action.type) {
    case "quantity":
      return { ...state, quantity: clampQuantity(action.quantity) };
    case "phone":
      return { ...state, phone: action.phone };
    case "district":
      if (action.district === state.district) return state;
      // A new district: its communes are loaded afresh; commune and fee no longer apply.
      return {
        ...state,
        district: action.district,
        communes: [],
        communesLoading: action.district !== "",
        commune: "",
        feeCents: null,
        feeLoading: false,
        feeFailed: false,
      };
    case "communesLoaded":
      if (action.district !== state.district) return state; // an answer for a district left meanwhile
      return { ...state, communes: action.communes, communesLoading: false };
    case "communesFailed":
      if (action.district !== state.district) return state;
      return { ...state, communes: [], communesLoading: false };
    case "commune":
      if (action.commune === state.commune) return state;
      return { ...state, commune: action.commune, feeCents: null, feeLoading: action.commune !== "", feeFailed: false };
    case "feeLoaded":
      if (action.district !== state.district || action.commune !== state.commune) return state;
      return { ...state, feeCents: action.feeCents, feeLoading: false, feeFailed: false };
    case "feeFailed":
      if (action.district !== state.district || action.commune !== state.commune) return state;
      return { ...state, feeCents: null, feeLoading: false, feeFailed: true };
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
  /** "location": no fee or no phone yet; "invalid": a field the shared schema refuses. */
  | { ok: false; reason: "location" | "invalid"; message: string; field: CheckoutField };

/** The form's inputs, and the names the server and the shared schema give them. */
export const CHECKOUT_FIELDS = ["quantity", "phone", "district", "commune"] as const satisfies readonly CheckoutField[];
export const CHECKOUT_ALIASES = {
  customer_phone: "phone",
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
  if (state.feeCents === null || !state.district || !state.commune || !state.phone.trim()) {
    const field: CheckoutField = !state.district
      ? "district"
      : !state.commune || state.feeCents === null
        ? "commune"
        : "phone";
    return { ok: false, reason: "location", message: t("checkout.selectLocation"), field };
  }
  const ref = clickRefOf(ids.clickRef);
  const parsed = schema.safeParse({
    influencer_id: ids.influencerId,
    product_id: ids.productId,
    customer_phone: state.phone,
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
