// A small data-fetching hook: loading, data, error message and refetch. Refetches keep the data
// on screen (no spinner flash when a realtime event triggers one) and the newest answer wins.
import { useCallback, useEffect, useRef, useState } from "react";
import { failureMessage } from "./api-client.ts";

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

  const run = useCallback(() => {
    const id = ++sequence.current;
    const controller = new AbortController();
    controllers.current.add(controller);
    setIsFetching(true);
    fetcherRef.current(controller.signal)
      .then((result) => {
        if (id !== sequence.current) return;
        setData(result);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (id !== sequence.current || controller.signal.aborted) return;
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
    return () => {
      sequence.current++;
      for (const controller of running) controller.abort();
      running.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { data, error, isLoading, isFetching, refetch: run };
}
