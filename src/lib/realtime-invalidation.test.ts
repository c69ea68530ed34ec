// refreshCoalesced on its own: per key, one refetch at a time, at least MIN_REFETCH_GAP_MS apart,
// one trailing refetch for whatever arrived meanwhile, and a key nobody shows only goes stale.
import { QueryObserver, type QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { MIN_REFETCH_GAP_MS, refreshCoalesced } from "./realtime-invalidation.ts";

const LATENCY_MS = 30;

let queryClient: QueryClient;
let requests: Record<string, number>;
let unsubscribers: (() => void)[];

/** A query on screen: an observer keeps it active, its fetch takes LATENCY_MS and is counted. */
function shown(name: string) {
  const observer = new QueryObserver(queryClient, {
    queryKey: [name],
    queryFn: () => {
      requests[name] = (requests[name] ?? 0) + 1;
      return new Promise((resolve) => setTimeout(() => resolve(requests[name]), LATENCY_MS));
    },
  });
  unsubscribers.push(observer.subscribe(() => {}));
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = createQueryClient();
  requests = {};
  unsubscribers = [];
});

afterEach(() => {
  for (const unsubscribe of unsubscribers) unsubscribe();
  queryClient.clear();
  vi.useRealTimers();
});

/** The first loads done, the request counts reset. */
async function loaded() {
  await vi.advanceTimersByTimeAsync(1000);
  requests = {};
}

describe("refreshCoalesced", () => {
  it("refetches once for a lone event, at once", async () => {
    shown("orders");
    await loaded();
    refreshCoalesced(queryClient, ["orders"]);
    expect(requests.orders).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests.orders).toBe(1);
  });

  it("follows a burst with one trailing refetch, no sooner than the gap", async () => {
    shown("orders");
    await loaded();
    for (let n = 0; n < 10; n++) {
      refreshCoalesced(queryClient, ["orders"]);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(requests.orders).toBe(1);
    await vi.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS - 100 - 1);
    expect(requests.orders).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests.orders).toBe(2);
    expect(queryClient.getQueryData(["orders"])).toBe(2);
  });

  it("follows a fetch already in flight with one more, since it may predate the event", async () => {
    shown("orders");
    refreshCoalesced(queryClient, ["orders"]);
    refreshCoalesced(queryClient, ["orders"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests.orders).toBe(2);
  });

  it("coalesces each key on its own", async () => {
    shown("orders");
    shown("payouts");
    await loaded();
    refreshCoalesced(queryClient, ["orders"]);
    refreshCoalesced(queryClient, ["payouts"]);
    refreshCoalesced(queryClient, ["orders"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toEqual({ orders: 2, payouts: 1 });
  });

  it("only marks a query nobody shows as stale", async () => {
    await queryClient.prefetchQuery({ queryKey: ["hidden"], queryFn: () => "old" });
    refreshCoalesced(queryClient, ["hidden"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queryClient.getQueryState(["hidden"])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(["hidden"])).toBe("old");
  });
});
