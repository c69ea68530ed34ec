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

/** What a stored token means at `nowMs`. A token without a known user type or an expiry is unusable. */
export function readSession(token: string | null | undefined, nowMs: number): SessionState {
  if (!token) return { status: "missing" };
  const claims = decodeToken(token);
  if (!claims) return { status: "invalid", reason: "undecodable" };
  if (!isUserType(claims.user_type)) return { status: "invalid", reason: "no-user-type" };
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= nowMs) return { status: "invalid", reason: "expired" };
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
): GuardDecision {
  const state = readSession(token, nowMs);
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

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } finally {
    notify();
  }
}

export function removeToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } finally {
    notify();
  }
}

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
