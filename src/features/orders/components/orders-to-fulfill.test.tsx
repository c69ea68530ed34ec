import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { money } from "@contract/money.ts";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { answerMyOrders, makeOrder } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { OrdersToFulfill } from "./orders-to-fulfill.tsx";

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

// As GET /orders/user/all answers a business: no phone, no influencer email.
const order = (n: number, order_status: OrderStatus = "new_order") =>
  makeOrder({
    id: `0000000${n}-0000-4000-8000-${String(n).padStart(12, "0")}`.slice(-36),
    product_name: `Product ${n}`,
    delivery_commune: "Voat Phnum",
    delivery_district: "Doun Penh",
    delivery_place: {
      province: { code: "12", name: "Phnom Penh", name_en: "Phnom Penh", name_km: "ភ្នំពេញ" },
      district: { code: "1202", name: "Doun Penh", name_en: "Doun Penh", name_km: "ដូនពេញ" },
      commune: { code: "120211", name: "Voat Phnum", name_en: "Voat Phnum", name_km: "វត្ដភ្នំ" },
    },
    recipient_name: "Sokha",
    address_line: "House 12, Street 13",
    landmark: "Near the museum",
    quantity: n,
    unit_price_cents: 1000,
    delivery_fee_cents: 100,
    business_email: "business@example.com",
    influencer_email: null,
    order_status,
  });

/** The business's orders, newest first. */
let orders: Order[];
/** The queries GET /orders/user/all received. */
const listQueries = () => fakeApi.calls(API.myOrders).map((request) => request.query);
let container: HTMLElement;

beforeEach(() => {
  orders = [];
  answerMyOrders(() => orders);
});

const rows = () => [...container.querySelectorAll<HTMLElement>("li.order-row")];
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);

describe("Orders to Fulfill", () => {
  it("shows the empty message", async () => {
    ({ container } = await render(<OrdersToFulfill businessId="biz-1" />));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        "No orders yet. Orders will appear here when customers purchase through affiliate links.",
      ),
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Orders to Fulfill");
    expect(realtime).toMatchObject({ table: "orders", event: "*", topic: "shop:biz-1" });
  });

  it("shows the latest 10 orders, fetched as one page of 10, and the total count from the summary", async () => {
    orders = Array.from({ length: 120 }, (_, i) => order(i + 1));
    ({ container } = await render(<OrdersToFulfill businessId="biz-1" />));
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(document.body.textContent).toContain("120 total"));
    expect(document.body.textContent).toContain("The latest 10 of 120 orders.");
    expect(listQueries().map((query) => Object.fromEntries(query))).toEqual([{ limit: "10" }]);
    const first = rows()[0];
    for (const text of [
      "Product 1",
      "Qty 1",
      "Voat Phnum, Doun Penh, Phnom Penh",
      "Sokha · House 12, Street 13 (Near the museum)",
      "$11.00",
      "New Order",
      "Nov 22, 2026",
    ])
      expect(first.textContent).toContain(text);
  });

  it("updates live and says so once when an order it showed becomes delivered", async () => {
    orders = [order(1, "out_for_delivery")];
    ({ container } = await render(<OrdersToFulfill businessId="biz-1" />));
    await waitFor(() => expect(rows()).toHaveLength(1));
    orders = [order(2, "delivered"), order(1, "delivered")];
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1].textContent).toContain("Delivered");
    // Three rows of one product look alike: each carries its number.
    expect(rows()[1].textContent).toContain("SL-000400");
    expect(toasts()).toEqual(["Order SL-000400 completed! Payouts have been created."]);
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(toasts()).toHaveLength(1);
  });

  it("keeps a cancelled order in the list with its reason, live, and shows the refusal rate", async () => {
    orders = [order(2, "out_for_delivery"), order(1, "delivered")];
    ({ container } = await render(<OrdersToFulfill businessId="biz-1" />));
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Nothing refused yet: 0 of 1 finished (the summary's rate, over all the business's orders).
    await waitFor(() => expect(document.body.textContent).toContain("Refusal rate: 0.0%"));
    orders = [{ ...order(2, "cancelled"), cancellation_reason: "customer_unreachable" }, order(1, "delivered")];
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(rows()[0].textContent).toContain("Cancelled: Customer unreachable"));
    expect(rows()[0].textContent).toContain("Voat Phnum, Doun Penh");
    await waitFor(() => expect(document.body.textContent).toContain("Refusal rate: 50.0%"));
    expect(toasts()).toEqual([]);
  });
});

describe("Orders to Fulfill: cash", () => {
  it("says where a delivered order's cash stands, beside the courier that carried it", async () => {
    const courier = { id: "c0000000-0000-4000-8000-000000000001", name: "Dara", phone: "+85512345678" };
    const cash = { ...money("due", 1100), ...money("remitted", 600), ...money("short", 0) };
    orders = [
      { ...order(3, "delivered"), courier, cash: { ...cash, status: "short", ...money("short", 500) } },
      { ...order(2, "delivered"), courier, cash: { ...cash, status: "with_courier", ...money("remitted", 0) } },
      { ...order(1, "out_for_delivery"), courier },
    ];
    ({ container } = await render(<OrdersToFulfill businessId="biz-1" />));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0].textContent).toContain("Courier: Dara · 012 345 678");
    expect(rows()[0].textContent).toContain("Short $5.00");
    expect(rows()[1].textContent).toContain("Cash with the courier");
    expect(rows()[2].textContent).toContain("Courier: Dara");
    expect(rows()[2].textContent).not.toContain("Cash");
  });
});

describe("Orders to Fulfill: packed and ready", () => {
  it("offers a new order's shop its own step and shows the order ready once the server says so", async () => {
    orders = [order(1), order(2, "ready_for_pickup")];
    fakeApi.on(API.markOrderReady, ({ params }) => {
      orders = orders.map((o) => (o.id === params.id ? { ...o, order_status: "ready_for_pickup" } : o));
      return { message: "Order marked ready for pickup", order: orders.find((o) => o.id === params.id)! };
    });
    ({ container } = await render(<OrdersToFulfill businessId="b" />));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const readyButtons = () => screen.queryAllByRole("button", { name: "Packed: ready for pickup" });
    // Only the new order has it.
    expect(readyButtons()).toHaveLength(1);
    fireEvent.click(readyButtons()[0]);
    await waitFor(() => expect(toasts()).toContain(`${orders[0].order_number} is ready for pickup.`));
    expect(fakeApi.calls(API.markOrderReady).map((call) => call.params.id)).toEqual([orders[0].id]);
    await waitFor(() => expect(readyButtons()).toHaveLength(0));
  });
});

describe("Orders to Fulfill: packing slips", () => {
  it("links each order's slip, and prints the ticked ones together, or else every one to pack", async () => {
    orders = [order(1), order(2, "ready_for_pickup"), order(3, "delivered")];
    ({ container } = await render(<OrdersToFulfill businessId="b" />));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const slipLinks = screen.getAllByRole("link", { name: "Packing slip" });
    // The delivered order has no slip to print.
    expect(slipLinks).toHaveLength(2);
    expect(new URL(slipLinks[0].getAttribute("href")!, "http://x").searchParams.get("orders")).toBe(orders[0].id);
    const together = () => screen.getByRole("link", { name: /^Print slips of the/ });
    expect(together().textContent).toBe("Print slips of the orders to pack (2)");
    expect(new URL(together().getAttribute("href")!, "http://x").searchParams.get("orders")).toBe(
      `${orders[0].id},${orders[1].id}`,
    );
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Print with others" })[1]);
    expect(together().textContent).toBe("Print slips of the ticked orders (1)");
    expect(new URL(together().getAttribute("href")!, "http://x").searchParams.get("orders")).toBe(orders[1].id);
  });
});
