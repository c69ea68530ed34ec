// Admin paths for accounts: list every account, approve or reject a pending one.
import { Hono } from "hono";
import { userStatusSchema, type UsersResponse, type UserStatusResponse } from "../../_shared/contract/auth.ts";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { toUserJson, userColumns, type UserRow } from "../read-models/users.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";

export function adminUserRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/users - every account, newest first (RLS lets only admins see others)
  app.get("/", async (c) => {
    const users = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<UserRow[]>`select ${userColumns(tx)} from public.users order by created_at desc, id`,
    );
    return c.json({ users: users.map(toUserJson) } satisfies UsersResponse);
  });

  // PUT /admin/users/{id}/status - approve or reject (with a reason) a pending account
  app.put("/:id/status", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const decision = await parseJsonBody(c, userStatusSchema);
    const { status } = decision;
    const reason = decision.status === "rejected" ? decision.reason : null;
    const [user] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<UserRow[]>`select ${userColumns(tx)} from public.set_user_status(${id}, ${status}, ${reason})`,
    );
    return c.json({ user: toUserJson(user), message: `User ${status}` } satisfies UserStatusResponse);
  });

  return app;
}
