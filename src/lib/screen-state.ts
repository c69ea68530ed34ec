// What a screen shows of one query: its data, the message to show (docs/product.md, "When something
// fails"), whether the first answer is still awaited and whether a request runs. TanStack Query
// keeps `error` empty while it retries by itself, so the retrying state is read from the last
// failure instead.
import type { UseQueryResult } from "@tanstack/react-query";
import { ApiError, failureMessage, isUnavailable } from "./api-client.ts";
import { t } from "./i18n/index.ts";

export interface ScreenState<T> {
  /** Kept while a refetch runs, so nothing flashes when a realtime event triggers one. */
  data: T | undefined;
  /** The message to show when the last attempt failed. */
  error: string | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
  /** True while a request the user may wait for runs. */
  isFetching: boolean;
  /** Fetches again now (the user's "Try again"), replacing a request in flight. */
  refetch: () => void;
  /**
   * False when the server refused for a reason asking again cannot change (403 not allowed yet,
   * 404 gone, 400): the screen then says why, without a "Try again" that cannot help.
   */
  canRetry: boolean;
}

/** The parts of a query (plain or infinite) a screen state is made of. */
type QueryState<T> = Pick<
  UseQueryResult<T>,
  "data" | "error" | "isPending" | "fetchStatus" | "failureCount" | "failureReason" | "isFetching"
> & { refetch: () => Promise<unknown> };

export function screenState<T>(query: QueryState<T>, fallbackError: string): ScreenState<T> {
  const retrying = query.fetchStatus !== "idle" && query.failureCount > 0 && isUnavailable(query.failureReason);
  return {
    data: query.data,
    error: retrying ? t("errors.retrying") : query.error ? failureMessage(query.error, fallbackError) : null,
    // While it waits to try again by itself the screen says so, and "Try again" stays usable.
    isLoading: query.isPending && !retrying,
    isFetching: query.isFetching && !retrying,
    refetch: () => void query.refetch(),
    canRetry: !isRefusal(query.error),
  };
}

/** A 4xx answer other than a timeout (408) or a rate limit (429): the same request fails again. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}
