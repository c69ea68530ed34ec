// The one Hono app behind every documented path (SPEC §7), served under /api: hosted Supabase
// routes /functions/v1/api/* here, and so does the local stack's gateway.
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { AppDeps, AppEnv } from "../_shared/context.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { requireAdmin, requireUser } from "../_shared/require-user.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { authRoutes } from "./routes/auth.ts";

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath("/api");

  // Bearer tokens, no cookies: any origin may call (the SPA may be hosted elsewhere).
  app.use("*", cors({ origin: "*", allowHeaders: ["authorization", "content-type", "apikey", "x-client-info"] }));

  app.route("/auth", authRoutes(deps));

  app.use("/admin/*", requireUser(deps), requireAdmin());
  app.route("/admin/users", adminUserRoutes(deps));

  app.notFound(() => {
    throw new ApiError("not_found", "No such API path");
  });
  app.onError((error, c) => errorResponse(c, error));
  return app;
}
