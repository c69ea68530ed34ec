// useRequest when the server cannot be reached: it says so and tries again by itself, with
// growing waits, until an answer comes; other failures wait for the user.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { retryDelayMs, useRequest, type RequestState } from "./use-request.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

async function mount(fetcher: () => Promise<string>) {
  const states: RequestState<string>[] = [];
  function Probe() {
    states.push(useRequest(fetcher, [], "Failed to load"));
    return null;
  }
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Probe />));
  return { latest: () => states.at(-1)!, unmount: () => act(() => root.unmount()) };
}

const unavailable = () => new ApiError("The service is busy or restarting.", "http", 503, "unavailable", null, true);

describe("useRequest", () => {
  it("retries by itself while the server is unavailable, then shows the answer", async () => {
    const fetcher = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(new ApiError("Could not reach the server.", "network"))
      .mockResolvedValueOnce("orders");
    const probe = await mount(fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(probe.latest().error).toBe(t("errors.retrying"));

    await act(async () => vi.advanceTimersByTimeAsync(retryDelayMs(0)));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(probe.latest().error).toBe(t("errors.retrying"));

    await act(async () => vi.advanceTimersByTimeAsync(retryDelayMs(1)));
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(probe.latest()).toMatchObject({ data: "orders", error: null, isLoading: false });
    probe.unmount();
  });

  it("waits longer each time, up to 15 s, and stops when the screen is left", async () => {
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([2000, 4000, 8000, 15_000, 15_000]);
    const fetcher = vi.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    const probe = await mount(fetcher);
    probe.unmount();
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("does not retry a refusal: the server's message waits for the user", async () => {
    const fetcher = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(
        new ApiError("Only approved businesses can edit campaigns", "http", 403, "forbidden", null, true),
      );
    const probe = await mount(fetcher);
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(probe.latest().error).toBe("Only approved businesses can edit campaigns");
    probe.unmount();
  });
});
