import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { answerMyOrders, makeOrder } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { InfluencerOrders } from "./influencer-orders.tsx";

const realtime = vi.hoisted(() => ({
  onChange: null as null | (() => void),
  table: "",
  event: "",
  topic: null as string | null,
}));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void; table: string; event: string; topic: string | null }) => {
    Object.assign(realtime, options);
    return "live";
  },
}));

// As GET /orders/user/all answers an influencer: no phone, no business email.
const order = (n: number, order_status: OrderStatus = "new_order", fields: Partial<Order> = {}) =>
  makeOrder({
    id: `0000000${n}-0000-4000-8000-${String(n).padStart(12, "0")}`.slice(-36),
    product_name: `Product ${n}`,
    delivery_commune: "Voat Phnum",
    delivery_district: "Doun Penh",
    business_email: null,
    influencer_email: "creator@example.com",
    order_status,
    ...fields,
  });

/** The influencer's orders, newest first. */
let orders: Order[];
let container: HTMLElement;

beforeEach(() => {
  orders = [];
  answerMyOrders(() => orders);
});

const rows = () => [...container.querySelectorAll<HTMLElement>("li.order-row")];

describe("Influencer orders", () => {
  it("says there are none yet, and listens to the orders through the influencer's links", async () => {
    ({ container } = await render(<InfluencerOrders influencerId="inf-1" />));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        "No orders yet. Orders placed through your links appear here as they arrive.",
      ),
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Orders through your links");
    expect(realtime).toMatchObject({ table: "orders", event: "*", topic: "influencer:inf-1" });
  });

  it("lists each order with its status, and a cancelled one with why, live; never a place or phone", async () => {
    orders = [order(2, "out_for_delivery"), order(1, "delivered")];
    ({ container } = await render(<InfluencerOrders influencerId="inf-1" />));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0].textContent).toContain("Out for Delivery");
    await waitFor(() => expect(document.body.textContent).toContain("2 total"));
    orders = [order(2, "cancelled", { cancellation_reason: "customer_refused" }), order(1, "delivered")];
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(rows()[0].textContent).toContain("Cancelled: Customer refused"));
    await waitFor(() => expect(document.body.textContent).toContain("Refusal rate: 50.0%"));
    expect(document.body.textContent).not.toContain("Voat Phnum");
    expect(container.querySelector("a[href^='tel:']")).toBeNull();
  });

  it("shows the latest 10 and the total of all of them from the summary", async () => {
    orders = Array.from({ length: 25 }, (_, i) => order(i + 1, "new_order"));
    ({ container } = await render(<InfluencerOrders influencerId="inf-1" />));
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(document.body.textContent).toContain("The latest 10 of 25 orders."));
    expect(document.body.textContent).toContain("25 total");
  });

  it("says an order is held for review, never why", async () => {
    orders = [order(2, "delivered", { review_status: "held" }), order(1, "delivered", { review_status: "cleared" })];
    ({ container } = await render(<InfluencerOrders influencerId="inf-1" />));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0].textContent).toContain("Held for review: the commission waits for our team's check.");
    expect(rows()[1].textContent).not.toContain("Held for review");
    expect(document.body.textContent).not.toMatch(/own phone|many times|refused delivery/);
  });

  it("says so when the orders cannot be loaded", async () => {
    fakeApi.on(API.myOrders, fail("internal", "Something went wrong"));
    ({ container } = await render(<InfluencerOrders influencerId="inf-1" />));
    await waitFor(() => expect(document.body.textContent).toContain("Something went wrong"));
    expect(rows()).toHaveLength(0);
  });
});
