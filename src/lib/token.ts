// The stored access token (localStorage key `token`; docs/product.md, "Screens") and the routing
// decisions made from it. The token is decoded, never verified: the server verifies it on every
// call. Anything the token says about approval is informational; screens read status from
// GET /auth/me.
import { paths } from "@/config/paths.ts";

export const TOKEN_STORAGE_KEY = "token";

export const userTypes = ["business", "influencer", "admin"] as const;
export type UserType = (typeof userTypes)[number];

export interface Session {
  token: string;
  userId: string | null;
  email: string | null;
  userType: UserType;
  isApproved: boolean;
  /** Expiry in milliseconds since the epoch. */
  expiresAt: number;
}

export type SessionState =
  | { status: "missing" }
  | { status: "invalid"; reason: "undecodable" | "no-user-type" | "expired" }
  | { status: "valid"; session: Session };

export type GuardDecision =
  { action: "allow"; session: Session } | { action: "redirect"; to: string; removeToken: boolean };

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT's claims, or null when the text is not a decodable JWT with an object payload. */
export function decodeToken(token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims !== null && typeof claims === "object" && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function isUserType(value: unknown): value is UserType {
  return typeof value === "string" && (userTypes as readonly string[]).includes(value);
}

/**
 * What a stored token means at `nowMs`. A token without a known user type or an expiry is
 * unusable; an expired one too, unless it is `refreshable` (a refresh token is stored beside it:
 * the next call renews it, session-refresh.ts).
 */
export function readSession(token: string | null | undefined, nowMs: number, refreshable = false): SessionState {
  if (!token) return { status: "missing" };
  const claims = decodeToken(token);
  if (!claims) return { status: "invalid", reason: "undecodable" };
  if (!isUserType(claims.user_type)) return { status: "invalid", reason: "no-user-type" };
  if (typeof claims.exp !== "number" || (claims.exp * 1000 <= nowMs && !refreshable))
    return { status: "invalid", reason: "expired" };
  return {
    status: "valid",
    session: {
      token,
      userId: typeof claims.sub === "string" ? claims.sub : null,
      email: typeof claims.email === "string" ? claims.email : null,
      userType: claims.user_type,
      isApproved: claims.is_approved === true,
      expiresAt: claims.exp * 1000,
    },
  };
}

/** The route guard (docs/product.md, "Screens"), never accepting a mock token: missing -> /login; unusable -> removed, /login; wrong role -> /dashboard. */
export function guardDecision(
  token: string | null | undefined,
  allow: readonly UserType[],
  nowMs: number,
  refreshable = false,
): GuardDecision {
  const state = readSession(token, nowMs, refreshable);
  if (state.status === "missing") return { action: "redirect", to: paths.login, removeToken: false };
  if (state.status === "invalid") return { action: "redirect", to: paths.login, removeToken: true };
  if (!allow.includes(state.session.userType)) return { action: "redirect", to: paths.dashboard, removeToken: false };
  return { action: "allow", session: state.session };
}

export const dashboardPaths: Record<UserType, string> = {
  admin: paths.adminDashboard,
  business: paths.businessDashboard,
  influencer: paths.influencerDashboard,
};

/** The dashboard for a user type; unknown types go to the landing page. */
export function dashboardPathFor(userType: unknown): string {
  return isUserType(userType) ? dashboardPaths[userType] : paths.home;
}

// --- storage, observable so the header and guards re-render when the token changes ----------

/** The refresh token of the session (localStorage key `refresh_token`), beside its access token. */
export const REFRESH_TOKEN_STORAGE_KEY = "refresh_token";

/** What signing in, registering and refreshing answer: the access token and its refresh token. */
export interface SessionTokens {
  token: string;
  refresh_token: string;
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_STORAGE_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_STORAGE_KEY);
}

/** Stores a session's pair (a sign-in's, a registration's or a refresh's). */
export function setTokens(tokens: SessionTokens): void {
  try {
    window.localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, tokens.refresh_token);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, tokens.token);
  } finally {
    notify();
  }
}

const SIGNED_OUT_REASON_KEY = "signed_out_reason";

/**
 * Forgets the session's tokens (signing out, or a session the server ended). `reason`, the
 * server's words for why it ended (translated), is kept for the sign-in page of this tab to show.
 */
export function removeToken(reason?: string): void {
  try {
    // The refresh token goes first: another tab hears of the access token's change, and then
    // finds nothing to refresh with.
    window.localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    if (reason) window.sessionStorage.setItem(SIGNED_OUT_REASON_KEY, reason);
  } finally {
    notify();
  }
}

/** Why the server ended this tab's session (the sign-in page shows it), or null. */
export function signedOutReason(): string | null {
  try {
    return window.sessionStorage.getItem(SIGNED_OUT_REASON_KEY);
  } catch {
    return null;
  }
}

/** The reason was shown: the next visit to the sign-in page starts clean. */
export function forgetSignedOutReason(): void {
  try {
    window.sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  } catch {
    // Storage unavailable: there was nothing to forget.
  }
}

/** Calls `listener` whenever the access token changes, in this tab or another. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
