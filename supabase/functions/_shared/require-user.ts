// Middleware: a valid bearer token of an existing account. Type and approval come from the
// database row read now, never from the token, so a decision takes effect at once.
import type { MiddlewareHandler } from "hono";
import { asUser } from "./db.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { verifyAccessToken } from "./tokens.ts";
import { userColumns, type UserRow } from "./users.ts";

export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) throw new ApiError("unauthorized", "Please sign in to continue");
    const claims = await verifyAccessToken(deps.signingKey, token);
    if (!claims) throw new ApiError("unauthorized", "Your session has expired. Please sign in again");
    const [user] = await asUser(deps.sql, claims, (tx) =>
      tx.unsafe<UserRow[]>(`select ${userColumns} from public.users where id = $1`, [claims.sub]),
    );
    if (!user) throw new ApiError("unauthorized", "Your session has expired. Please sign in again");
    c.set("claims", claims);
    c.set("user", user);
    await next();
  };
}

export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (user.user_type !== "admin" || user.status !== "approved") {
      throw new ApiError("forbidden", "Admin access required");
    }
    await next();
  };
}
