import { describe, expect, it } from "vitest";
import { checkoutOrderSchema as schema } from "@contract/orders.ts";
import {
  checkoutAttempt,
  checkoutFormReducer as reduce,
  checkSubmit,
  clampQuantity,
  initialCheckoutForm,
  newIdempotencyKey,
  orderPreview,
  QUANTITIES,
  submitLabel,
  type CheckoutFormState,
} from "./checkout-form.ts";

const ids = { influencerId: "00000000-0000-4000-8000-00000000a001", productId: "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc" };

function located(overrides: Partial<CheckoutFormState> = {}): CheckoutFormState {
  let state = reduce(initialCheckoutForm, { type: "district", district: "Tuol Kouk" });
  state = reduce(state, {
    type: "communesLoaded",
    district: "Tuol Kouk",
    communes: ["Tuek L'ak Muoy", "Boeng Kak Pir"],
  });
  state = reduce(state, { type: "commune", commune: "Tuek L'ak Muoy" });
  state = reduce(state, { type: "feeLoaded", district: "Tuol Kouk", commune: "Tuek L'ak Muoy", feeCents: 150 });
  return { ...state, ...overrides };
}

describe("checkout form state", () => {
  it("starts with quantity 1 and nothing chosen; offers quantities 1 to 10", () => {
    expect(initialCheckoutForm).toMatchObject({
      quantity: 1,
      phone: "",
      district: "",
      commune: "",
      communes: [],
      feeCents: null,
    });
    expect(QUANTITIES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([0, 1, 10, 11, 2.7, Number.NaN].map(clampQuantity)).toEqual([1, 1, 10, 10, 2, 1]);
  });

  it("loads the communes of a chosen district, then the fee of a chosen commune", () => {
    let state = reduce(initialCheckoutForm, { type: "district", district: "Tuol Kouk" });
    expect(state).toMatchObject({ district: "Tuol Kouk", communesLoading: true, communes: [] });
    state = reduce(state, { type: "communesLoaded", district: "Tuol Kouk", communes: ["Tuek L'ak Muoy"] });
    expect(state).toMatchObject({ communes: ["Tuek L'ak Muoy"], communesLoading: false });
    state = reduce(state, { type: "commune", commune: "Tuek L'ak Muoy" });
    expect(state).toMatchObject({ feeLoading: true, feeCents: null });
    state = reduce(state, { type: "feeLoaded", district: "Tuol Kouk", commune: "Tuek L'ak Muoy", feeCents: 150 });
    expect(state).toMatchObject({ feeLoading: false, feeCents: 150 });
  });

  it("changing the district clears the commune, the commune list and the fee", () => {
    const state = reduce(located(), { type: "district", district: "Doun Penh" });
    expect(state).toMatchObject({
      district: "Doun Penh",
      commune: "",
      communes: [],
      feeCents: null,
      feeLoading: false,
      feeFailed: false,
    });
    // choosing the same district again changes nothing
    expect(reduce(located(), { type: "district", district: "Tuol Kouk" })).toEqual(located());
  });

  it("ignores answers for a district or commune left meanwhile", () => {
    const moved = reduce(located(), { type: "district", district: "Doun Penh" });
    expect(reduce(moved, { type: "communesLoaded", district: "Tuol Kouk", communes: ["Old"] }).communes).toEqual([]);
    const otherCommune = reduce(located(), { type: "commune", commune: "Boeng Kak Pir" });
    expect(
      reduce(otherCommune, { type: "feeLoaded", district: "Tuol Kouk", commune: "Tuek L'ak Muoy", feeCents: 150 })
        .feeCents,
    ).toBeNull();
  });

  it("a failed fee lookup clears the fee; a failed commune lookup leaves an empty list", () => {
    const state = reduce(
      { ...located(), feeCents: null, feeLoading: true },
      { type: "feeFailed", district: "Tuol Kouk", commune: "Tuek L'ak Muoy" },
    );
    expect(state).toMatchObject({ feeCents: null, feeLoading: false, feeFailed: true });
    const noCommunes = reduce(reduce(initialCheckoutForm, { type: "district", district: "X" }), {
      type: "communesFailed",
      district: "X",
    });
    expect(noCommunes).toMatchObject({ communes: [], communesLoading: false });
  });
});

describe("price preview and button", () => {
  it("shows 'Select Location First' until a fee is known, then 'Confirm Order - $total'", () => {
    expect(submitLabel(2000, initialCheckoutForm)).toBe("Select Location First");
    expect(orderPreview(2000, initialCheckoutForm)).toBeNull();
    const state = located({ quantity: 2 });
    expect(orderPreview(2000, state)).toEqual({ subtotalCents: 4000, feeCents: 150, totalCents: 4150 });
    expect(submitLabel(2000, state)).toBe("Confirm Order - $41.50");
    expect(submitLabel(1999, located({ quantity: 3 }))).toBe("Confirm Order - $61.47");
  });
});

describe("submitting", () => {
  it("is blocked without a fee or a phone: 'Please select a valid delivery location'", () => {
    expect(checkSubmit({ ...initialCheckoutForm, phone: "012 345 678" }, ids, schema)).toEqual({
      ok: false,
      reason: "location",
      message: "Please select a valid delivery location",
      field: "district",
    });
    const noFee = { ...located(), phone: "012 345 678", feeCents: null };
    expect(checkSubmit(noFee, ids, schema)).toMatchObject({ ok: false, reason: "location", field: "commune" });
    expect(checkSubmit(located(), ids, schema)).toMatchObject({
      ok: false,
      message: "Please select a valid delivery location",
      field: "phone",
    });
    expect(checkSubmit({ ...located(), phone: "   " }, ids, schema)).toMatchObject({ ok: false, field: "phone" });
  });

  it("refuses a phone that is not Cambodian, beside the phone field", () => {
    expect(checkSubmit({ ...located(), phone: "12345" }, ids, schema)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Phone number must be a Cambodian number such as 012 345 678",
      field: "phone",
    });
  });

  it("gives the request with the normalised phone when everything is there", () => {
    expect(checkSubmit({ ...located({ quantity: 2 }), phone: "012 345 678" }, ids, schema)).toEqual({
      ok: true,
      input: {
        influencer_id: ids.influencerId,
        product_id: ids.productId,
        customer_phone: "+85512345678",
        delivery_district: "Tuol Kouk",
        delivery_commune: "Tuek L'ak Muoy",
        quantity: 2,
      },
    });
  });

  it("sends the short-link click (ref) when the URL has one that is an id, and leaves out anything else", () => {
    const ready = { ...located(), phone: "012 345 678" };
    const ref = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(checkSubmit(ready, { ...ids, clickRef: ref }, schema)).toMatchObject({
      ok: true,
      input: { ref: ref.toLowerCase() },
    });
    for (const clickRef of [null, undefined, "", "not-a-click", `${ref}x`]) {
      const check = checkSubmit(ready, { ...ids, clickRef }, schema);
      expect(check.ok && "ref" in check.input).toBe(false);
    }
  });
});

describe("checkoutAttempt", () => {
  const input = {
    influencer_id: "00000000-0000-4000-8000-00000000a001",
    product_id: "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc",
    customer_phone: "+85512345678",
    delivery_district: "Tuol Kouk",
    delivery_commune: "Tuek L'ak Muoy",
    quantity: 2,
  };
  let counter = 0;
  const newKey = () => `key-${++counter}-abcdef`;

  it("keeps the key for the same order and takes a new one when the order changed", () => {
    const first = checkoutAttempt(null, input, newKey);
    expect(checkoutAttempt(first, { ...input }, newKey)).toBe(first);
    const edited = checkoutAttempt(first, { ...input, quantity: 3 }, newKey);
    expect(edited.key).not.toBe(first.key);
    expect(checkoutAttempt(edited, { ...input, quantity: 3 }, newKey).key).toBe(edited.key);
  });

  it("makes keys the server takes", () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
