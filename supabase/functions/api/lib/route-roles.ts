// Middleware: who may call each path, decided in one place from the route table
// (_shared/contract/routes.ts) before any route runs. A route for anyone is let through as it is
// (any Authorization header ignored); every other needs a valid token of an existing account
// (requireUser, 401), and a route for some account types checks the type and, where the table
// says so, the approval (requireRole, 403). The routes themselves check no role.
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import { findRoute, pathMatches } from "../../_shared/contract/route-path.ts";
import type { ApiRoute, Role } from "../../_shared/contract/routes.ts";
import type { AppEnv } from "./app-env.ts";
import { requireRole, requireUser } from "./require-user.ts";

/** `basePath`: the app's own prefix, which the table's paths leave out. */
export function checkRoles(deps: AppDeps, routes: readonly ApiRoute[], basePath: string): MiddlewareHandler<AppEnv> {
  const signedIn = requireUser(deps);
  return async (c, next) => {
    const path = c.req.path.startsWith(basePath) ? c.req.path.slice(basePath.length) : c.req.path;
    const role = findRoute(routes, c.req.method, path)?.role ?? roleOfUnlistedPath(routes, path);
    if (role.kind === "anyone") return next();
    if (role.kind === "signed-in") return signedIn(c, next);
    const allowed = requireRole(role.types, role);
    return signedIn(c, async () => {
      await allowed(c, next);
    });
  };
}

const anyone: Role = { kind: "anyone" };
const signedIn: Role = { kind: "signed-in" };

/**
 * A path or method the table lacks answers 404, but it is refused first as the routes around it
 * would refuse the caller, as when each group of routes had its own guard: the routes of the
 * same path (another method), else those under the path's deepest folder that holds any. Under
 * /admin/ and /payouts/admin/ that is an approved admin; under /campaigns/ (mixed roles) any
 * signed-in user; where any route is open to anyone (/auth/, /r/, the root), nobody is refused.
 */
export function roleOfUnlistedPath(routes: readonly ApiRoute[], path: string): Role {
  const samePath = routes.filter((route) => pathMatches(route.path, path));
  if (samePath.length > 0) return commonRole(samePath.map((route) => route.role));
  const folders = path.split("/").slice(1, -1);
  for (let depth = folders.length; depth >= 1; depth--) {
    const under = routes.filter((route) => isUnder(route.path, folders.slice(0, depth)));
    if (under.length > 0) return commonRole(under.map((route) => route.role));
  }
  return anyone;
}

/** Whether a route's path lies below the folder `/a/b/` (its parameters match any segment). */
function isUnder(routePath: string, folder: string[]): boolean {
  const segments = routePath.split("/").slice(1);
  return (
    segments.length > folder.length &&
    folder.every((segment, i) => segments[i] === segment || segments[i].startsWith("{"))
  );
}

/** The role all of them share; else a signed-in user when none is open to anyone. */
function commonRole(roles: Role[]): Role {
  const key = (role: Role) => JSON.stringify(role);
  if (roles.every((role) => key(role) === key(roles[0]))) return roles[0];
  return roles.some((role) => role.kind === "anyone") ? anyone : signedIn;
}
