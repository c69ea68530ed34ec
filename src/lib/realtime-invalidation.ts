// Realtime events invalidate query keys (docs/architecture.md, "Server state in the SPA: one query
// cache"), coalesced: a burst of events (a rush of checkouts, a bulk status change) must not become
// a burst of refetches of every loaded page. Per key, at most one refetch runs at a time and
// refetches start at least MIN_REFETCH_GAP_MS apart; events arriving meanwhile become one trailing
// refetch, so the last change is never missed.
//
// Not invalidateQueries' default (cancelRefetch: true): that aborts the refetch in flight and
// starts a new one for every event, so a steady stream of events never lets one finish. With
// cancelRefetch: false an event joins the fetch in flight instead; that fetch may have read the
// database before the event's change committed, hence the trailing refetch after it.
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useTableChanges, type LiveStatus, type TableChangesOptions } from "./realtime.ts";

/** The shortest time between two refetches of one key caused by realtime. */
export const MIN_REFETCH_GAP_MS = 250;

interface Refresh {
  /** Another event arrived after this refresh began: refetch once more when it is over. */
  trailing: boolean;
}

// Per client (each test renders with a fresh one), per key hash: the refresh under way.
const refreshes = new WeakMap<QueryClient, Map<string, Refresh>>();

/** Refetches the active queries under `queryKey` (inactive ones go stale), coalesced as above. */
export function refreshCoalesced(queryClient: QueryClient, queryKey: QueryKey): void {
  let running = refreshes.get(queryClient);
  if (!running) {
    running = new Map();
    refreshes.set(queryClient, running);
  }
  const hash = hashKey(queryKey);
  const current = running.get(hash);
  if (current) {
    current.trailing = true;
    return;
  }
  // A fetch already in flight (the first load, a retry) may have started before this change.
  const refresh: Refresh = { trailing: queryClient.isFetching({ queryKey }) > 0 };
  running.set(hash, refresh);
  const refetched = queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  const gap = new Promise((resolve) => setTimeout(resolve, MIN_REFETCH_GAP_MS));
  void Promise.all([refetched, gap]).then(() => {
    running.delete(hash);
    if (refresh.trailing) refreshCoalesced(queryClient, queryKey);
  });
}

export interface TableInvalidationOptions extends Omit<TableChangesOptions, "onChange"> {
  /** The query keys a change of this table makes stale. */
  invalidates: readonly QueryKey[];
}

/**
 * Subscribes to a table's changes while mounted and refreshes `invalidates` on every change and
 * on every (re)subscription (a catch-up on what was missed meanwhile); returns the live status.
 */
export function useTableInvalidation({ invalidates, ...subscription }: TableInvalidationOptions): LiveStatus {
  const queryClient = useQueryClient();
  return useTableChanges({
    ...subscription,
    onChange: () => {
      for (const queryKey of invalidates) refreshCoalesced(queryClient, queryKey);
    },
  });
}
