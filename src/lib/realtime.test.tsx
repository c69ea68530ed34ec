// useTableChanges against a fake supabase-js: a topic's private channel is joined only after the
// realtime client has the user's token (else the first join goes out as anon and is refused), once
// for every screen on it; the events of the screen's table and operation, (re)subscriptions and
// failures call onChange; a throttled table's event calls it once more a window later; a token
// change re-authorises at once; the channel is removed when the last screen on it unmounts.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => {
  const state = {
    authCalls: 0,
    pendingAuth: [] as (() => void)[],
    channels: [] as {
      topic: string;
      config: unknown;
      binding?: unknown;
      handler?: (message: unknown) => void;
      status?: (s: string) => void;
    }[],
    removed: [] as string[],
    accessToken: null as null | (() => Promise<string | null>),
  };
  return state;
});

vi.mock("@supabase/supabase-js", () => ({
  REALTIME_SUBSCRIBE_STATES: {
    SUBSCRIBED: "SUBSCRIBED",
    CHANNEL_ERROR: "CHANNEL_ERROR",
    CLOSED: "CLOSED",
    TIMED_OUT: "TIMED_OUT",
  },
  createClient: (_url: string, _key: string, options: { accessToken: () => Promise<string | null> }) => {
    fake.accessToken = options.accessToken;
    return {
      realtime: {
        setAuth: () => {
          fake.authCalls++;
          return new Promise<void>((resolve) => fake.pendingAuth.push(resolve));
        },
      },
      channel: (topic: string, options: { config: unknown }) => {
        const record: (typeof fake.channels)[number] = { topic, config: options.config };
        fake.channels.push(record);
        const channel = {
          record,
          on: (_type: string, binding: unknown, handler: (message: unknown) => void) => {
            record.binding = binding;
            record.handler = handler;
            return channel;
          },
          subscribe: (callback: (s: string) => void) => {
            record.status = callback;
            return channel;
          },
        };
        return channel;
      },
      removeChannel: async (channel: { record: { topic: string } }) => {
        fake.removed.push(channel.record.topic);
      },
    };
  },
}));

const { useTableChanges } = await import("./realtime.ts");
const { setTokens } = await import("./token.ts");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
beforeEach(() => {
  fake.channels.length = 0;
  fake.removed.length = 0;
  localStorage.setItem("token", "user.jwt.token");
});
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  localStorage.clear();
  document.body.innerHTML = "";
});

type Options = Parameters<typeof useTableChanges>[0];

/** Mounts a screen on `options`; returns the statuses it reported and a way to unmount it. */
async function mount(options: Options) {
  const statuses: string[] = [];
  function Probe() {
    statuses.push(useTableChanges(options));
    return null;
  }
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () => root.render(<Probe />));
  return {
    statuses,
    unmount: () => {
      roots.splice(roots.indexOf(root), 1);
      act(() => root.unmount());
    },
  };
}

const authorise = () => act(async () => fake.pendingAuth.splice(0).forEach((resolve) => resolve()));
const send = (event: { table: string; op: string; id: string }) =>
  act(async () => fake.channels[0].handler?.({ type: "broadcast", event: event.table, payload: event }));

describe("useTableChanges", () => {
  it("joins the private topic after auth, calls onChange for its table's events and statuses, and leaves on unmount", async () => {
    const onChange = vi.fn();
    const screen = await mount({ topic: "shop:42", table: "orders", event: "UPDATE", onChange });

    expect(await fake.accessToken?.()).toBe("user.jwt.token");
    expect(fake.channels).toHaveLength(0); // not before the token is set
    await authorise();
    expect(fake.channels).toHaveLength(1);
    expect(fake.channels[0]).toMatchObject({ topic: "shop:42", config: { private: true }, binding: { event: "*" } });
    expect(screen.statuses.at(-1)).toBe("connecting");

    await act(async () => fake.channels[0].status?.("SUBSCRIBED"));
    expect(screen.statuses.at(-1)).toBe("live");
    expect(onChange).toHaveBeenCalledTimes(1); // catch up after subscribing

    await send({ table: "orders", op: "UPDATE", id: "o1" });
    expect(onChange).toHaveBeenCalledTimes(2);
    await send({ table: "orders", op: "INSERT", id: "o2" }); // another operation
    await send({ table: "payout_requests", op: "UPDATE", id: "p1" }); // another table
    expect(onChange).toHaveBeenCalledTimes(2);

    // A refused join (or a channel closed when the token may no longer read the topic).
    await act(async () => fake.channels[0].status?.("CHANNEL_ERROR"));
    expect(screen.statuses.at(-1)).toBe("offline");
    expect(onChange).toHaveBeenCalledTimes(3);

    screen.unmount();
    expect(fake.removed).toEqual(["shop:42"]);
    await send({ table: "orders", op: "UPDATE", id: "o3" });
    expect(onChange).toHaveBeenCalledTimes(3); // nothing after unmount
  });

  it("shares one channel per topic between screens and leaves it with the last one", async () => {
    const orders = vi.fn();
    const payouts = vi.fn();
    const first = await mount({ topic: "influencer:7", table: "orders", event: "*", onChange: orders });
    await authorise();
    await act(async () => fake.channels[0].status?.("SUBSCRIBED"));
    const second = await mount({ topic: "influencer:7", table: "payout_requests", event: "*", onChange: payouts });
    expect(fake.channels).toHaveLength(1);
    expect(second.statuses.at(-1)).toBe("live"); // joined already

    await send({ table: "payout_requests", op: "INSERT", id: "p1" });
    expect(payouts).toHaveBeenCalledTimes(2); // the catch-up, then the event
    expect(orders).toHaveBeenCalledTimes(1);

    first.unmount();
    expect(fake.removed).toEqual([]);
    second.unmount();
    expect(fake.removed).toEqual(["influencer:7"]);
  });

  it("refetches a throttled table once more a window after its event", async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      await mount({ topic: "admin", table: "link_click_counts", event: "*", onChange });
      await authorise();
      await act(async () => fake.channels[0].status?.("SUBSCRIBED"));
      await send({ table: "link_click_counts", op: "UPDATE", id: "l1" });
      await send({ table: "link_click_counts", op: "UPDATE", id: "l2" });
      expect(onChange).toHaveBeenCalledTimes(3);
      await act(async () => vi.advanceTimersByTime(5_500));
      expect(onChange).toHaveBeenCalledTimes(4); // one trailing refetch for both
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands a new token to Realtime as soon as it is stored", async () => {
    await mount({ topic: "user:1", table: "users", event: "UPDATE", onChange: () => {} });
    await authorise();
    const before = fake.authCalls;
    setTokens({ token: "refreshed.jwt.token", refresh_token: "refresh" });
    expect(fake.authCalls).toBe(before + 1);
    await authorise();
  });
});
