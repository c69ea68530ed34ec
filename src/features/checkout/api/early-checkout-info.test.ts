import { afterEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { makeCheckoutInfo } from "@/testing/fixtures/checkout.ts";
import { testId } from "@/testing/fixtures/ids.ts";

const photo = `https://cdn.test/u/${testId(7)}-1600x1200-a0b1c2.webp`;
const query = new URLSearchParams({ influencer_id: testId(1), product_id: testId(2) }).toString();

/** The module as a checkout page loads it: first, at the page's own address. */
async function loadAt(path: string) {
  window.history.replaceState({}, "", path);
  vi.resetModules();
  return import("./early-checkout-info.ts");
}

afterEach(() => {
  window.history.replaceState({}, "", "/");
  document.head.querySelectorAll("link[rel=preload]").forEach((link) => link.remove());
});

describe("the checkout's early call", () => {
  it("asks for the product at once, gives the answer to the page once, and preloads the photo in the size it shows", async () => {
    fakeApi.on(API.checkoutInfo, makeCheckoutInfo({ campaign: { image_urls: [photo] } }));
    const { takeEarlyCheckoutInfo } = await loadAt(`/checkout?${query}&ref=abc`);
    expect(fakeApi.calls(API.checkoutInfo)).toHaveLength(1);
    const answer = await takeEarlyCheckoutInfo(query);
    expect(answer?.status).toBe(200);
    expect(takeEarlyCheckoutInfo(query)).toBeUndefined();
    await vi.waitFor(() => expect(document.head.querySelector("link[rel=preload]")).not.toBeNull());
    const link = document.head.querySelector("link[rel=preload]")!;
    expect([link.getAttribute("as"), link.getAttribute("href"), link.getAttribute("imagesizes")]).toEqual([
      "image",
      photo,
      "(min-width: 880px) 440px, 100vw",
    ]);
    expect(link.getAttribute("imagesrcset")).toContain(`${photo.replace(".webp", "-800.webp")} 800w`);
  });

  it("asks nothing without a product, or on another page", async () => {
    await loadAt("/checkout?influencer_id=x");
    await loadAt(`/business/dashboard?${query}`);
    expect(fakeApi.calls(API.checkoutInfo)).toHaveLength(0);
  });

  it("keeps its answer from another product", async () => {
    fakeApi.on(API.checkoutInfo, makeCheckoutInfo());
    const { takeEarlyCheckoutInfo } = await loadAt(`/checkout?${query}`);
    expect(takeEarlyCheckoutInfo("influencer_id=a&product_id=b")).toBeUndefined();
    expect(takeEarlyCheckoutInfo(query)).toBeDefined();
  });
});
