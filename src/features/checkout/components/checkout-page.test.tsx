import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCheckoutInfo, makeDeliveryFee } from "@/testing/fixtures/checkout.ts";
import { makePlacedOrder } from "@/testing/fixtures/orders.ts";
import { buttonByText, render, until, type Rendered } from "@/testing/render.tsx";
import { CheckoutPage } from "./checkout-page.tsx";
import { json } from "@/testing/http.ts";

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
    business_logo_url: "https://example.com/logo.png",
  },
});

let infoAnswer: { status: number; body: unknown };
let orderAnswer: { status: number; body: unknown };
let feeFails: boolean;
let orderUnreachable: boolean;
let requests: { url: string; method: string; body: unknown; auth: string | null; idempotencyKey: string | null }[];
let view: Rendered;

/** An IntersectionObserver that sees every element it observes in view at once. */
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  localStorage.setItem("token", "a.b.c");
  infoAnswer = { status: 200, body: info };
  orderAnswer = {
    status: 201,
    body: {
      message: "Order placed successfully!",
      order: makePlacedOrder({
        product_name: "Silk Scarf",
        quantity: 2,
        unit_price_cents: 2000,
        delivery_fee_cents: 150,
        created_at: "2026-11-22T03:00:00Z",
        order_number: "SL-004213",
      }),
    },
  };
  feeFails = false;
  orderUnreachable = false;
  requests = [];
  vi.stubGlobal("scrollTo", vi.fn());
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = decodeURIComponent(url.replace(/^.*\/functions\/v1\/api/, ""));
      requests.push({
        url: path,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: new Headers(init?.headers).get("Authorization"),
        idempotencyKey: new Headers(init?.headers).get("Idempotency-Key"),
      });
      if (path.startsWith("/checkout/info?")) return json(infoAnswer.status, infoAnswer.body);
      if (path === "/delivery-zones/districts") return json(200, { districts: ["Doun Penh", "Tuol Kouk"] });
      if (path === "/delivery-zones/communes/Tuol Kouk")
        return json(200, { district: "Tuol Kouk", communes: ["Boeng Kak Pir", "Tuek L'ak Muoy"] });
      if (path === "/delivery-zones/communes/Doun Penh")
        return json(200, { district: "Doun Penh", communes: ["Voat Phnum"] });
      const fee = /^\/delivery-zones\/fee\/([^/]+)\/([^/]+)$/.exec(path);
      if (fee) return feeFails ? json(500, {}) : json(200, makeDeliveryFee(fee[1], fee[2], 150));
      if (path === "/checkout/order") {
        if (orderUnreachable) throw new TypeError("Failed to fetch");
        return json(orderAnswer.status, orderAnswer.body);
      }
      return json(404, { error: "not_found", message: "Not found" });
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = "";
});

const field = <T extends HTMLElement>(id: string) => view.container.querySelector<T>(`#checkout-${id}`)!;
const submit = () => view.container.querySelector<HTMLButtonElement>("button[type=submit]")!;
const text = () => view.container.textContent ?? "";

async function choose(id: string, value: string) {
  await act(async () => {
    const select = field<HTMLSelectElement>(id);
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

async function type(id: string, value: string) {
  await act(async () => {
    const input = field<HTMLInputElement>(id);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function clickSubmit() {
  await act(async () => submit().click());
}

async function open() {
  view = await render(<CheckoutPage influencerId={influencerId} productId={productId} />);
  await until(() => expect(field<HTMLSelectElement>("district").options.length).toBe(3));
}

describe("Checkout page", () => {
  it("says 'Invalid Checkout Link' when a parameter is missing, with nothing to retry", async () => {
    view = await render(<CheckoutPage influencerId={null} productId={productId} />);
    expect(text()).toContain("Invalid Checkout Link");
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it("says 'This link is not valid' for a link the server does not know, with nothing to retry", async () => {
    infoAnswer = { status: 404, body: { error: "not_found", message: "This checkout link is not valid" } };
    view = await render(<CheckoutPage influencerId={influencerId} productId={productId} />);
    await until(() => expect(text()).toContain("This link is not valid"));
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
  });

  it("says 'This product is no longer available' with the shop's phone when the campaign closed", async () => {
    // The number is shown in the local form once it comes into view: here at once.
    vi.stubGlobal("IntersectionObserver", InView);
    infoAnswer = { status: 200, body: { ...info, unavailable_reason: "This campaign has ended" } };
    view = await render(<CheckoutPage influencerId={influencerId} productId={productId} />);
    await until(() => expect(text()).toContain("This product is no longer available"));
    expect(text()).toContain("Silk Scarf");
    const phone = view.container.querySelector<HTMLAnchorElement>("a.checkout__phone");
    expect(phone?.getAttribute("href")).toBe("tel:+85512345678");
    await until(() => expect(phone?.textContent).toBe("012 345 678"));
    expect(view.container.querySelector("#checkout-phone")).toBeNull();
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
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
    expect(view.container.querySelector<HTMLImageElement>(".checkout__logo")?.alt).toBe("Demo Boutique logo");
    expect(field<HTMLSelectElement>("quantity").value).toBe("1");
    expect(field<HTMLSelectElement>("commune").disabled).toBe(true);
    expect(submit().textContent).toBe("Select Location First");
    // anonymous: the stored token is not sent
    expect(requests.every((request) => request.auth === null)).toBe(true);
  });

  it("hides the store logo when it fails to load", async () => {
    await open();
    await act(async () => view.container.querySelector(".checkout__logo")!.dispatchEvent(new Event("error")));
    expect(view.container.querySelector(".checkout__logo")).toBeNull();
  });

  it("blocks submitting without a location: 'Please select a valid delivery location'", async () => {
    await open();
    await type("phone", "012 345 678");
    await clickSubmit();
    expect(view.container.querySelector("[role=alert]")?.textContent).toContain(
      "Please select a valid delivery location",
    );
    expect(requests.some((request) => request.url === "/checkout/order")).toBe(false);
  });

  it("loads communes and the fee, shows the breakdown, and clears them when the district changes", async () => {
    await open();
    await choose("quantity", "2");
    await choose("district", "Tuol Kouk");
    await until(() => expect(field<HTMLSelectElement>("commune").disabled).toBe(false));
    await choose("commune", "Tuek L'ak Muoy");
    await until(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
    expect(requests.map((request) => request.url)).toContain("/delivery-zones/fee/Tuek L'ak Muoy/Tuol Kouk");
    const breakdown = view.container.querySelector(".checkout-breakdown")!.textContent;
    for (const part of ["Product ($20.00 × 2)", "$40.00", "Delivery fee", "$1.50", "Total", "$41.50"])
      expect(breakdown).toContain(part);

    await choose("district", "Doun Penh");
    expect(field<HTMLSelectElement>("commune").value).toBe("");
    expect(view.container.querySelector(".checkout-breakdown")).toBeNull();
    expect(submit().textContent).toBe("Select Location First");
    await until(() =>
      expect([...field<HTMLSelectElement>("commune").options].map((o) => o.value)).toEqual(["", "Voat Phnum"]),
    );
  });

  it("a failed fee lookup clears the fee", async () => {
    feeFails = true;
    await open();
    await choose("district", "Tuol Kouk");
    await until(() => expect(field<HTMLSelectElement>("commune").disabled).toBe(false));
    await choose("commune", "Tuek L'ak Muoy");
    await until(() => expect(text()).toContain("Could not get the delivery fee"));
    expect(submit().textContent).toBe("Select Location First");
  });

  it("places the order and shows 'Order Confirmed!'", async () => {
    await open();
    await choose("quantity", "2");
    await type("phone", "012 345 678");
    await choose("district", "Tuol Kouk");
    await until(() => expect(field<HTMLSelectElement>("commune").disabled).toBe(false));
    await choose("commune", "Tuek L'ak Muoy");
    await until(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
    await clickSubmit();
    await until(() => expect(text()).toContain("Order Confirmed!"));
    expect(text()).toContain("Thank you for your order! You will pay cash when your product is delivered.");
    // The number to quote when calling about the order.
    expect(text()).toContain("Order numberSL-004213");
    expect(text()).toContain("Our team will coordinate with you shortly via phone for delivery arrangements.");
    expect(requests.find((request) => request.url === "/checkout/order")).toMatchObject({
      method: "POST",
      auth: null,
      body: {
        influencer_id: influencerId,
        product_id: productId,
        customer_phone: "+85512345678",
        delivery_district: "Tuol Kouk",
        delivery_commune: "Tuek L'ak Muoy",
        quantity: 2,
      },
    });
  });

  async function fillForm() {
    await open();
    await choose("quantity", "2");
    await type("phone", "012 345 678");
    await choose("district", "Tuol Kouk");
    await until(() => expect(field<HTMLSelectElement>("commune").disabled).toBe(false));
    await choose("commune", "Tuek L'ak Muoy");
    await until(() => expect(submit().textContent).toBe("Confirm Order - $41.50"));
  }
  const orderKeys = () =>
    requests.filter((request) => request.url === "/checkout/order").map((request) => request.idempotencyKey);

  it("sends one Idempotency-Key for two submits in the same instant, so the server places one order", async () => {
    await fillForm();
    await act(async () => {
      submit().click();
      submit().click();
    });
    await until(() => expect(text()).toContain("Order Confirmed!"));
    const keys = orderKeys();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("retries with the same key after a network error, and takes a new key when the form changed", async () => {
    await fillForm();
    orderUnreachable = true;
    await clickSubmit();
    await until(() =>
      expect(view.container.querySelector("[role=alert]")?.textContent).toContain("Could not reach the server"),
    );
    await clickSubmit();
    await until(() => expect(orderKeys()).toHaveLength(2));
    const [first, retry] = orderKeys();
    expect(retry).toBe(first);

    await choose("quantity", "3");
    orderUnreachable = false;
    await clickSubmit();
    await until(() => expect(text()).toContain("Order Confirmed!"));
    const keys = orderKeys();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });

  it("shows 'Failed to place order: {message}' when refused, and 'Error placing order' without a message", async () => {
    await open();
    await type("phone", "012 345 678");
    await choose("district", "Tuol Kouk");
    await until(() => expect(field<HTMLSelectElement>("commune").disabled).toBe(false));
    await choose("commune", "Tuek L'ak Muoy");
    await until(() => expect(submit().textContent).toMatch(/^Confirm Order/));
    orderAnswer = {
      status: 429,
      body: { error: "rate_limited", message: "Too many orders in a short time. Please wait a minute and try again." },
    };
    await clickSubmit();
    await until(() =>
      expect(view.container.querySelector("[role=alert]")?.textContent).toContain(
        "Failed to place order: Too many orders in a short time.",
      ),
    );
    orderAnswer = { status: 500, body: {} };
    await clickSubmit();
    await until(() =>
      expect(view.container.querySelector("[role=alert]")?.textContent).toContain("Error placing order"),
    );
    expect(view.container.querySelector("[role=alert]")?.textContent).not.toContain("Failed to place order");
  });

  it("offers to try again after a failure that may pass", async () => {
    infoAnswer = { status: 500, body: { error: "internal", message: "Something went wrong" } };
    view = await render(<CheckoutPage influencerId={influencerId} productId={productId} />);
    await until(() => expect(text()).toContain("Error loading checkout information"));
    expect(text()).toContain("Failed to load product information");
    expect(buttonByText(view.container, "Try again")).toBeDefined();
    infoAnswer = { status: 200, body: info };
    await act(async () => buttonByText(view.container, "Try again")!.click());
    await until(() => expect(text()).toContain("Silk Scarf"));
  });
});
