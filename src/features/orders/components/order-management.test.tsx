import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { deferred, fail, fakeApi } from "@/testing/fake-api.ts";
import { filterOrders, newestFirst, pageOf } from "@/testing/fake-lists.ts";
import { makeOrder, makeOrderStats } from "@/testing/fixtures/orders.ts";
import { makeCourier } from "@/testing/fixtures/couriers.ts";
import { render } from "@/testing/render.tsx";
import { OrderManagement } from "./order-management.tsx";

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

/** Every order, newest first. */
let orders: Order[];
const rider = makeCourier({ id: "c0000000-0000-4000-8000-000000000001", name: "Dara Rider" });
const dated = () => newestFirst(orders);
/** The queries GET /admin/orders received. */
const listQueries = () => fakeApi.calls(API.adminOrders).map((request) => request.query);
/** The status changes the board sent: which order, and the body. */
const puts = () => fakeApi.calls(API.setOrderStatus).map((request) => ({ id: request.params.id, body: request.body }));
let container: HTMLElement;

/** The board as the function pages and filters it: status, order number or phone digits, days. */
function board(query: URLSearchParams) {
  const matching = filterOrders(dated(), query, true);
  if (matching instanceof Response) return matching;
  const page = pageOf(matching, query);
  return page instanceof Response ? page : { orders: page.items, next_cursor: page.next_cursor };
}

beforeEach(() => {
  orders = [
    order("a", "Silk Scarf", "new_order"),
    order("b", "Coffee Beans", "out_for_delivery"),
    order("c", "Palm Sugar", "delivered"),
  ];
  fakeApi.on(
    API.exportAdminOrders,
    new Response("\uFEFForder_number\r\nSL-000001\r\n", { headers: { "Content-Type": "text/csv" } }),
  );
  fakeApi.on(API.orderStats, () => ({ stats: makeOrderStats(orders) }));
  fakeApi.on(API.adminOrders, ({ query }) => board(query));
  fakeApi.on(API.couriers, { couriers: [rider] });
  fakeApi.on(API.assignCourier, ({ params, body }) => {
    orders = orders.map((o) =>
      o.id === params.id
        ? { ...o, courier: body.courier_id ? { id: rider.id, name: rider.name, phone: rider.phone } : null }
        : o,
    );
    return {
      message: "Courier assigned",
      order: { ...dated().find((o) => o.id === params.id)!, customer_phone: null },
    };
  });
  fakeApi.on(API.recordConfirmationCall, ({ params, body }) => {
    if (body.outcome === "confirmed") {
      orders = orders.map((o) => (o.id === params.id ? { ...o, confirmation: "confirmed_by_phone" } : o));
    }
    return { message: "Call recorded", order: { ...dated().find((o) => o.id === params.id)!, customer_phone: null } };
  });
  fakeApi.on(API.setOrderStatus, ({ params, body }) => {
    orders = orders.map((o) =>
      o.id === params.id ? { ...o, order_status: body.new_status, cancellation_reason: body.reason ?? null } : o,
    );
    // As the function answers: the order as it is now, without the customer's phone.
    return {
      message: `Order status updated to ${body.new_status} successfully!`,
      order: { ...dated().find((o) => o.id === params.id)!, customer_phone: null },
    };
  });
});

afterEach(() => {
  // The export tests stub URL.
  vi.unstubAllGlobals();
});

const cards = () => [...container.querySelectorAll<HTMLElement>("li.order-card")];
const statusFilters = () => within(screen.getByRole("group", { name: "Filter orders by status" }));
const filters = () =>
  statusFilters()
    .getAllByRole("button")
    .map((option) => option.textContent);
const card = (product: string) => cards().find((c) => c.textContent?.includes(product)) as HTMLElement;
const button = (element: HTMLElement, name: string | RegExp) =>
  within(element).getByRole<HTMLButtonElement>("button", { name });
const dialog = () => screen.queryByRole("dialog");
const alertText = () => screen.queryByRole("alert")?.textContent;
// Pages of 50 cards take seconds to render in happy-dom on a busy machine: the paging tests wait
// longer for them (the events, not the clock, still end each wait), and find Load more by its text,
// as getByRole computes the name of every button of 100 cards.
const slow = { timeout: 15_000 };
const PAGES_TIMEOUT_MS = 60_000;
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
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const [exported] = fakeApi.calls(API.exportAdminOrders);
    expect(exported.url.href).toMatch(/\/admin\/orders\/export$/);
    expect(exported.headers.get("Authorization")).toMatch(/^Bearer /);
    expect(await created[0].text()).toContain("SL-000001");
    clicked.mockRestore();
  });

  it("lists every order with its details, filters with counts, and listens to all order changes", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(filters()).toEqual([
      "All (3)",
      "To confirm (1)",
      "New Orders (1)",
      "Ready for Pickup (0)",
      "Out for Delivery (1)",
      "Delivered (1)",
      "Cancelled (0)",
    ]);
    const scarf = card("Silk Scarf");
    for (const text of [
      "012 345 678",
      "Tuek L'ak Ti Muoy, Tuol Kouk, Phnom Penh",
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
    expect(realtime).toMatchObject({ table: "orders", event: "*", topic: "admin" });

    // A status filter is the server's: the board asks for that status only.
    fireEvent.click(statusFilters().getByRole("button", { name: /^Delivered/ }));
    await waitFor(() => expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Palm Sugar"]));
    expect(listQueries().at(-1)?.get("status")).toBe("delivered");
    fireEvent.click(statusFilters().getByRole("button", { name: /^Ready for Pickup/ }));
    await waitFor(() => expect(document.body.textContent).toContain("No orders with the status Ready for Pickup."));
    expect(cards()).toHaveLength(0);
  });

  it("gives an order to a courier from its card, says so, and filters the board by courier", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(within(card("Silk Scarf")).getByRole("combobox", { name: "Courier" }), {
      target: { value: rider.id },
    });
    await waitFor(() => expect(toasts()).toContain("SL-000001: given to Dara Rider."));
    expect(fakeApi.calls(API.assignCourier).map((call) => [call.params.id, call.body])).toEqual([
      [orders[0].id, { courier_id: rider.id }],
    ]);
    fireEvent.change(screen.getByRole("combobox", { name: "Carried by" }), { target: { value: rider.id } });
    await waitFor(() => expect(listQueries().at(-1)?.get("courier")).toBe(rider.id));
  });

  it("lists the orders to confirm on their own and records a call's outcome; a confirmed order leaves the list", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(statusFilters().getByRole("button", { name: /^To confirm/ }));
    await waitFor(() => expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Silk Scarf"]));
    expect(listQueries().at(-1)?.get("to_confirm")).toBe("true");
    expect(listQueries().at(-1)?.has("status")).toBe(false);
    fireEvent.click(button(card("Silk Scarf"), "Confirmed"));
    await waitFor(() => expect(toasts()).toContain("SL-000001: call recorded (Confirmed)."));
    expect(fakeApi.calls(API.recordConfirmationCall).map((call) => call.body)).toEqual([{ outcome: "confirmed" }]);
    await waitFor(() => expect(document.body.textContent).toContain("No orders are waiting to be confirmed."));
    expect(filters()[1]).toBe("To confirm (0)");
  });

  it("offers the forward step and each revert; delivered shows 'Order Completed' with its reverts", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const buttons = (c: HTMLElement) => [...c.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons(card("Silk Scarf"))).toEqual([
      "Confirmed",
      "No answer",
      "Wrong number",
      "Move to Ready for Pickup",
      "Cancel order",
    ]);
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
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(button(card("Silk Scarf"), "Move to Ready for Pickup"));
    await waitFor(() => expect(card("Silk Scarf").textContent).toContain("Ready for Pickup"));
    expect(puts()).toEqual([
      {
        id: "a0000000-0000-4000-8000-000000000000",
        body: { new_status: "ready_for_pickup", notes: "Status changed by admin" },
      },
    ]);
    await waitFor(() => expect(toasts()).toContain("Order SL-000001 status updated to Ready for Pickup successfully!"));
    expect(button(card("Silk Scarf"), "Move to Out for Delivery")).toBeTruthy();
  });

  it("disables the card's buttons while a change runs", async () => {
    const gate = deferred<void>();
    fakeApi.on(API.setOrderStatus, async ({ params, body }) => {
      await gate.promise;
      orders = orders.map((o) => (o.id === params.id ? { ...o, order_status: body.new_status } : o));
      return {
        message: `Order status updated to ${body.new_status} successfully!`,
        order: { ...dated().find((o) => o.id === params.id)!, customer_phone: null },
      };
    });
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(button(card("Coffee Beans"), "Move to Delivered"));
    await waitFor(() =>
      expect(
        within(card("Coffee Beans"))
          .getAllByRole<HTMLButtonElement>("button")
          .every((b) => b.disabled),
      ).toBe(true),
    );
    expect(card("Coffee Beans").getAttribute("aria-busy")).toBe("true");
    expect(
      within(card("Silk Scarf"))
        .getAllByRole<HTMLButtonElement>("button")
        .every((b) => !b.disabled),
    ).toBe(true);
    await act(async () => gate.resolve());
    await waitFor(() => expect(card("Coffee Beans").textContent).toContain("Order Completed"));
  });

  it("a refused change says 'Failed to update order status. Please try again.' with the reason, and refetches", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const before = listQueries().length;
    // Another admin moved it meanwhile.
    orders = orders.map((o) => (o.product_name === "Silk Scarf" ? { ...o, order_status: "ready_for_pickup" } : o));
    fakeApi.on(
      API.setOrderStatus,
      fail("conflict", "Cannot change an order from ready_for_pickup to ready_for_pickup"),
    );
    fireEvent.click(button(card("Silk Scarf"), "Move to Ready for Pickup"));
    await waitFor(() => expect(alertText()).toContain("Failed to update order status. Please try again."));
    expect(alertText()).toContain("Cannot change an order from ready_for_pickup to ready_for_pickup");
    await waitFor(() => expect(card("Silk Scarf").textContent).toContain("Move to Out for Delivery"));
    // The board was fetched again after the refusal.
    expect(listQueries().length).toBeGreaterThan(before);
  });

  it("cancels an order out for delivery with a reason and notes, then shows it cancelled with its reason and Reopen", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(button(card("Coffee Beans"), "Cancel order"));
    expect(dialog()?.textContent).toContain("Cancel Coffee Beans (order SL-000002)?");
    // No reason chosen: the dialog asks for one and sends nothing.
    fireEvent.click(button(dialog()!, "Cancel order"));
    expect(dialog()?.textContent).toContain("Choose why the order is cancelled.");
    expect(puts()).toEqual([]);
    fireEvent.change(within(dialog()!).getByLabelText(/Reason/), { target: { value: "customer_refused" } });
    fireEvent.change(within(dialog()!).getByLabelText(/Notes/), { target: { value: "  Said she never ordered it  " } });
    fireEvent.click(button(dialog()!, "Cancel order"));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(puts()).toEqual([
      {
        id: "b0000000-0000-4000-8000-000000000000",
        body: { new_status: "cancelled", notes: "Said she never ordered it", reason: "customer_refused" },
      },
    ]);
    await waitFor(() => expect(toasts()).toContain("Order SL-000002 status updated to Cancelled successfully!"));
    const coffee = card("Coffee Beans");
    expect(coffee.textContent).toContain("Cancelled because");
    expect(coffee.textContent).toContain("Customer refused");
    expect(
      within(coffee)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Reopen as New Order"]);
    await waitFor(() => expect(filters()[6]).toBe("Cancelled (1)"));
    // 1 refused of 2 finished (Palm Sugar delivered, Coffee Beans refused).
    await waitFor(() => expect(document.body.textContent).toContain("Refusal rate: 50.0%"));
  });

  it("reopens a cancelled order as a new order, without a reason", async () => {
    orders = [{ ...order("e", "Fish Sauce", "cancelled"), cancellation_reason: "duplicate" }];
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card("Fish Sauce").textContent).toContain("Duplicate order");
    fireEvent.click(button(card("Fish Sauce"), "Reopen as New Order"));
    await waitFor(() => expect(card("Fish Sauce").textContent).toContain("Move to Ready for Pickup"));
    expect(puts().map((put) => put.body)).toEqual([{ new_status: "new_order", notes: "Status changed by admin" }]);
    expect(card("Fish Sauce").textContent).not.toContain("Duplicate order");
  });

  it("keeps Escape and Keep order from cancelling anything", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(button(card("Silk Scarf"), "Cancel order"));
    fireEvent.click(button(dialog()!, "Keep order"));
    expect(dialog()).toBeNull();
    expect(puts()).toEqual([]);
  });

  it("refetches on a realtime change: a new order appears", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    orders = [order("d", "Fresh Mango", "new_order"), ...orders];
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cards()[0].textContent).toContain("Fresh Mango");
    expect(filters()[2]).toBe("New Orders (2)");
  });

  it("shows an empty list and the error when the orders cannot be loaded", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    fakeApi.on(API.adminOrders, fail("internal", "boom"));
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(document.body.textContent).toContain("boom"));
    expect(cards()).toHaveLength(0);
    // The counts are the summary's, which still answers.
    expect(filters()[0]).toBe("All (3)");
  });

  it("says so when there are no orders", async () => {
    orders = [];
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(document.body.textContent).toContain("No orders yet."));
  });

  it(
    "shows the first page, the next one on Load more, and counts every order from the summary",
    async () => {
      orders = Array.from({ length: 120 }, (_, n) =>
        order(n.toString(16).padStart(2, "0"), `Product ${n}`, n % 2 ? "delivered" : "new_order"),
      );
      ({ container } = await render(<OrderManagement />));
      await waitFor(() => expect(cards()).toHaveLength(50), slow);
      // Exact over all 120 orders, though only 50 are loaded.
      expect(filters().slice(0, 3)).toEqual(["All (120)", "To confirm (60)", "New Orders (60)"]);
      expect(filters()[5]).toBe("Delivered (60)");
      expect(document.body.textContent).toContain("Showing 50 of 120");
      expect(listQueries().map((query) => query.get("cursor"))).toEqual([null]);
      fireEvent.click(screen.getByText("Load more"));
      await waitFor(() => expect(cards()).toHaveLength(100), slow);
      expect(cards()[50].textContent).toContain("Product 50");
      // The cursor the first page ended with: the 50th order's.
      const { next_cursor: after50 } = board(new URLSearchParams({ limit: "50" })) as { next_cursor: string | null };
      expect(after50).not.toBeNull();
      expect(listQueries().at(-1)?.get("cursor")).toBe(after50);
      fireEvent.click(screen.getByText("Load more"));
      await waitFor(() => expect(cards()).toHaveLength(120), slow);
      expect(screen.queryByText("Load more")).toBeNull();
      // A filter starts again at its first page.
      fireEvent.click(statusFilters().getByRole("button", { name: /^Delivered/ }));
      await waitFor(() => expect(document.body.textContent).toContain("Showing 50 of 60"), slow);
      expect(cards()).toHaveLength(50);
    },
    PAGES_TIMEOUT_MS,
  );

  it(
    "a realtime change refetches every loaded page, so the board stays whole",
    async () => {
      orders = Array.from({ length: 60 }, (_, n) =>
        order(n.toString(16).padStart(2, "0"), `Product ${n}`, "new_order"),
      );
      ({ container } = await render(<OrderManagement />));
      await waitFor(() => expect(cards()).toHaveLength(50), slow);
      fireEvent.click(screen.getByText("Load more"));
      await waitFor(() => expect(cards()).toHaveLength(60), slow);
      orders = [order("ff", "Fresh Mango", "new_order"), ...orders];
      await act(async () => realtime.onChange?.());
      await waitFor(() => expect(cards()[0].textContent).toContain("Fresh Mango"), slow);
      expect(cards()).toHaveLength(61);
      expect(filters()[0]).toBe("All (61)");
    },
    PAGES_TIMEOUT_MS,
  );

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
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const search = screen.getByRole("search");
    const field = (label: string) => within(search).getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field("Order number or phone digits"), { target: { value: " 7766 " } });
    fireEvent.change(field("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(field("To"), { target: { value: "2026-11-30" } });
    fireEvent.click(button(search, "Search"));
    await waitFor(() => expect(cards().map((c) => c.querySelector("h3")?.textContent)).toEqual(["Coffee Beans"]));
    expect(Object.fromEntries(listQueries().at(-1)!)).toEqual({
      limit: "50",
      q: "7766",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    // The counts stay those of every order.
    expect(filters()[0]).toBe("All (2)");
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = fakeApi.calls(API.exportAdminOrders).map((request) => request.url.href)[0];
    expect(exported).toMatch(/\/admin\/orders\/export\?q=7766&from=2026-11-01&to=2026-11-30$/);

    fireEvent.click(button(search, "Clear"));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(field("Order number or phone digits").value).toBe("");
    clicked.mockRestore();
  });

  it("says nothing matched a search, and shows the server's reason for a search it refuses", async () => {
    ({ container } = await render(<OrderManagement />));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const search = screen.getByRole("search");
    const input = within(search).getByLabelText("Order number or phone digits");
    fireEvent.change(input, { target: { value: "9999" } });
    fireEvent.click(button(search, "Search"));
    await waitFor(() => expect(document.body.textContent).toContain("No orders match this search."));
    // "ab" is neither an order number nor phone digits: the fake refuses it as the function does.
    fireEvent.change(input, { target: { value: "ab" } });
    fireEvent.click(button(search, "Search"));
    await waitFor(() =>
      expect(alertText()).toContain(
        "Search by an order number such as SL-004213 or at least 4 digits of a phone number",
      ),
    );
    expect(listQueries().at(-1)?.get("q")).toBe("ab");
    expect(button(search, "Search")).toBeTruthy();
    expect(document.body.textContent).not.toContain("Try again");
  });
});
