import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { makeOrder } from "@/testing/fixtures/orders.ts";
import { buttonByText, click, render, settle, until, type Rendered } from "@/testing/render.tsx";
import { OrderManagement } from "./order-management.tsx";

const realtime = vi.hoisted(() => ({
  onChange: null as null | (() => void),
  table: "",
  event: "",
  filter: undefined as string | undefined,
}));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void; table: string; event: string; filter?: string }) => {
    Object.assign(realtime, options);
    return "live";
  },
}));

// As GET /admin/orders answers an admin: with the customer's phone.
const order = (id: string, product: string, status: OrderStatus) =>
  makeOrder({
    id: `${id.padEnd(8, "0")}-0000-4000-8000-000000000000`,
    order_number: `SL-00000${id.charCodeAt(0) - 96}`,
    product_name: product,
    customer_phone: "+85512345678",
    quantity: 2,
    business_email: "business@example.com",
    influencer_email: "influencer@example.com",
    order_status: status,
    updated_at: "2026-11-22T04:30:00.000Z",
  });

let orders: Order[];
let listFails: boolean;
let putAnswer: { status: number; body: unknown } | null;
let putGate: Promise<void> | null;
let puts: { url: string; body: unknown }[];
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  orders = [
    order("a", "Silk Scarf", "new_order"),
    order("b", "Coffee Beans", "out_for_delivery"),
    order("c", "Palm Sugar", "delivered"),
  ];
  listFails = false;
  putAnswer = null;
  putGate = null;
  puts = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/admin/orders/export"))
      return new Response("\uFEFForder_number\r\nSL-000001\r\n", { headers: { "Content-Type": "text/csv" } });
    if (url.endsWith("/admin/orders"))
      return listFails ? json(500, { error: "internal", message: "boom" }) : json(200, { orders, next_cursor: null });
    const match = /\/admin\/orders\/([\w-]+)\/status$/.exec(url);
    if (match && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { new_status: OrderStatus; reason?: Order["cancellation_reason"] };
      puts.push({ url, body });
      if (putGate) await putGate;
      if (putAnswer) return json(putAnswer.status, putAnswer.body);
      orders = orders.map((o) =>
        o.id === match[1] ? { ...o, order_status: body.new_status, cancellation_reason: body.reason ?? null } : o,
      );
      // As the function answers: the order as it is now, without the customer's phone.
      return json(200, {
        message: `Order status updated to ${body.new_status} successfully!`,
        order: { ...orders.find((o) => o.id === match[1]), customer_phone: null },
      });
    }
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const cards = () => [...view.container.querySelectorAll<HTMLElement>("li.order-card")];
const filters = () => [...view.container.querySelectorAll(".filter-group__option")].map((button) => button.textContent);
const card = (product: string) => cards().find((c) => c.textContent?.includes(product)) as HTMLElement;
/** Sets a form control's value as typing or choosing does, so React sees the change. */
function setValue(element: HTMLSelectElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);

describe("Order Management", () => {
  it("exports the board as a CSV downloaded with the admin's token", async () => {
    localStorage.setItem("token", "admin-token");
    const created: Blob[] = [];
    // A subclass of the real URL whose blob links are recorded (jsdom has none).
    class RecordingUrl extends URL {
      static createObjectURL(blob: Blob) {
        created.push(blob);
        return "blob:csv";
      }
      static revokeObjectURL() {}
    }
    vi.stubGlobal("URL", RecordingUrl);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    await click(buttonByText(view.container, "Export CSV"));
    await until(() => expect(clicked).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).endsWith("/export")) ?? [];
    expect(String(url)).toMatch(/\/admin\/orders\/export$/);
    expect(init?.headers).toMatchObject({ Authorization: expect.stringMatching(/^Bearer /) });
    expect(await created[0].text()).toContain("SL-000001");
    clicked.mockRestore();
  });

  it("lists every order with its details, filters with counts, and listens to all order changes", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    expect(filters()).toEqual([
      "All (3)",
      "New Orders (1)",
      "Ready for Pickup (0)",
      "Out for Delivery (1)",
      "Delivered (1)",
      "Cancelled (0)",
    ]);
    const scarf = card("Silk Scarf");
    for (const text of [
      "012 345 678",
      "Tuek L'ak Muoy, Tuol Kouk",
      "$41.50",
      "$20.00 × 2 + $1.50 delivery",
      "business@example.com",
      "influencer@example.com",
      "New Order",
      "Nov 22, 2026",
    ]) {
      expect(scarf.textContent).toContain(text);
    }
    expect(scarf.getAttribute("aria-label")).toMatch(/^Silk Scarf, order SL-000001$/);
    expect(realtime).toMatchObject({ table: "orders", event: "*", filter: undefined });

    await click(buttonByText(view.container, /^Delivered/));
    expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Palm Sugar"]);
    await click(buttonByText(view.container, /^Ready for Pickup/));
    expect(cards()).toHaveLength(0);
    expect(view.container.textContent).toContain("No orders with the status Ready for Pickup.");
  });

  it("offers the forward step and each revert; delivered shows 'Order Completed' with its reverts", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    const buttons = (c: HTMLElement) => [...c.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons(card("Silk Scarf"))).toEqual(["Move to Ready for Pickup", "Cancel order"]);
    expect(buttons(card("Coffee Beans"))).toEqual([
      "Move to Delivered",
      "Back to Ready for Pickup",
      "Back to New Order",
      "Cancel order",
    ]);
    expect(buttons(card("Palm Sugar"))).toEqual([
      "Back to Out for Delivery",
      "Back to Ready for Pickup",
      "Back to New Order",
    ]);
    expect(card("Palm Sugar").textContent).toContain("Order Completed");
    expect(card("Silk Scarf").textContent).not.toContain("Order Completed");
  });

  it("moves an order forward with the admin note, says so, and shows the new state", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    await click(buttonByText(card("Silk Scarf"), "Move to Ready for Pickup"));
    await until(() => expect(card("Silk Scarf").textContent).toContain("Ready for Pickup"));
    expect(puts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/orders\/a0000000-0000-4000-8000-000000000000\/status$/),
        body: { new_status: "ready_for_pickup", notes: "Status changed by admin" },
      },
    ]);
    expect(toasts()).toContain("Order SL-000001 status updated to Ready for Pickup successfully!");
    expect(buttonByText(card("Silk Scarf"), "Move to Out for Delivery")).toBeDefined();
  });

  it("disables the card's buttons while a change runs", async () => {
    let release: () => void = () => {};
    putGate = new Promise<void>((resolve) => (release = resolve));
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    await click(buttonByText(card("Coffee Beans"), "Move to Delivered"));
    expect([...card("Coffee Beans").querySelectorAll("button")].every((b) => b.disabled)).toBe(true);
    expect(card("Coffee Beans").getAttribute("aria-busy")).toBe("true");
    expect([...card("Silk Scarf").querySelectorAll("button")].every((b) => !b.disabled)).toBe(true);
    await act(async () => release());
    await until(() => expect(card("Coffee Beans").textContent).toContain("Order Completed"));
  });

  it("a refused change says 'Failed to update order status. Please try again.' with the reason, and refetches", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    const before = fetchMock.mock.calls.length;
    // Another admin moved it meanwhile.
    orders = orders.map((o) => (o.product_name === "Silk Scarf" ? { ...o, order_status: "ready_for_pickup" } : o));
    putAnswer = {
      status: 409,
      body: { error: "conflict", message: "Cannot change an order from ready_for_pickup to ready_for_pickup" },
    };
    await click(buttonByText(card("Silk Scarf"), "Move to Ready for Pickup"));
    await until(() =>
      expect(view.container.querySelector("[role=alert]")?.textContent).toContain(
        "Failed to update order status. Please try again.",
      ),
    );
    expect(view.container.querySelector("[role=alert]")?.textContent).toContain(
      "Cannot change an order from ready_for_pickup to ready_for_pickup",
    );
    await until(() => expect(card("Silk Scarf").textContent).toContain("Move to Out for Delivery"));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(before + 1);
  });

  it("cancels an order out for delivery with a reason and notes, then shows it cancelled with its reason and Reopen", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    await click(buttonByText(card("Coffee Beans"), "Cancel order"));
    const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");
    expect(dialog()?.textContent).toContain("Cancel Coffee Beans (order SL-000002)?");
    // No reason chosen: the dialog asks for one and sends nothing.
    await click(buttonByText(dialog()!, "Cancel order"));
    expect(dialog()?.textContent).toContain("Choose why the order is cancelled.");
    expect(puts).toEqual([]);
    const select = dialog()!.querySelector("select")!;
    const notes = dialog()!.querySelector("textarea")!;
    await act(async () => {
      setValue(select, "customer_refused");
      setValue(notes, "  Said she never ordered it  ");
    });
    await click(buttonByText(dialog()!, "Cancel order"));
    await until(() => expect(dialog()).toBeNull());
    expect(puts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/orders\/b0000000-0000-4000-8000-000000000000\/status$/),
        body: { new_status: "cancelled", notes: "Said she never ordered it", reason: "customer_refused" },
      },
    ]);
    expect(toasts()).toContain("Order SL-000002 status updated to Cancelled successfully!");
    const coffee = card("Coffee Beans");
    expect(coffee.textContent).toContain("Cancelled because");
    expect(coffee.textContent).toContain("Customer refused");
    expect([...coffee.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Reopen as New Order"]);
    expect(filters()[5]).toBe("Cancelled (1)");
    // 1 refused of 2 finished (Palm Sugar delivered, Coffee Beans refused).
    expect(view.container.textContent).toContain("Refusal rate: 50.0%");
  });

  it("reopens a cancelled order as a new order, without a reason", async () => {
    orders = [{ ...order("e", "Fish Sauce", "cancelled"), cancellation_reason: "duplicate" }];
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(1));
    expect(card("Fish Sauce").textContent).toContain("Duplicate order");
    await click(buttonByText(card("Fish Sauce"), "Reopen as New Order"));
    await until(() => expect(card("Fish Sauce").textContent).toContain("Move to Ready for Pickup"));
    expect(puts.map((put) => put.body)).toEqual([{ new_status: "new_order", notes: "Status changed by admin" }]);
    expect(card("Fish Sauce").textContent).not.toContain("Duplicate order");
  });

  it("keeps Escape and Keep order from cancelling anything", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    await click(buttonByText(card("Silk Scarf"), "Cancel order"));
    await click(buttonByText(document.querySelector<HTMLElement>("[role=dialog]")!, "Keep order"));
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(puts).toEqual([]);
  });

  it("refetches on a realtime change: a new order appears", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    orders = [order("d", "Fresh Mango", "new_order"), ...orders];
    await act(async () => realtime.onChange?.());
    await until(() => expect(cards()).toHaveLength(4));
    expect(cards()[0].textContent).toContain("Fresh Mango");
    expect(filters()[1]).toBe("New Orders (2)");
  });

  it("shows an empty list and the error when the orders cannot be loaded", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    listFails = true;
    await act(async () => realtime.onChange?.());
    await until(() => expect(view.container.textContent).toContain("boom"));
    expect(cards()).toHaveLength(0);
    expect(filters()[0]).toBe("All (0)");
  });

  it("says so when there are no orders", async () => {
    orders = [];
    view = await render(<OrderManagement />);
    await settle();
    await until(() => expect(view.container.textContent).toContain("No orders yet."));
  });

  it("renders a long board 50 cards at a time, counting every order in the filters", async () => {
    orders = Array.from({ length: 120 }, (_, n) =>
      order(n.toString(16).padStart(2, "0"), `Product ${n}`, n % 2 ? "delivered" : "new_order"),
    );
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(50));
    expect(filters()[0]).toBe("All (120)");
    expect(view.container.textContent).toContain("Showing 50 of 120");
    await click(buttonByText(view.container, /^Show 50 more$/));
    expect(cards()).toHaveLength(100);
    await click(buttonByText(view.container, /^Show 20 more$/));
    expect(cards()).toHaveLength(120);
    expect(view.container.querySelector(".show-more")).toBeNull();
    // A filter starts again at the first page.
    await click(buttonByText(view.container, /^Delivered/));
    expect(cards()).toHaveLength(50);
    expect(view.container.textContent).toContain("Showing 50 of 60");
  });
});
