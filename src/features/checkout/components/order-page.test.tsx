import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeTrackedOrder, TRACKING_TOKEN_FIXTURE as token } from "@/testing/fixtures/checkout.ts";
import { render } from "@/testing/render.tsx";
import OrderPage from "./order-page.tsx";

const text = () => document.body.textContent ?? "";

afterEach(() => localStorage.clear());

describe("The customer's order page", () => {
  it("shows the order, where it goes, its history and the shop's phone; never a phone or address of the customer", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
    await render(<OrderPage token={token} />);
    await waitFor(() => expect(text()).toContain("Your order"));
    for (const part of [
      "SL-004213",
      "Received: the shop is preparing it",
      "Tuek L'ak Ti Muoy, Tuol Kouk, Phnom Penh",
      "$41.50",
      "History",
      "012 345 678",
    ])
      expect(text()).toContain(part);
    expect(fakeApi.calls(API.trackedOrder)[0].headers.get("Authorization")).toBeNull();
  });

  it("asks for a Telegram link in the page's language and goes there", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
    fakeApi.on(API.followTrackedOrder, { url: "https://t.me/local_marketplace_bot?start=o" + "A".repeat(32) });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    await render(<OrderPage token={token} />);
    fireEvent.click(await screen.findByRole("button", { name: "Get updates on Telegram" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`https://t.me/local_marketplace_bot?start=o${"A".repeat(32)}`),
    );
    expect(fakeApi.calls(API.followTrackedOrder).map((call) => call.body)).toEqual([{ language: "en" }]);
    vi.unstubAllGlobals();
  });

  it("says when Telegram updates are on, without the button", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder({ telegram_updates: true }) });
    await render(<OrderPage token={token} />);
    await waitFor(() => expect(text()).toContain("Updates on Telegram are on"));
    expect(screen.queryByRole("button", { name: "Get updates on Telegram" })).toBeNull();
  });

  it("offers no updates once the order is finished", async () => {
    fakeApi.on(API.trackedOrder, {
      order: makeTrackedOrder({ order_status: "delivered", can_confirm: false, can_cancel: false }),
    });
    await render(<OrderPage token={token} />);
    await waitFor(() => expect(text()).toContain("Delivered"));
    expect(screen.queryByRole("button", { name: "Get updates on Telegram" })).toBeNull();
  });

  it("confirms once, then says so", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
    fakeApi.on(API.confirmTrackedOrder, {
      message: "Order confirmed",
      order: makeTrackedOrder({ confirmation: "confirmed_by_customer", can_confirm: false }),
    });
    await render(<OrderPage token={token} />);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm my order" }));
    await waitFor(() => expect(text()).toContain("You confirmed this order."));
    expect(screen.queryByRole("button", { name: "Confirm my order" })).toBeNull();
    expect(fakeApi.calls(API.confirmTrackedOrder)).toHaveLength(1);
  });

  it("cancels only after a second yes", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
    fakeApi.on(API.cancelTrackedOrder, {
      message: "Order cancelled",
      order: makeTrackedOrder({
        order_status: "cancelled",
        cancellation_reason: "customer_cancelled",
        can_confirm: false,
        can_cancel: false,
      }),
    });
    await render(<OrderPage token={token} />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    fireEvent.click(screen.getByRole("button", { name: "No, keep it" }));
    expect(fakeApi.calls(API.cancelTrackedOrder)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    await waitFor(() => expect(text()).toContain("You cancelled this order."));
    expect(text()).toContain("Cancelled");
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("says the shop's reason when a cancel comes too late, and shows the order as it is now", async () => {
    fakeApi.on(API.trackedOrder, { order: makeTrackedOrder() });
    fakeApi.on(
      API.cancelTrackedOrder,
      fail("conflict", "This order is out for delivery: it can no longer be cancelled here. Please call the shop"),
    );
    await render(<OrderPage token={token} />);
    fakeApi.on(API.trackedOrder, {
      order: makeTrackedOrder({ order_status: "out_for_delivery", can_confirm: false, can_cancel: false }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("can no longer be cancelled"));
    await waitFor(() => expect(text()).toContain("On its way to you"));
  });

  it("says an unknown link is not valid, with nothing to retry", async () => {
    fakeApi.on(API.trackedOrder, fail("not_found", "This order link is not valid"));
    await render(<OrderPage token={token} />);
    await waitFor(() => expect(text()).toContain("This order link is not valid"));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});
