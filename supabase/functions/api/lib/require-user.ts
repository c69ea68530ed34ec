// Middleware: a valid bearer token of an existing account and of a live session. Type and approval
// come from the database row read now, never from the token, so a decision takes effect at once.
import type { MiddlewareHandler } from "hono";
import { asUser, sqlLiteral } from "../../_shared/db.ts";
import type { UserType } from "../../_shared/contract/auth.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "./app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { ACCOUNT_SUSPENDED_PREFIX } from "../../_shared/contract/error-codes.ts";
import { verifyAccessToken } from "../../_shared/tokens.ts";
import { userColumns, type UserRow } from "../read-models/users.ts";

export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) throw new ApiError("unauthorized", "Please sign in to continue");
    const claims = await verifyAccessToken(deps.signingKey, token);
    if (!claims) throw new ApiError("unauthorized", "Your session has expired. Please sign in again");
    // The id as a literal (escaped, and from a token we signed): a query without parameters needs
    // no Describe round trip, so it leaves with BEGIN and the settings, and the lookup that every
    // signed-in request makes costs two round trips in all (this, then COMMIT).
    // The session is checked in the same query: a signed-out session's token, not yet expired,
    // gets no further.
    const [user] = await asUser(deps.sql, claims, (tx) => {
      const id = tx.unsafe(`${sqlLiteral(claims.sub)}::uuid`);
      return tx<(UserRow & { session_live: boolean })[]>`
        select ${userColumns(tx)}, private.session_is_live() as session_live from public.users where id = ${id}`;
    });
    if (!user) throw new ApiError("unauthorized", "Your session has expired. Please sign in again");
    // Before the session: suspending ends every session, and the user is told why, not only that.
    if (user.status === "suspended") throw accountSuspended(user);
    if (!user.session_live) throw new ApiError("unauthorized", "Your session has ended. Please sign in again");
    c.set("claims", claims);
    c.set("user", user);
    await next();
  };
}

/** The refusal of a suspended account, on every path and at sign-in: 403 with the admin's reason. */
export function accountSuspended(user: Pick<UserRow, "suspension_reason">): ApiError {
  return new ApiError("account_suspended", `${ACCOUNT_SUSPENDED_PREFIX}${user.suspension_reason ?? ""}`);
}

const PLURAL: Record<UserType, string> = { business: "businesses", influencer: "influencers", admin: "admins" };

export interface RoleRule {
  /** What the route does, for the refusal: "apply for affiliate links". */
  to: string;
  /** Also refuse accounts an admin has not approved (pending or rejected). */
  approved?: boolean;
}

/**
 * 403 unless the caller (set by requireUser) is of one of the `allowed` types and, with
 * `approved`, approved. Applied to each route from the route table's role (route-roles.ts).
 */
export function requireRole(allowed: UserType | readonly UserType[], rule: RoleRule): MiddlewareHandler<AppEnv> {
  const types: readonly UserType[] = typeof allowed === "string" ? [allowed] : allowed;
  const who = types.map((type) => PLURAL[type]).join(" and ");
  return async (c, next) => {
    const user = c.get("user");
    if (!types.includes(user.user_type)) throw new ApiError("forbidden", `Only ${who} can ${rule.to}`);
    if (rule.approved && user.status === "pending_approval") {
      throw new ApiError(
        "forbidden",
        `Your account is pending admin approval. You can ${rule.to} once it is approved.`,
      );
    }
    if (rule.approved && user.status !== "approved") {
      throw new ApiError("forbidden", `Your ${user.user_type} account was not approved, so you cannot ${rule.to}`);
    }
    await next();
  };
}
