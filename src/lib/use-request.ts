// A small data-fetching hook: loading, data, error message and refetch. Refetches keep the data
// on screen (no spinner flash when a realtime event triggers one) and the newest answer wins.
// When the server cannot be reached (offline, restarting, database down) it says so and tries
// again by itself, 2 s, 4 s, 8 s and then every 15 s apart, instead of waiting for a tap.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { failureMessage, isUnavailable } from "./api-client.ts";
import { t } from "./i18n/index.ts";

/** The wait before the n-th automatic retry (n from 0). */
export function retryDelayMs(attempt: number): number {
  return Math.min(2000 * 2 ** attempt, 15_000);
}

export interface RequestState<T> {
  data: T | undefined;
  /** The message to show when the last attempt failed. */
  error: string | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
  /** True while any request is running. */
  isFetching: boolean;
  refetch: () => void;
}

export function useRequest<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  fallbackError: string,
): RequestState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isFetching, setIsFetching] = useState(true);
  const sequence = useRef(0);
  const controllers = useRef(new Set<AbortController>());
  const latest = useRef({ fetcher, fallbackError });
  useLayoutEffect(() => {
    latest.current = { fetcher, fallbackError };
  });
  const retries = useRef({ attempt: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  // One function for the component's lifetime; `fresh` also forgets the previous answer (new deps).
  const [run] = useState(
    () =>
      function run(fresh = false) {
        clearTimeout(retries.current.timer);
        if (fresh) {
          setIsLoading(true);
          setData(undefined);
        }
        const id = ++sequence.current;
        const controller = new AbortController();
        controllers.current.add(controller);
        setIsFetching(true);
        latest.current
          .fetcher(controller.signal)
          .then((result) => {
            if (id !== sequence.current) return;
            retries.current.attempt = 0;
            setData(result);
            setError(null);
          })
          .catch((failure: unknown) => {
            if (id !== sequence.current || controller.signal.aborted) return;
            if (isUnavailable(failure)) {
              setError(t("errors.retrying"));
              retries.current.timer = setTimeout(run, retryDelayMs(retries.current.attempt++));
              return;
            }
            setError(failureMessage(failure, latest.current.fallbackError));
          })
          .finally(() => {
            controllers.current.delete(controller);
            if (id !== sequence.current) return;
            setIsLoading(false);
            setIsFetching(false);
          });
      },
  );

  // The caller's deps are plain values (ids); their JSON is what a change of them means.
  const depsKey = JSON.stringify(deps);
  useEffect(() => {
    run(true);
    const running = controllers.current;
    const retry = retries.current;
    const current = sequence;
    return () => {
      current.current++;
      clearTimeout(retry.timer);
      retry.attempt = 0;
      for (const controller of running) controller.abort();
      running.clear();
    };
  }, [run, depsKey]);

  return { data, error, isLoading, isFetching, refetch: () => run() };
}
