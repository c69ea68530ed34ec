// A small data-fetching hook: loading, data, error message and refetch. Refetches keep the data
// on screen (no spinner flash when a realtime event triggers one) and the newest answer wins.
// When the server cannot be reached (offline, restarting, database down) it says so and tries
// again by itself, 2 s, 4 s, 8 s and then every 15 s apart, instead of waiting for a tap.
import { useCallback, useEffect, useRef, useState } from "react";
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
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const fallbackRef = useRef(fallbackError);
  fallbackRef.current = fallbackError;
  const retries = useRef({ attempt: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const run = useCallback(() => {
    clearTimeout(retries.current.timer);
    const id = ++sequence.current;
    const controller = new AbortController();
    controllers.current.add(controller);
    setIsFetching(true);
    fetcherRef.current(controller.signal)
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
        setError(failureMessage(failure, fallbackRef.current));
      })
      .finally(() => {
        controllers.current.delete(controller);
        if (id !== sequence.current) return;
        setIsLoading(false);
        setIsFetching(false);
      });
  }, []);

  useEffect(() => {
    setIsLoading(true);
    setData(undefined);
    run();
    const running = controllers.current;
    const retry = retries.current;
    return () => {
      sequence.current++;
      clearTimeout(retry.timer);
      retry.attempt = 0;
      for (const controller of running) controller.abort();
      running.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { data, error, isLoading, isFetching, refetch: run };
}
