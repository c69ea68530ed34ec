// The admin order board under a stream of realtime events, with the real useTableChanges over a
// fake supabase-js channel and the fake API counting GET /admin/orders and answering after 40 ms, as
// a server would: a burst of events costs at most two refetches (one, then one trailing for the
// events that came during it) and loses none, and the admin's own change shows from the PUT
// answer without a refetch. The clock is faked so "20 events within 100 ms" is exact.
import { act } from "react";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order, OrderStatus } from "@contract/orders.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { makeOrder, makeOrderStats } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { OrderManagement } from "./order-management.tsx";

const fake = vi.hoisted(() => ({
  channels: [] as {
    broadcast?: (message: unknown) => void;
    status?: (state: string) => void;
  }[],
}));

vi.mock("@supabase/supabase-js", () => ({
  REALTIME_SUBSCRIBE_STATES: { SUBSCRIBED: "SUBSCRIBED" },
  createClient: () => ({
    realtime: { setAuth: async () => {} },
    channel: () => {
      const record: (typeof fake.channels)[number] = {};
      fake.channels.push(record);
      const channel = {
        on: (_type: string, _binding: unknown, handler: (message: unknown) => void) => {
          record.broadcast = handler;
          return channel;
        },
        subscribe: (callback: (state: string) => void) => {
          record.status = callback;
          return channel;
        },
      };
      return channel;
    },
    removeChannel: async () => {},
  }),
}));

const SERVER_LATENCY_MS = 40;

// As GET /admin/orders answers an admin: with the customer's phone.
const order = (n: number, order_status: OrderStatus = "new_order") =>
  makeOrder({
    id: `${n.toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`,
    product_name: `Product ${n}`,
    customer_phone: "+85512345678",
    order_status,
  });

let orders: Order[];
/** GET /admin/orders requests counted before the ones a test looks at. */
let boardRequestsBefore: number;
const boardRequests = () => fakeApi.calls(API.adminOrders).length - boardRequestsBefore;
let inFlight: number;
let mostInFlight: number;
let container: HTMLElement;

const answerLater = <T,>(answer: () => T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(answer()), SERVER_LATENCY_MS));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem("token", "header.e30.signature");
  orders = [order(1), order(2, "out_for_delivery"), order(3, "delivered")];
  boardRequestsBefore = 0;
  inFlight = 0;
  mostInFlight = 0;
  fakeApi.on(API.orderStats, () => ({ stats: makeOrderStats(orders) }));
  fakeApi.on(API.couriers, { couriers: [] });
  fakeApi.on(API.adminOrders, () => {
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    // The rows as they are when the server reads them, not when it answers.
    const snapshot = orders;
    return answerLater(() => {
      inFlight--;
      return { orders: snapshot, next_cursor: null };
    });
  });
  fakeApi.on(API.setOrderStatus, ({ params, body }) => {
    const { new_status } = body;
    orders = orders.map((o) => (o.id === params.id ? { ...o, order_status: new_status } : o));
    // As the function answers: the order as it is now, without the customer's phone.
    const changed = { ...orders.find((o) => o.id === params.id)!, customer_phone: null };
    return answerLater(() => ({ message: `Order status updated to ${new_status}`, order: changed }));
  });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  fake.channels.length = 0;
});

/**
 * Moves the clock on by `ms`, then lets what is due by then reach the screen: TanStack tells its
 * observers on a 0 ms timer, which fake timers run 1 ms later when it is set during a tick.
 */
async function advance(ms: number) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
  await act(async () => vi.advanceTimersByTimeAsync(1));
}

const cards = () => [...container.querySelectorAll<HTMLElement>("li.order-card")];
const card = (product: string) => cards().find((c) => c.querySelector("h3")?.textContent === product)!;
const channel = () => fake.channels.at(-1)!;
/** An event of the admin topic about an order, as the database's trigger sends it. */
const orderEvent = (id = "o1") => ({
  type: "broadcast",
  event: "orders",
  payload: { table: "orders", op: "UPDATE", id },
});

/** The board shown, subscribed and caught up, with the count of board requests reset. */
async function liveBoard() {
  ({ container } = await render(<OrderManagement />));
  await advance(0);
  await act(async () => channel().status?.("SUBSCRIBED"));
  await advance(1000);
  expect(cards()).toHaveLength(3);
  expect(screen.getByText("Live")).toBeTruthy();
  boardRequestsBefore = fakeApi.calls(API.adminOrders).length;
}

describe("Order Management, live", () => {
  it("loads once and catches up once after subscribing", async () => {
    ({ container } = await render(<OrderManagement />));
    await advance(0);
    // The first load is in flight when the subscription starts: it may predate the subscription.
    await act(async () => channel().status?.("SUBSCRIBED"));
    await advance(1000);
    expect(boardRequests()).toBe(2);
    expect(mostInFlight).toBe(1);
  });

  it("turns 20 events within 100 ms into at most 2 refetches of the board, and misses none", async () => {
    await liveBoard();
    for (let n = 0; n < 20; n++) {
      orders = [order(100 + n), ...orders];
      await act(async () => channel().broadcast?.(orderEvent(`o${n}`)));
      await advance(4);
    }
    await advance(1000);
    // One refetch at the first event, one trailing for the 19 that arrived while it ran.
    expect(boardRequests()).toBe(2);
    expect(mostInFlight).toBe(1);
    expect(cards()).toHaveLength(23);
    expect(cards()[0].textContent).toContain("Product 119");
  });

  it("shows the admin's own change from the PUT answer, without a refetch; its realtime echo costs one", async () => {
    await liveBoard();
    fireEvent.click(within(card("Product 1")).getByRole("button", { name: "Move to Ready for Pickup" }));
    await advance(SERVER_LATENCY_MS);
    expect(card("Product 1").textContent).toContain("Move to Out for Delivery");
    // The board keeps the phone the PUT answer leaves out.
    expect(card("Product 1").textContent).toContain("012 345 678");
    await advance(1000);
    expect(boardRequests()).toBe(0);

    await act(async () => channel().broadcast?.(orderEvent()));
    await advance(1000);
    expect(boardRequests()).toBe(1);
    expect(card("Product 1").textContent).toContain("Move to Out for Delivery");
  });
});
