import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { makeOrder, makeOrderStats } from "@/testing/fixtures/orders.ts";
import { buttonByText, click, render, settle, until, type Rendered } from "@/testing/render.tsx";
import { OrderManagement } from "./order-management.tsx";
import { json } from "@/testing/http.ts";

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
/** The queries GET /admin/orders received. */
let listQueries: URLSearchParams[];
let putAnswer: { status: number; body: unknown } | null;
let putGate: Promise<void> | null;
let puts: { url: string; body: unknown }[];
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

/** As the function pages and filters: the status, a search of numbers or phone digits, `limit` rows after `cursor`. */
function pageOf(query: URLSearchParams) {
  const q = query.get("q");
  const status = query.get("status");
  const matching = orders.filter(
    (o) =>
      (!status || o.order_status === status) &&
      (!q || o.order_number.includes(q) || (o.customer_phone ?? "").replace(/\D/g, "").includes(q)),
  );
  const start = Number(query.get("cursor") ?? 0);
  const limit = Number(query.get("limit") ?? 50);
  const end = start + limit;
  return { orders: matching.slice(start, end), next_cursor: end < matching.length ? String(end) : null };
}

beforeEach(() => {
  orders = [
    order("a", "Silk Scarf", "new_order"),
    order("b", "Coffee Beans", "out_for_delivery"),
    order("c", "Palm Sugar", "delivered"),
  ];
  listFails = false;
  listQueries = [];
  putAnswer = null;
  putGate = null;
  puts = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname, searchParams } = new URL(url, "http://api.test");
    if (pathname.endsWith("/admin/orders/export"))
      return new Response("\uFEFForder_number\r\nSL-000001\r\n", { headers: { "Content-Type": "text/csv" } });
    if (pathname.endsWith("/orders/stats/summary")) return json(200, { stats: makeOrderStats(orders) });
    if (pathname.endsWith("/admin/orders")) {
      listQueries.push(searchParams);
      return listFails ? json(500, { error: "internal", message: "boom" }) : json(200, pageOf(searchParams));
    }
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
function setValue(element: HTMLSelectElement | HTMLTextAreaElement | HTMLInputElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);

describe("Order Management", () => {
  it("exports the board as a CSV downloaded with the admin's token", async () => {
    localStorage.setItem("token", "admin-token");
    const created: Blob[] = [];
    // A subclass of the real URL whose blob links are recorded (the test DOM makes none).
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

    // A status filter is the server's: the board asks for that status only.
    await click(buttonByText(view.container, /^Delivered/));
    await until(() => expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Palm Sugar"]));
    expect(listQueries.at(-1)?.get("status")).toBe("delivered");
    await click(buttonByText(view.container, /^Ready for Pickup/));
    await until(() => expect(view.container.textContent).toContain("No orders with the status Ready for Pickup."));
    expect(cards()).toHaveLength(0);
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
    // The counts are the summary's, which still answers.
    expect(filters()[0]).toBe("All (3)");
  });

  it("says so when there are no orders", async () => {
    orders = [];
    view = await render(<OrderManagement />);
    await settle();
    await until(() => expect(view.container.textContent).toContain("No orders yet."));
  });

  it("shows the first page, the next one on Load more, and counts every order from the summary", async () => {
    orders = Array.from({ length: 120 }, (_, n) =>
      order(n.toString(16).padStart(2, "0"), `Product ${n}`, n % 2 ? "delivered" : "new_order"),
    );
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(50));
    // Exact over all 120 orders, though only 50 are loaded.
    expect(filters().slice(0, 2)).toEqual(["All (120)", "New Orders (60)"]);
    expect(filters()[4]).toBe("Delivered (60)");
    expect(view.container.textContent).toContain("Showing 50 of 120");
    expect(listQueries.map((query) => query.get("cursor"))).toEqual([null]);
    await click(buttonByText(view.container, "Load more"));
    await until(() => expect(cards()).toHaveLength(100));
    expect(cards()[50].textContent).toContain("Product 50");
    expect(listQueries.at(-1)?.get("cursor")).toBe("50");
    await click(buttonByText(view.container, "Load more"));
    await until(() => expect(cards()).toHaveLength(120));
    expect(view.container.querySelector(".load-more")).toBeNull();
    // A filter starts again at its first page.
    await click(buttonByText(view.container, /^Delivered/));
    await until(() => expect(view.container.textContent).toContain("Showing 50 of 60"));
    expect(cards()).toHaveLength(50);
  });

  it("a realtime change refetches every loaded page, so the board stays whole", async () => {
    orders = Array.from({ length: 60 }, (_, n) => order(n.toString(16).padStart(2, "0"), `Product ${n}`, "new_order"));
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(50));
    await click(buttonByText(view.container, "Load more"));
    await until(() => expect(cards()).toHaveLength(60));
    orders = [order("ff", "Fresh Mango", "new_order"), ...orders];
    await act(async () => realtime.onChange?.());
    await until(() => expect(cards()[0].textContent).toContain("Fresh Mango"));
    expect(cards()).toHaveLength(61);
    expect(filters()[0]).toBe("All (61)");
  });

  it("searches by phone digits and dates on the server, and exports what it shows", async () => {
    orders = [
      order("a", "Silk Scarf", "new_order"),
      { ...order("b", "Coffee Beans", "delivered"), customer_phone: "+85599887766" },
    ];
    localStorage.setItem("token", "admin-token");
    vi.stubGlobal(
      "URL",
      class extends URL {
        static createObjectURL() {
          return "blob:csv";
        }
        static revokeObjectURL() {}
      },
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(2));
    const search = view.container.querySelector<HTMLElement>("[role=search]")!;
    const field = (label: string) =>
      [...search.querySelectorAll("label")].find((l) => l.textContent === label)?.control as HTMLInputElement;
    await act(async () => {
      setValue(field("Order number or phone digits"), " 7766 ");
      setValue(field("From"), "2026-11-01");
      setValue(field("To"), "2026-11-30");
    });
    await click(buttonByText(search, "Search"));
    await until(() => expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Coffee Beans"]));
    expect(Object.fromEntries(listQueries.at(-1)!)).toEqual({
      limit: "50",
      q: "7766",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    // The counts stay those of every order.
    expect(filters()[0]).toBe("All (2)");
    await click(buttonByText(view.container, "Export CSV"));
    await until(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = fetchMock.mock.calls
      .map(([called]) => String(called))
      .find((called) => called.includes("/export"));
    expect(exported).toMatch(/\/admin\/orders\/export\?q=7766&from=2026-11-01&to=2026-11-30$/);

    await click(buttonByText(search, "Clear"));
    await until(() => expect(cards()).toHaveLength(2));
    expect(field("Order number or phone digits").value).toBe("");
    clicked.mockRestore();
  });

  it("says nothing matched a search, and shows the server's reason for a search it refuses", async () => {
    view = await render(<OrderManagement />);
    await until(() => expect(cards()).toHaveLength(3));
    const search = view.container.querySelector<HTMLElement>("[role=search]")!;
    const input = search.querySelector<HTMLInputElement>("input[type=search]")!;
    await act(async () => setValue(input, "9999"));
    await click(buttonByText(search, "Search"));
    await until(() => expect(view.container.textContent).toContain("No orders match this search."));
    fetchMock.mockImplementationOnce(async () =>
      json(400, {
        error: "validation_error",
        message: "Search by an order number such as SL-004213 or at least 4 digits of a phone number",
        field: "q",
      }),
    );
    await act(async () => setValue(input, "ab"));
    await click(buttonByText(search, "Search"));
    await until(() =>
      expect(view.container.querySelector("[role=alert]")?.textContent).toContain(
        "Search by an order number such as SL-004213 or at least 4 digits of a phone number",
      ),
    );
    expect(buttonByText(view.container, "Search")).toBeDefined();
    expect(view.container.textContent).not.toContain("Try again");
  });
});
