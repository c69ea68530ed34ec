// A query under the app's cache rules, as screens read it (screenState), when the server cannot
// be reached: it says so and tries again by itself, with growing waits, until an answer comes;
// other failures wait for the user. And the cache is emptied when another user signs in.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { clearCacheOnUserChange, createQueryClient, retryDelayMs } from "./query-client.ts";
import { screenState, type ScreenState } from "./screen-state.ts";
import { removeToken, setTokens } from "./token.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

async function mount(fetcher: (signal: AbortSignal) => Promise<string>) {
  const states: ScreenState<string>[] = [];
  function Probe() {
    const query = useQuery({ queryKey: ["probe"], queryFn: ({ signal }) => fetcher(signal) });
    states.push(screenState(query, "Failed to load"));
    return null;
  }
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  await advance(0); // the first attempt
  return { latest: () => states.at(-1)!, unmount: () => act(() => root.unmount()) };
}

/**
 * Moves the clock on by `ms`, then lets the answers due by then reach the screen: TanStack tells
 * its observers on a 0 ms timer, which fake timers run 1 ms later when it is set during a tick.
 */
async function advance(ms: number) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
  await act(async () => vi.advanceTimersByTimeAsync(1));
}

const unavailable = () => new ApiError("The service is busy or restarting.", "http", 503, "unavailable", null, true);

describe("the query cache's retries", () => {
  it("retries by itself while the server is unavailable, then shows the answer", async () => {
    const fetcher = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(new ApiError("Could not reach the server.", "network"))
      .mockResolvedValueOnce("orders");
    const probe = await mount(fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(probe.latest().error).toBe(t("errors.retrying"));
    // Waiting to try again is neither a spinner nor a busy "Try again".
    expect(probe.latest()).toMatchObject({ isLoading: false, isFetching: false });

    await advance(retryDelayMs(0));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(probe.latest().error).toBe(t("errors.retrying"));

    await advance(retryDelayMs(1));
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(probe.latest()).toMatchObject({ data: "orders", error: null, isLoading: false });
    probe.unmount();
  });

  it("waits longer each time, up to 15 s, and stops when the screen is left", async () => {
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([2000, 4000, 8000, 15_000, 15_000]);
    const fetcher = vi.fn<(signal: AbortSignal) => Promise<string>>().mockRejectedValue(unavailable());
    const probe = await mount(fetcher);
    probe.unmount();
    await advance(60_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("does not retry a refusal: the server's message waits for the user", async () => {
    const fetcher = vi
      .fn<(signal: AbortSignal) => Promise<string>>()
      .mockRejectedValue(
        new ApiError("Only approved businesses can edit campaigns", "http", 403, "forbidden", null, true),
      );
    const probe = await mount(fetcher);
    await advance(60_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(probe.latest().error).toBe("Only approved businesses can edit campaigns");
    probe.unmount();
  });
});

describe("the query cache's owner", () => {
  const tokenOf = (sub: string) => `header.${btoa(JSON.stringify({ sub }))}.signature`;

  it("is emptied when another user signs in, not when the same one signs in again or signs out", () => {
    setTokens({ token: tokenOf("user-a"), refresh_token: "refresh" });
    const queryClient = createQueryClient();
    const stop = clearCacheOnUserChange(queryClient);
    queryClient.setQueryData(["me"], "user a's account");

    removeToken();
    expect(queryClient.getQueryData(["me"])).toBe("user a's account");
    setTokens({ token: tokenOf("user-a"), refresh_token: "refresh" });
    expect(queryClient.getQueryData(["me"])).toBe("user a's account");

    setTokens({ token: tokenOf("user-b"), refresh_token: "refresh" });
    expect(queryClient.getQueryData(["me"])).toBeUndefined();
    stop();
    removeToken();
  });
});
