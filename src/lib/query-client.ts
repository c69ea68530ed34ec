// The SPA's one cache of server state (TanStack Query; docs/architecture.md, "Server state in the
// SPA: one query cache") and the rules all its queries share. When the server cannot be reached
// (offline, restarting, database down: `isUnavailable`) a query tries again by itself, 2 s, 4 s,
// 8 s and then every 15 s apart, until an answer comes; any other failure waits for the user's "Try
// again". Writes are never repeated by themselves: whether to send one again is the user's
// decision.
import { QueryClient } from "@tanstack/react-query";
import { isUnavailable } from "./api-client.ts";
import { decodeToken, getToken, subscribeToken } from "./token.ts";

/** The wait before the n-th automatic retry (n from 0). */
export function retryDelayMs(attempt: number): number {
  return Math.min(2000 * 2 ** attempt, 15_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (_failures, error) => isUnavailable(error),
        // TanStack passes the failures before this one: 0 for the first retry.
        retryDelay: (failures) => retryDelayMs(failures),
        // Our schedule decides, not navigator.onLine (which says nothing about a restarting server).
        networkMode: "always",
        // Live screens follow realtime and catch up on every (re)subscription; coming back to the
        // window needs no extra refetch of every board.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

function tokenSubject(): string | null {
  const token = getToken();
  const sub = token ? decodeToken(token)?.sub : null;
  return typeof sub === "string" ? sub : null;
}

/**
 * Empties the cache when a token of another user arrives (a sign-in, another account signed in in
 * another tab): every answer is what the API shows one user, and no key names the user. Signing
 * out empties nothing by itself: the guarded screens go away, and the screen that saw a 401 still
 * needs its error to send the user to /login.
 */
export function clearCacheOnUserChange(queryClient: QueryClient): () => void {
  let owner = tokenSubject();
  return subscribeToken(() => {
    const subject = tokenSubject();
    if (subject === null || subject === owner) return;
    owner = subject;
    queryClient.clear();
  });
}
