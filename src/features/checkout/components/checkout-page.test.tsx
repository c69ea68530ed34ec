import { act } from "react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi, jsonResponse, networkDown } from "@/testing/fake-api.ts";
import {
  makeCheckoutInfo,
  makeDeliveryFee,
  makeTrackedOrder,
  PLACES,
  TRACKING_TOKEN_FIXTURE,
} from "@/testing/fixtures/checkout.ts";
import { makePlacedOrder } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel, queryFieldByLabel } from "@/testing/queries.ts";
import { CheckoutApp } from "@/app/checkout-app.tsx";

const influencerId = "00000000-0000-4000-8000-00000000a001";
const productId = "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc";

const info = makeCheckoutInfo({
  campaign: {
    id: productId,
    product_name: "Silk Scarf",
    description: "Hand-woven silk.",
    price_cents: 2000,
    image_urls: ["https://example.com/a.png"],
  },
  influencer: { display_name: "Sreymom Chan" },
  business: {
    business_name: "Demo Boutique",
    store_phone: "+85512345678",
    store_phone_local: "012 345 678",
    business_logo_url: "https://example.com/logo.png",
  },
});

const placed = {
  message: "Order placed successfully!",
  order: makePlacedOrder({
    product_name: "Silk Scarf",
    quantity: 2,
    unit_price_cents: 2000,
    delivery_fee_cents: 150,
    created_at: "2026-11-22T03:00:00Z",
    order_number: "SL-004213",
  }),
  tracking_url: `https://app.test/o/${TRACKING_TOKEN_FIXTURE}`,
};

beforeEach(() => {
  localStorage.setItem("token", "a.b.c");
  vi.stubGlobal("scrollTo", vi.fn());
  fakeApi.on(API.checkoutInfo, info);
  fakeApi.on(API.provinces, { provinces: PLACES.provinces });
  fakeApi.on(API.districts, ({ query }) => ({
    province: { ...PLACES.provinces.find((p) => p.code === (query.get("province") ?? "12"))!, name: "" },
    districts: PLACES.districts[query.get("province") ?? "12"],
  }));
  fakeApi.on(API.communes, ({ params }) =>
    params.district in PLACES.communes
      ? { district: PLACES.districts[params.district.slice(0, 2)][0], communes: PLACES.communes[params.district] }
      : fail("not_found", "No such district"),
  );
  fakeApi.on(API.deliveryFee, ({ params }) => makeDeliveryFee(params.commune, params.district, 150));
  fakeApi.on(API.placeOrder, placed);
  fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

/** The checkout app at /checkout with these parameters (both ids by default). */
function renderCheckout(search = `influencer_id=${influencerId}&product_id=${productId}`) {
  window.history.replaceState(null, "", `/checkout?${search}`);
  return render(<CheckoutApp />);
}

/** Every request the page made. */
const requests = () => fakeApi.calls();
const orders = () => fakeApi.calls(API.placeOrder);

const select = (label: string) => fieldByLabel<HTMLSelectElement>(label);
const submit = () => screen.getByRole("button", { name: /^(Select Location First|Confirm Order|Placing your order)/ });
const text = () => document.body.textContent ?? "";
const alerts = () =>
  screen
    .queryAllByRole("alert")
    .map((alert) => alert.textContent)
    .join("\n");
const breakdown = () => screen.queryByRole("region", { name: "Price breakdown" });

const choose = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });
const type = (label: string, value: string) => fireEvent.change(fieldByLabel(label), { target: { value } });
const typePhone = (value: string) => type("Phone number", value);
/** The phone, the recipient's name and the address: what every order needs besides the place. */
const typeContact = () => {
  typePhone("012 345 678");
  type("Recipient name", "Sokha");
  type("House and street", "House 12, Street 271");
};

async function open() {
  await renderCheckout();
  await waitFor(() => expect(select("District (Khan, Srok, Krong)").options.length).toBe(3));
}

async function chooseLocation() {
  choose("District (Khan, Srok, Krong)", "1204");
  await waitFor(() => expect(select("Commune (Sangkat, Khum)").disabled).toBe(false));
  expect([...select("Commune (Sangkat, Khum)").options].map((o) => o.value)).toEqual(["", "120408", "120404"]);
  expect([...select("Commune (Sangkat, Khum)").options].map((o) => o.text)).toContain("Tuek L'ak Ti Muoy");
  choose("Commune (Sangkat, Khum)", "120404");
}

describe("Checkout page", () => {
  it("says 'Invalid Checkout Link' when a parameter is missing, with nothing to retry", async () => {
    await renderCheckout(`product_id=${productId}`);
    expect(text()).toContain("Invalid Checkout Link");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(requests()).toEqual([]);
  });

  it("says 'This link is not valid' for a link the server does not know, with nothing to retry", async () => {
    fakeApi.on(API.checkoutInfo, fail("not_found", "This checkout link is not valid"));
    await renderCheckout();
    await waitFor(() => expect(text()).toContain("This link is not valid"));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says 'This product is no longer available' with the shop's phone when the campaign closed", async () => {
    fakeApi.on(API.checkoutInfo, { ...info, unavailable_reason: "This campaign has ended" });
    await renderCheckout();
    await waitFor(() => expect(text()).toContain("This product is no longer available"));
    expect(text()).toContain("Silk Scarf");
    const phone = screen.getAllByRole("link").find((link) => link.getAttribute("href")?.startsWith("tel:"));
    expect(phone?.getAttribute("href")).toBe("tel:+85512345678");
    expect(phone?.textContent).toBe("012 345 678");
    expect(queryFieldByLabel("Phone number")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the product, the referral, the store, and 'Select Location First'", async () => {
    await open();
    for (const part of [
      "Secure Checkout",
      "Demo Boutique",
      "Silk Scarf",
      "$20.00",
      "Hand-woven silk.",
      "You are purchasing via Sreymom Chan's referral",
      "Cash on Delivery",
      "≈ ៛82,000",
      "012 345 678",
    ]) {
      expect(text()).toContain(part);
    }
    expect(screen.getByRole("img", { name: "Demo Boutique logo" })).toHaveProperty("alt", "Demo Boutique logo");
    expect(select("Quantity").value).toBe("1");
    expect(select("Commune (Sangkat, Khum)").disabled).toBe(true);
    expect(submit().textContent).toBe("Select Location First");
    // anonymous: the stored token is not sent
    expect(requests().every((request) => request.headers.get("Authorization") === null)).toBe(true);
  });

  it("hides the store logo when it fails to load", async () => {
    await open();
    fireEvent.error(screen.getByRole("img", { name: "Demo Boutique logo" }));
    expect(screen.queryByRole("img", { name: "Demo Boutique logo" })).toBeNull();
  });

  it("blocks submitting without a location: 'Please select a valid delivery location'", async () => {
    await open();
    typePhone("012 345 678");
    fireEvent.click(submit());
    await waitFor(() => expect(alerts()).toContain("Please select a valid delivery location"));
    expect(orders()).toHaveLength(0);
  });

  it("loads communes and the fee, shows the breakdown, and clears them when the district changes", async () => {
    await open();
    choose("Quantity", "2");
    await chooseLocation();
    await waitFor(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
    expect(fakeApi.calls(API.deliveryFee).map((request) => request.params)).toContainEqual({
      commune: "120404",
      district: "1204",
    });
    const shown = breakdown()!.textContent;
    for (const part of [
      "Product ($20.00 × 2)",
      "$40.00",
      "Delivery fee",
      "$1.50",
      "Delivery time",
      "2-24 hours",
      "Total",
      "$41.50",
    ])
      expect(shown).toContain(part);

    choose("District (Khan, Srok, Krong)", "1202");
    expect(select("Commune (Sangkat, Khum)").value).toBe("");
    expect(breakdown()).toBeNull();
    expect(submit().textContent).toBe("Select Location First");
    await waitFor(() =>
      expect([...select("Commune (Sangkat, Khum)").options].map((o) => o.value)).toEqual(["", "120211"]),
    );
  });

  it("orders to a province: its districts in place of Phnom Penh's, found by typing in Khmer", async () => {
    await open();
    choose("Province or capital", "17");
    await waitFor(() =>
      expect([...select("District (Khan, Srok, Krong)").options].map((o) => o.value)).toEqual(["", "1710"]),
    );
    expect(fakeApi.calls(API.districts).map((request) => request.query.get("province"))).toEqual(["12", "17"]);
    choose("District (Khan, Srok, Krong)", "1710");
    await waitFor(() => expect(select("Commune (Sangkat, Khum)").disabled).toBe(false));
    choose("Commune (Sangkat, Khum)", "171001");
    await waitFor(() => expect(submit().textContent).toBe("Confirm Order - $21.50"));
  });

  it("names the recipient's name as missing before anything is sent", async () => {
    await open();
    typePhone("012 345 678");
    type("House and street", "House 12");
    await chooseLocation();
    await waitFor(() => expect(submit().textContent).toMatch(/^Confirm Order/));
    fireEvent.click(submit());
    await waitFor(() => expect(text()).toContain("Recipient name is required"));
    expect(orders()).toHaveLength(0);
  });

  it("a failed fee lookup clears the fee", async () => {
    fakeApi.on(API.deliveryFee, jsonResponse(500, {}));
    await open();
    await chooseLocation();
    await waitFor(() => expect(text()).toContain("Could not get the delivery fee"));
    expect(fakeApi.calls(API.deliveryFee)[0].params).toEqual({ commune: "120404", district: "1204" });
    expect(submit().textContent).toBe("Select Location First");
  });

  it("places the order and shows 'Order Confirmed!'", async () => {
    await open();
    choose("Quantity", "2");
    typeContact();
    type("Landmark (optional)", "Opposite the pagoda");
    await chooseLocation();
    await waitFor(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
    fireEvent.click(submit());
    await waitFor(() => expect(text()).toContain("Order Confirmed!"));
    expect(text()).toContain("Thank you for your order! You will pay cash when your product is delivered.");
    // The number to quote when calling about the order.
    expect(text()).toContain("Order numberSL-004213");
    expect(text()).toContain("Our team will coordinate with you shortly via phone for delivery arrangements.");
    // The success screen is the order's own page: the address bar holds it, and this phone remembers it.
    expect(window.location.pathname).toBe(`/o/${TRACKING_TOKEN_FIXTURE}`);
    expect(fakeApi.calls(API.trackedOrder).map((request) => request.params)).toContainEqual({
      token: TRACKING_TOKEN_FIXTURE,
    });
    expect(JSON.parse(localStorage.getItem("shoplink.recentOrders") ?? "[]")).toMatchObject([
      { path: `/o/${TRACKING_TOKEN_FIXTURE}`, order_number: "SL-004213", product_name: "Silk Scarf" },
    ]);
    expect(orders()).toHaveLength(1);
    const [order] = orders();
    expect(order.headers.get("Authorization")).toBeNull();
    expect(order).toMatchObject({
      method: "POST",
      body: {
        influencer_id: influencerId,
        product_id: productId,
        customer_phone: "+85512345678",
        recipient_name: "Sokha",
        address_line: "House 12, Street 271",
        landmark: "Opposite the pagoda",
        delivery_province: "12",
        delivery_district: "1204",
        delivery_commune: "120404",
        quantity: 2,
      },
    });
  });

  async function fillForm() {
    await open();
    choose("Quantity", "2");
    typeContact();
    await chooseLocation();
    await waitFor(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
  }
  const orderKeys = () => orders().map((request) => request.headers.get("Idempotency-Key"));

  it("sends one Idempotency-Key for two submits in the same instant, so the server places one order", async () => {
    await fillForm();
    // Both clicks land before React renders in between.
    await act(async () => {
      const button = submit();
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(text()).toContain("Order Confirmed!"));
    const keys = orderKeys();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("retries with the same key after a network error, and takes a new key when the form changed", async () => {
    await fillForm();
    fakeApi.on(API.placeOrder, () => networkDown());
    fireEvent.click(submit());
    await waitFor(() => expect(alerts()).toContain("Could not reach the server"));
    fireEvent.click(submit());
    await waitFor(() => expect(orderKeys()).toHaveLength(2));
    const [first, retry] = orderKeys();
    expect(retry).toBe(first);

    // The retry's failure is shown before the form changes.
    await waitFor(() => expect(submit().textContent).toMatch(/^Confirm Order/));
    choose("Quantity", "3");
    fakeApi.on(API.placeOrder, placed);
    fireEvent.click(submit());
    await waitFor(() => expect(text()).toContain("Order Confirmed!"));
    const keys = orderKeys();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });

  it("shows 'Failed to place order: {message}' when refused, and 'Error placing order' without a message", async () => {
    await open();
    typeContact();
    await chooseLocation();
    await waitFor(() => expect(submit().textContent).toMatch(/^Confirm Order/));
    fakeApi.on(
      API.placeOrder,
      fail("rate_limited", "Too many orders in a short time. Please wait a minute and try again."),
    );
    fireEvent.click(submit());
    await waitFor(() => expect(alerts()).toContain("Failed to place order: Too many orders in a short time."));
    fakeApi.on(API.placeOrder, jsonResponse(500, {}));
    fireEvent.click(submit());
    await waitFor(() => expect(alerts()).toContain("Error placing order"));
    expect(alerts()).not.toContain("Failed to place order");
    expect(orders()).toHaveLength(2);
  });

  it("lists the orders placed on this phone under the form, with links to their pages", async () => {
    localStorage.setItem(
      "shoplink.recentOrders",
      JSON.stringify([
        { path: "/o/x", order_number: "SL-000007", product_name: "Krama", placed_at: "2026-11-20T01:00:00Z" },
      ]),
    );
    await open();
    const link = screen.getByRole("link", { name: "SL-000007 Krama" });
    expect(link.getAttribute("href")).toBe("/o/x");
    expect(text()).toContain("Your orders on this phone");
  });

  it("offers to try again after a failure that may pass", async () => {
    fakeApi.on(API.checkoutInfo, fail("internal", "Something went wrong"));
    await renderCheckout();
    await waitFor(() => expect(text()).toContain("Error loading checkout information"));
    expect(text()).toContain("Failed to load product information");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
    fakeApi.on(API.checkoutInfo, info);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(text()).toContain("Silk Scarf"));
  });
});
