// Keeps the session's access token fresh (docs/architecture.md, "Sessions and refresh tokens"). An
// access token lasts an hour; five minutes before it expires (or as soon as the page is shown
// again after a sleep), POST /auth/refresh swaps the stored refresh token for a new pair. The new
// access token is stored, which re-renders the guards and hands it to Realtime (realtime.ts), so
// a live board carries on without a reload.
//
// Tabs share one stored pair, so one tab refreshes at a time: a Web Lock across the tabs, and
// inside it the stored token is read again, so a tab that waited finds its neighbour's new pair
// and sends nothing. The lock is only an optimisation (Chrome on Android has been seen keeping a
// lock of a frozen tab): it is given up after 10 seconds, and the server forgives a token
// swapped less than 10 seconds before. Only a refresh the server refuses (401: signed out
// elsewhere, a reused token, an idle session) signs the user out; a network failure keeps the
// pair and tries again.
import { REQUEST_TIMEOUT_MS } from "@/config/app.ts";
import { env } from "@/config/env.ts";
import { loadServerMessages } from "./i18n/index.ts";
import { translateServerError } from "./server-error-text.ts";
import { decodeToken, getRefreshToken, getToken, removeToken, setTokens, subscribeToken } from "./token.ts";

/** How long before its expiry the access token is swapped. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** After a refresh that could not reach the server, the next try. */
const RETRY_MS = 30_000;
const LOCK_NAME = "session-refresh";
const LOCK_WAIT_MS = 10_000;

export type RefreshResult = "refreshed" | "signed-out" | "unavailable";

let inFlight: Promise<RefreshResult> | null = null;

/**
 * Swaps the stored refresh token for a new pair, once at a time in this tab and across tabs.
 * `staleToken` is the access token the caller found wanting: when the stored one is already
 * another, fresh one (another tab refreshed), nothing is sent.
 */
export function refreshSession(staleToken: string | null = getToken()): Promise<RefreshResult> {
  inFlight ??= withLock(() => swap(staleToken)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The stored access token, refreshed first when it expires within the next 30 seconds. */
export async function freshToken(): Promise<string | null> {
  const token = getToken();
  const left = token ? msToExpiry(token) : null;
  if (left !== null && left < 30_000 && getRefreshToken()) await refreshSession(token);
  return getToken();
}

/** Refreshes ahead of every expiry while the app runs; returns the stop function. */
export function keepSessionFresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.min(Math.max(delayMs, 0), 2_147_483_647));
  };
  const plan = () => {
    clearTimeout(timer);
    const token = getToken();
    const left = token ? msToExpiry(token) : null;
    if (left !== null && getRefreshToken()) schedule(left - REFRESH_AHEAD_MS);
  };
  const fire = () => {
    void refreshSession(getToken()).then((result) => {
      if (result === "unavailable") schedule(RETRY_MS);
    });
  };
  // Timers of a hidden tab are slowed or frozen (a phone in a pocket): look again when shown.
  const onVisibility = () => {
    if (document.visibilityState === "visible") plan();
  };
  const unsubscribe = subscribeToken(plan);
  document.addEventListener("visibilitychange", onVisibility);
  plan();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

/** How long the token has left, or null for one without an expiry the SPA can read. */
function msToExpiry(token: string): number | null {
  const exp = decodeToken(token)?.exp;
  return typeof exp === "number" ? exp * 1000 - Date.now() : null;
}

async function withLock(work: () => Promise<RefreshResult>): Promise<RefreshResult> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  try {
    return await locks.request(LOCK_NAME, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, work);
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) return work();
    throw error;
  }
}

/**
 * The refresh's route and answer schema, loaded when a refresh is due (about once an hour), not
 * with this module: api-client.ts imports it on every page, and the route table and zod it brings
 * would otherwise be half of the phone checkout's JavaScript (which never sends a token). Failing
 * to load (offline, a deploy replaced the files) counts as not reaching the server: tried again.
 */
function refreshContract() {
  return Promise.all([import("@contract/routes.ts"), import("@contract/auth.ts")]).then(
    ([{ API }, { refreshResponseSchema }]) => ({ API, refreshResponseSchema }),
  );
}

async function swap(staleToken: string | null): Promise<RefreshResult> {
  const stored = getToken();
  if (stored && stored !== staleToken && (msToExpiry(stored) ?? 0) > REFRESH_AHEAD_MS) return "refreshed";
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    // A token without a session to renew (one stored before sessions existed): it is over.
    removeToken();
    return "signed-out";
  }

  let response: Response;
  let contract: Awaited<ReturnType<typeof refreshContract>>;
  try {
    contract = await refreshContract();
    response = await fetch(`${env.apiBaseUrl}${contract.API.refreshSession.path}`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return "unavailable";
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = contract.refreshResponseSchema.safeParse(body);
    if (!parsed.success) return "unavailable";
    setTokens(parsed.data);
    return "refreshed";
  }
  const { error: code, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  // 401: the session is over; 403 account_suspended: an admin suspended the account.
  if (response.status !== 401 && code !== "account_suspended") return "unavailable";
  // Another tab may have swapped this very token meanwhile (without the lock): its pair counts.
  if (response.status === 401 && getRefreshToken() !== refreshToken) return "refreshed";
  // Why, in the server's words (translated), for the sign-in page to show.
  if (typeof message === "string") await loadServerMessages().catch(() => undefined);
  removeToken(typeof message === "string" ? translateServerError(code, message) : undefined);
  return "signed-out";
}
