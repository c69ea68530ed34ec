// Session hooks and the route guard (docs/product.md, "Screens"; never a mock token). Every role
// route sits under <ProtectedRoute allow={[...]}>; the decision itself is the pure guardDecision in
// ./token.ts.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "./api-client.ts";
import {
  decodeToken,
  getRefreshToken,
  getToken,
  guardDecision,
  readSession,
  removeToken,
  subscribeToken,
  type Session,
  type UserType,
} from "./token.ts";

/** The stored token, re-rendering the caller whenever it changes (this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** Whether a refresh token is stored: an expired access token is then renewed, not the end. */
function useRefreshable(): boolean {
  return useSyncExternalStore(
    subscribeToken,
    () => getRefreshToken() !== null,
    () => false,
  );
}

/** The valid session, or null when the token is missing, unusable or expired beyond refreshing. */
export function useSession(): Session | null {
  const token = useToken();
  const state = readSession(token, useClock(expiryMs(token)), useRefreshable());
  return state.status === "valid" ? state.session : null;
}

/** When the token says it expires (ms), whether or not it is otherwise usable. */
function expiryMs(token: string | null): number | null {
  const exp = token ? decodeToken(token)?.exp : undefined;
  return typeof exp === "number" ? exp * 1000 : null;
}

/**
 * The time, read when mounted and again once `wakeAtMs` has passed (so an expiring token takes
 * effect without a click). Kept in state because rendering must not read the clock.
 */
function useClock(wakeAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (wakeAtMs === null) return;
    const delay = Math.min(Math.max(wakeAtMs - Date.now(), 0) + 50, 2_147_483_647);
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [wakeAtMs]);
  return now;
}

// Where a deliberate logout should land (header Logout -> /, admin Logout -> /login). Guards of
// the page being left use it instead of /login for a short moment, so the two redirects agree.
let logoutTarget: { to: string; at: number } | null = null;
const LOGOUT_TARGET_MS = 2000;

/**
 * Ends the session on the server (its tokens stop working everywhere at once) and forgets it here;
 * a guarded page being shown then redirects to `to`. The server call is not awaited: signing out
 * on this device never waits for the network.
 */
export function logout(to: string = paths.login): void {
  logoutTarget = { to, at: Date.now() };
  const token = getToken();
  if (token) void apiCall(API.logout, { token }).catch(() => {});
  removeToken();
}

function recentLogoutTarget(): string | null {
  return logoutTarget && Date.now() - logoutTarget.at < LOGOUT_TARGET_MS ? logoutTarget.to : null;
}

interface ProtectedRouteProps {
  allow: readonly UserType[];
  children?: ReactNode;
}

/** Renders its children (or the nested routes) only for a valid token of an allowed user type. */
export function ProtectedRoute({ allow, children }: ProtectedRouteProps) {
  const token = useToken();
  const location = useLocation();
  const decision = guardDecision(token, allow, useClock(expiryMs(token)), useRefreshable());
  const mustRemove = decision.action === "redirect" && decision.removeToken;

  useEffect(() => {
    if (mustRemove) removeToken();
  }, [mustRemove]);

  if (decision.action === "redirect") {
    const to = !token ? (recentLogoutTarget() ?? decision.to) : decision.to;
    return <Navigate to={to} replace state={{ from: location.pathname }} />;
  }
  return <>{children ?? <Outlet />}</>;
}
