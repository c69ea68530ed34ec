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

const place = (code: string, name: string) => ({ code, name, name_en: name, name_km: name });
const quote = { feeCents: 150, hoursMin: 2, hoursMax: 24 };
const tuolKouk = [place("1204", "Tuol Kouk"), place("1202", "Doun Penh")];

function located(overrides: Partial<CheckoutFormState> = {}): CheckoutFormState {
  let state = reduce(initialCheckoutForm, { type: "districtsLoaded", province: "12", districts: tuolKouk });
  state = reduce(state, { type: "district", district: "1204" });
  state = reduce(state, {
    type: "communesLoaded",
    district: "1204",
    communes: [place("120404", "Tuek L'ak Ti Muoy"), place("120408", "Boeng Kak Ti Pir")],
  });
  state = reduce(state, { type: "commune", commune: "120404" });
  state = reduce(state, { type: "feeLoaded", district: "1204", commune: "120404", quote });
  return { ...state, ...overrides };
}

/** Located, with a phone, a recipient and an address: ready to send. */
const ready = (overrides: Partial<CheckoutFormState> = {}) =>
  located({ phone: "012 345 678", recipient: "Sokha", address: "House 12, Street 271", ...overrides });

describe("checkout form state", () => {
  it("starts with quantity 1, Phnom Penh and nothing else chosen; offers quantities 1 to 10", () => {
    expect(initialCheckoutForm).toMatchObject({
      quantity: 1,
      phone: "",
      province: "12",
      districtsLoading: true,
      district: "",
      commune: "",
      communes: [],
      feeCents: null,
    });
    expect(QUANTITIES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([0, 1, 10, 11, 2.7, Number.NaN].map(clampQuantity)).toEqual([1, 1, 10, 10, 2, 1]);
  });

  it("loads the communes of a chosen district, then the fee and estimate of a chosen commune", () => {
    let state = reduce(initialCheckoutForm, { type: "district", district: "1204" });
    expect(state).toMatchObject({ district: "1204", communesLoading: true, communes: [] });
    const communes = [place("120404", "Tuek L'ak Ti Muoy")];
    state = reduce(state, { type: "communesLoaded", district: "1204", communes });
    expect(state).toMatchObject({ communes, communesLoading: false });
    state = reduce(state, { type: "commune", commune: "120404" });
    expect(state).toMatchObject({ feeLoading: true, feeCents: null });
    state = reduce(state, { type: "feeLoaded", district: "1204", commune: "120404", quote });
    expect(state).toMatchObject({ feeLoading: false, feeCents: 150, estimate: { hoursMin: 2, hoursMax: 24 } });
  });

  it("changing the province clears the district list, the district, the commune and the fee", () => {
    const state = reduce(located(), { type: "province", province: "17" });
    expect(state).toMatchObject({
      province: "17",
      districts: [],
      districtsLoading: true,
      district: "",
      commune: "",
      feeCents: null,
      estimate: null,
    });
    // an answer for the province left is dropped
    expect(reduce(state, { type: "districtsLoaded", province: "12", districts: tuolKouk }).districts).toEqual([]);
    expect(reduce(state, { type: "districtsFailed", province: "17" })).toMatchObject({
      districtsLoading: false,
      districtsFailed: true,
    });
  });

  it("changing the district clears the commune, the commune list and the fee", () => {
    const state = reduce(located(), { type: "district", district: "1202" });
    expect(state).toMatchObject({
      district: "1202",
      commune: "",
      communes: [],
      feeCents: null,
      feeLoading: false,
      feeFailed: false,
    });
    // choosing the same district again changes nothing
    expect(reduce(located(), { type: "district", district: "1204" })).toEqual(located());
  });

  it("ignores answers for a district or commune left meanwhile", () => {
    const moved = reduce(located(), { type: "district", district: "1202" });
    expect(reduce(moved, { type: "communesLoaded", district: "1204", communes: [place("1", "Old")] }).communes).toEqual(
      [],
    );
    const otherCommune = reduce(located(), { type: "commune", commune: "120408" });
    expect(reduce(otherCommune, { type: "feeLoaded", district: "1204", commune: "120404", quote }).feeCents).toBeNull();
  });

  it("a failed fee lookup clears the fee; a failed commune lookup leaves an empty list", () => {
    const state = reduce(
      { ...located(), feeCents: null, feeLoading: true },
      { type: "feeFailed", district: "1204", commune: "120404" },
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
  it("is blocked without a fee: 'Please select a valid delivery location'", () => {
    expect(checkSubmit({ ...initialCheckoutForm, phone: "012 345 678" }, ids, schema)).toEqual({
      ok: false,
      reason: "location",
      message: "Please select a valid delivery location",
      field: "district",
    });
    const noFee = ready({ feeCents: null });
    expect(checkSubmit(noFee, ids, schema)).toMatchObject({ ok: false, reason: "location", field: "commune" });
  });

  it("names a missing phone, recipient or address beside its field", () => {
    expect(checkSubmit(ready({ phone: "   " }), ids, schema)).toMatchObject({
      ok: false,
      message: "Phone number is required",
      field: "phone",
    });
    expect(checkSubmit(ready({ recipient: " " }), ids, schema)).toMatchObject({
      ok: false,
      message: "Recipient name is required",
      field: "recipient",
    });
    expect(checkSubmit(ready({ address: "" }), ids, schema)).toMatchObject({
      ok: false,
      message: "Address is required",
      field: "address",
    });
    expect(checkSubmit(ready({ landmark: "x".repeat(201) }), ids, schema)).toMatchObject({
      ok: false,
      message: "Landmark must be at most 200 characters",
      field: "landmark",
    });
  });

  it("refuses a phone that is not Cambodian, beside the phone field", () => {
    expect(checkSubmit(ready({ phone: "12345" }), ids, schema)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Phone number must be a Cambodian number such as 012 345 678",
      field: "phone",
    });
  });

  it("gives the request with the normalised phone and the place's codes when everything is there", () => {
    expect(checkSubmit(ready({ quantity: 2, note: "  Call first " }), ids, schema)).toEqual({
      ok: true,
      input: {
        influencer_id: ids.influencerId,
        product_id: ids.productId,
        customer_phone: "+85512345678",
        recipient_name: "Sokha",
        address_line: "House 12, Street 271",
        delivery_note: "Call first",
        delivery_province: "12",
        delivery_district: "1204",
        delivery_commune: "120404",
        quantity: 2,
      },
    });
  });

  it("sends the short-link click (ref) when the URL has one that is an id, and leaves out anything else", () => {
    const complete = ready();
    const ref = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(checkSubmit(complete, { ...ids, clickRef: ref }, schema)).toMatchObject({
      ok: true,
      input: { ref: ref.toLowerCase() },
    });
    for (const clickRef of [null, undefined, "", "not-a-click", `${ref}x`]) {
      const check = checkSubmit(complete, { ...ids, clickRef }, schema);
      expect(check.ok && "ref" in check.input).toBe(false);
    }
  });
});

describe("checkoutAttempt", () => {
  const input = {
    influencer_id: "00000000-0000-4000-8000-00000000a001",
    product_id: "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc",
    customer_phone: "+85512345678",
    recipient_name: "Sokha",
    address_line: "House 12",
    delivery_district: "1204",
    delivery_commune: "120404",
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
