// Session hooks and the route guard (SPEC §6 without mock tokens). Every role route sits under
// <ProtectedRoute allow={[...]}>; the decision itself is the pure guardDecision in ./token.ts.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { paths } from "../config/paths.ts";
import { getToken, guardDecision, readSession, removeToken, subscribeToken, type Session, type UserType } from "./token.ts";

/** The stored token, re-rendering the caller whenever it changes (this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** The valid session, or null when the token is missing, unusable or expired. */
export function useSession(): Session | null {
  const token = useToken();
  const state = readSession(token, Date.now());
  const expiresAt = state.status === "valid" ? state.session.expiresAt : null;
  useRerenderAt(expiresAt);
  return state.status === "valid" ? state.session : null;
}

/** Re-renders once at `whenMs` (so an expiring token takes effect without a click). */
function useRerenderAt(whenMs: number | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (whenMs === null) return;
    const delay = Math.min(Math.max(whenMs - Date.now(), 0) + 50, 2_147_483_647);
    const timer = setTimeout(() => setTick((tick) => tick + 1), delay);
    return () => clearTimeout(timer);
  }, [whenMs]);
}

// Where a deliberate logout should land (header Logout -> /, admin Logout -> /login). Guards of
// the page being left use it instead of /login for a short moment, so the two redirects agree.
let logoutTarget: { to: string; at: number } | null = null;
const LOGOUT_TARGET_MS = 2000;

/** Clears the token; a guarded page being shown then redirects to `to`. */
export function logout(to: string = paths.login): void {
  logoutTarget = { to, at: Date.now() };
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
  const decision = guardDecision(token, allow, Date.now());
  const mustRemove = decision.action === "redirect" && decision.removeToken;
  useRerenderAt(decision.action === "allow" ? decision.session.expiresAt : null);

  useEffect(() => {
    if (mustRemove) removeToken();
  }, [mustRemove]);

  if (decision.action === "redirect") {
    const to = !token ? (recentLogoutTarget() ?? decision.to) : decision.to;
    return <Navigate to={to} replace state={{ from: location.pathname }} />;
  }
  return <>{children ?? <Outlet />}</>;
}
