// useTableChanges against a fake supabase-js: the channel is joined only after the realtime
// client has the user's token (else the first join goes out as anon and RLS hides every row),
// changes, (re)subscriptions and the "Subscribed to PostgreSQL" system message call onChange, and
// unmounting removes the channel.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => {
  const state = {
    resolveAuth: null as null | (() => void),
    channels: [] as {
      name: string;
      binding?: unknown;
      handler?: () => void;
      system?: (payload: unknown) => void;
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
      realtime: { setAuth: () => new Promise<void>((resolve) => (fake.resolveAuth = resolve)) },
      channel: (name: string) => {
        const record: (typeof fake.channels)[number] = { name };
        fake.channels.push(record);
        const channel = {
          on: (type: string, binding: unknown, handler: (payload?: unknown) => void) => {
            if (type === "system") {
              record.system = handler;
            } else {
              record.binding = binding;
              record.handler = handler;
            }
            return channel;
          },
          subscribe: (callback: (s: string) => void) => {
            record.status = callback;
            return channel;
          },
        };
        return channel;
      },
      removeChannel: async (channel: unknown) => {
        const record = fake.channels.find((_c, i) => i === fake.channels.length - 1);
        if (channel && record) fake.removed.push(record.name);
      },
    };
  },
}));

const { useTableChanges } = await import("./realtime.ts");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

describe("useTableChanges", () => {
  it("subscribes after auth, reports changes and statuses, and removes the channel on unmount", async () => {
    localStorage.setItem("token", "user.jwt.token");
    const onChange = vi.fn();
    const statuses: string[] = [];
    function Probe() {
      statuses.push(useTableChanges({ name: "t", table: "users", event: "UPDATE", filter: "id=eq.42", onChange }));
      return null;
    }
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));

    expect(await fake.accessToken?.()).toBe("user.jwt.token");
    expect(fake.channels).toHaveLength(0); // not before the token is set
    await act(async () => fake.resolveAuth?.());
    expect(fake.channels).toHaveLength(1);
    expect(fake.channels[0].binding).toEqual({ event: "UPDATE", schema: "public", table: "users", filter: "id=eq.42" });
    expect(statuses.at(-1)).toBe("connecting");

    await act(async () => fake.channels[0].status?.("SUBSCRIBED"));
    expect(statuses.at(-1)).toBe("live");
    expect(onChange).toHaveBeenCalledTimes(1); // catch up after subscribing

    // Changes flow only from "Subscribed to PostgreSQL" on: catch up again then.
    const subscribedToPostgres = {
      channel: "t",
      extension: "postgres_changes",
      status: "ok",
      message: "Subscribed to PostgreSQL",
    };
    await act(async () => fake.channels[0].system?.(subscribedToPostgres));
    expect(statuses.at(-1)).toBe("live");
    expect(onChange).toHaveBeenCalledTimes(2);

    await act(async () => fake.channels[0].handler?.());
    expect(onChange).toHaveBeenCalledTimes(3);

    await act(async () => fake.channels[0].status?.("CHANNEL_ERROR"));
    expect(statuses.at(-1)).toBe("offline");
    expect(onChange).toHaveBeenCalledTimes(4);

    act(() => root.unmount());
    expect(fake.removed).toEqual([fake.channels[0].name]);
    fake.channels[0].handler?.();
    fake.channels[0].system?.(subscribedToPostgres);
    expect(onChange).toHaveBeenCalledTimes(4); // nothing after unmount
  });

  it("goes offline when Realtime says the subscription can never deliver", async () => {
    fake.channels.length = 0;
    localStorage.setItem("token", "user.jwt.token");
    const statuses: string[] = [];
    function Probe() {
      statuses.push(useTableChanges({ name: "t", table: "users", event: "*", onChange: () => {} }));
      return null;
    }
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));
    await act(async () => fake.resolveAuth?.());
    await act(async () => fake.channels[0].status?.("SUBSCRIBED"));
    expect(statuses.at(-1)).toBe("live");
    await act(async () =>
      fake.channels[0].system?.({ extension: "postgres_changes", status: "error", message: "Unable to subscribe" }),
    );
    expect(statuses.at(-1)).toBe("offline");
    act(() => root.unmount());
  });
});
