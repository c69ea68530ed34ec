import { act } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi, networkDown } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeStore, makeStoreProduct } from "@/testing/fixtures/storefront.ts";
import { retryDelayMs } from "@/lib/query-client.ts";
import { StoreApp } from "@/app/store-app.tsx";
import { PRODUCT_IMAGE_SIZES } from "./store-page.tsx";

// An image uploaded here: its name says its size, its colour and (so) its smaller sizes.
const PHOTO = `http://shop.test/storage/v1/object/public/campaign-images/u/${testId(9)}-1600x1200-c0ffee.webp`;

const store = makeStore([
  makeStoreProduct(1, {
    product_name: "Silk Scarf",
    price_cents: 2450,
    image: { url: PHOTO, width: 1600, height: 1200, placeholder: "#c0ffee", sizes: [] },
  }),
  makeStoreProduct(2, { product_name: "Kampot Pepper" }),
]);

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

/** The store app at `path`, alone as store.html mounts it (no app providers around it). */
async function openStore(path = "/store/sreymom") {
  window.history.replaceState(null, "", path);
  render(<StoreApp />);
  await act(async () => undefined);
}

/** Moves the fake clock on by `ms`, then lets what was due reach the page (TanStack tells on a 0 ms timer). */
async function advance(ms: number) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
  await act(async () => vi.advanceTimersByTimeAsync(1));
}

const text = () => document.body.textContent ?? "";
const products = () => screen.getByRole("list", { name: "Products chosen by Sreymom Chan" });
const tryAgain = () => screen.queryByRole("button", { name: "Try again" });

describe("An influencer's store", () => {
  it("shows their name, then their products in their order, each a link through its short link with ?s=store", async () => {
    fakeApi.on(API.store, store);
    await openStore("/store/Sreymom");
    expect(await screen.findByRole("heading", { level: 1, name: "Sreymom Chan" })).toBeTruthy();
    const cards = within(products()).getAllByRole("link");
    expect(cards.map((card) => card.textContent)).toEqual([
      "Silk ScarfPrice: $24.50Order",
      "No ImageKampot PepperPrice: $20.00Order",
    ]);
    expect(cards.map((card) => card.getAttribute("href"))).toEqual([
      "http://shop.test/r/Code001?s=store",
      "http://shop.test/r/Code002?s=store",
    ]);
    // The handle as the server reads it, asked for without the visitor's token.
    const [request] = fakeApi.calls(API.store);
    expect(request.params.handle).toBe("sreymom");
    expect(request.headers.get("Authorization")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Sreymom Chan · ShopLink"));
  });

  it("gives each image its sizes, so a phone takes a small one, and its colour until it arrives", async () => {
    fakeApi.on(API.store, store);
    await openStore();
    const image = (await screen.findAllByRole("link"))[0].querySelector("img")!;
    expect(image.getAttribute("sizes")).toBe(PRODUCT_IMAGE_SIZES);
    const stem = PHOTO.slice(0, -".webp".length);
    expect(image.getAttribute("srcset")).toBe(
      `${PHOTO} 1600w, ${stem}-800.webp 800w, ${stem}-400.webp 400w, ${stem}-128.webp 128w`,
    );
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["1600", "1200"]);
    expect((image.parentElement as HTMLElement).style.backgroundColor).toBe("#c0ffee");
    // The second product has no photo: its card says so, and stays a link.
    expect(within(screen.getAllByRole("link")[1]).getByText("No Image")).toBeTruthy();
  });

  it("says the store does not exist or is closed, and nothing else", async () => {
    fakeApi.on(API.store, fail("not_found", "This store does not exist or is closed"));
    await openStore("/store/nobody");
    expect(await screen.findByRole("heading", { name: "This store does not exist or is closed" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(tryAgain()).toBeNull();
  });

  it("says the same for an address that holds no store name, without asking", async () => {
    await openStore("/store/a");
    expect(screen.getByRole("heading", { name: "This store does not exist or is closed" })).toBeTruthy();
    expect(fakeApi.calls()).toEqual([]);
  });

  it("says when the influencer has not chosen any product yet", async () => {
    fakeApi.on(API.store, makeStore());
    await openStore();
    expect(await screen.findByText("No products here yet")).toBeTruthy();
    expect(text()).toContain("Sreymom Chan has not picked any products yet. Come back soon!");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("says it is trying again when the network fails, with Try again, and shows the store once it answers", async () => {
    vi.useFakeTimers();
    fakeApi.on(API.store, () => networkDown());
    await openStore();
    await advance(0);
    expect(text()).toContain("The store did not load");
    expect(text()).toContain("Can't reach the server right now. Retrying…");
    expect(tryAgain()).not.toBeNull();
    // The phone finds the signal again: the page asks again by itself.
    fakeApi.on(API.store, store);
    await advance(retryDelayMs(0));
    expect(screen.getByRole("heading", { level: 1, name: "Sreymom Chan" })).toBeTruthy();
    expect(within(products()).getAllByRole("link")).toHaveLength(2);
  });

  it("asks again on Try again after a server failure", async () => {
    fakeApi.on(API.store, fail("internal", "Something went wrong"));
    await openStore();
    await waitFor(() => expect(tryAgain()).not.toBeNull());
    expect(text()).toContain("Something went wrong");
    fakeApi.on(API.store, store);
    fireEvent.click(tryAgain()!);
    expect(await screen.findByRole("heading", { level: 1, name: "Sreymom Chan" })).toBeTruthy();
  });

  it("switches to Khmer in place, and back", async () => {
    fakeApi.on(API.store, store);
    await openStore();
    await screen.findByRole("heading", { level: 1, name: "Sreymom Chan" });
    fireEvent.click(screen.getByRole("button", { name: "ខ្មែរ" }));
    await waitFor(() => expect(document.documentElement.lang).toBe("km"));
    const list = screen.getByRole("list", { name: "ផលិតផលដែល Sreymom Chan បានជ្រើសរើស" });
    expect(within(list).getAllByRole("link")[0].textContent).toBe("Silk Scarfតម្លៃ: 24.50$បញ្ជាទិញ");
    expect(text()).toContain("ចុចលើផលិតផល ដើម្បីបញ្ជាទិញ។");
    expect(screen.getByRole("button", { name: "ខ្មែរ" }).getAttribute("aria-pressed")).toBe("true");
    // The products were not asked for again.
    expect(fakeApi.calls(API.store)).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    await waitFor(() => expect(within(products()).getAllByRole("link")[0].textContent).toContain("Order"));
  });
});
