import assert from "node:assert/strict";
import { dollars, noticeText } from "./messages.ts";

const order = {
  order_number: "SL-004213",
  product_name: "Kampot Pepper 100g",
  quantity: 2,
  total_cents: 1650,
  province: "Siemreap",
  district: "Siem Reap",
  commune: "Sla Kram",
  province_km: "សៀមរាប",
  district_km: "សៀមរាប",
  commune_km: "ស្លក្រាម",
  recipient_name: "Sokha",
  address_line: "House 12, Street 6",
  landmark: null,
  delivery_note: "Call before coming",
};

Deno.test("a new order in English names its number, product, quantity, total, recipient and address", () => {
  assert.deepStrictEqual(
    noticeText({ kind: "new_order", payload: order }, "en"),
    [
      "🛒 New order SL-004213",
      "Product: Kampot Pepper 100g",
      "Quantity: 2",
      "Total: $16.50",
      "Recipient: Sokha",
      "Address: House 12, Street 6",
      "Commune: Sla Kram",
      "District: Siem Reap",
      "Province: Siemreap",
      "Note: Call before coming",
    ].join("\n"),
  );
});

Deno.test("a new order in Khmer has the same facts with Khmer labels and the place in Khmer script", () => {
  const text = noticeText({ kind: "new_order", payload: order }, "km");
  assert.deepStrictEqual(text.split("\n")[0], "🛒 ការបញ្ជាទិញថ្មី SL-004213");
  for (const fact of ["Kampot Pepper 100g", "$16.50", "ស្លក្រាម", "សៀមរាប", "Sokha", "ចំនួន៖ 2"]) {
    assert.deepStrictEqual(text.includes(fact), true, fact);
  }
  assert.deepStrictEqual(text.includes("Product"), false);
  assert.deepStrictEqual(text.includes("Sla Kram"), false);
});

Deno.test("a notice queued before addresses shows the place it has and no empty lines", () => {
  const older = {
    order_number: "SL-000001",
    product_name: "Soap",
    quantity: 1,
    total_cents: 300,
    district: "Chamkar Mon",
    commune: "Tonle Basak",
  };
  assert.deepStrictEqual(noticeText({ kind: "new_order", payload: older }, "km").split("\n").slice(-2), [
    "សង្កាត់/ឃុំ៖ Tonle Basak",
    "ខណ្ឌ/ស្រុក៖ Chamkar Mon",
  ]);
});

Deno.test("a new order's text holds nothing but the payload it is given (no phone can slip in)", () => {
  const withPhone = { ...order, customer_phone: "+85512345678" } as typeof order;
  const text = noticeText({ kind: "new_order", payload: withPhone }, "en");
  assert.deepStrictEqual(text.includes("12345678"), false);
});

Deno.test("amounts are dollars with two decimals and thousands separators", () => {
  assert.deepStrictEqual(dollars(0), "$0.00");
  assert.deepStrictEqual(dollars(5), "$0.05");
  assert.deepStrictEqual(dollars(3060), "$30.60");
  assert.deepStrictEqual(dollars(123456789), "$1,234,567.89");
  assert.deepStrictEqual(dollars(-250), "-$2.50");
});

Deno.test("a payout names the amount and the ABA reference", () => {
  assert.deepStrictEqual(
    noticeText({ kind: "payout_completed", payload: { amount_cents: 3060, aba_reference: "ABA-77" } }, "en"),
    "💸 Your payout of $30.60 was sent. ABA reference: ABA-77",
  );
  assert.deepStrictEqual(
    noticeText({ kind: "payout_completed", payload: { amount_cents: 3060, aba_reference: "ABA-77" } }, "km").includes(
      "$30.60",
    ),
    true,
  );
});

Deno.test("a sign-up names the role in the chat's language", () => {
  const payload = { user_type: "business", name: "Kampot Shop", email: "shop@example.com" };
  assert.deepStrictEqual(
    noticeText({ kind: "new_signup", payload }, "en"),
    "👤 New business sign-up: Kampot Shop <shop@example.com>\nWaiting for your approval.",
  );
  assert.deepStrictEqual(noticeText({ kind: "new_signup", payload }, "km").includes("អាជីវកម្ម"), true);
  assert.deepStrictEqual(
    noticeText({ kind: "new_signup", payload: { ...payload, user_type: "influencer", name: null } }, "en").split(
      "\n",
    )[0],
    "👤 New influencer sign-up: shop@example.com",
  );
});

Deno.test(
  "an order a customer follows says where it is now, in the chat's language; their own cancel as theirs",
  () => {
    const notice = (status: "ready_for_pickup" | "cancelled", reason: "customer_cancelled" | "out_of_stock" | null) =>
      ({
        kind: "order_status",
        payload: { order_number: "SL-000042", product_name: "Silk Scarf", status, cancellation_reason: reason },
      }) as const;
    assert.equal(
      noticeText(notice("ready_for_pickup", null), "en"),
      "📦 Order SL-000042 (Silk Scarf): Packed: waiting for the courier",
    );
    assert.equal(
      noticeText(notice("ready_for_pickup", null), "km"),
      "📦 ការបញ្ជាទិញ SL-000042 (Silk Scarf)៖ បានវេចខ្ចប់៖ កំពុងរង់ចាំអ្នកដឹក",
    );
    assert.equal(
      noticeText(notice("cancelled", "customer_cancelled"), "en"),
      "📦 Order SL-000042 (Silk Scarf): You cancelled this order",
    );
    // Another reason is the shop's business: the customer reads that it is cancelled.
    assert.equal(noticeText(notice("cancelled", "out_of_stock"), "en"), "📦 Order SL-000042 (Silk Scarf): Cancelled");
  },
);

Deno.test("a refused connection names the account or Page and the dashboard's button, in the chat's language", () => {
  const instagram = { kind: "connection_refused", payload: { platform: "instagram", name: "@sokha.style" } } as const;
  const facebook = { kind: "connection_refused", payload: { platform: "facebook", name: "Sokha Style" } } as const;
  assert.deepStrictEqual(
    noticeText(instagram, "en"),
    "⚠️ Instagram no longer accepts the connection of @sokha.style, so keywords get no reply. Open your dashboard and press Connect again.",
  );
  assert.deepStrictEqual(
    noticeText(facebook, "en"),
    "⚠️ Facebook no longer accepts the connection of your Page Sokha Style, so its comments and Messenger messages get no reply. Open your dashboard and press Connect again.",
  );
  // The Khmer texts name the Khmer dashboard's buttons.
  assert.ok(noticeText(instagram, "km").includes("@sokha.style"));
  assert.ok(noticeText(instagram, "km").includes("«ភ្ជាប់ Instagram ម្ដងទៀត»"));
  assert.ok(noticeText(facebook, "km").includes("Sokha Style"));
  assert.ok(noticeText(facebook, "km").includes("«ភ្ជាប់ទំព័រម្ដងទៀត»"));
});
