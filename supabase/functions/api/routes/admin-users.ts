// Admin paths for accounts: list every account, approve or reject a pending one.
import { Hono } from "hono";
import { userStatusSchema, type UsersResponse, type UserStatusResponse } from "../../_shared/contract/auth.ts";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { toUserJson, userColumns, type UserRow } from "../read-models/users.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { pageQuerySchema } from "../../_shared/contract/paging.ts";
import { afterCursor, cursorMicros, pageOf, rowsToRead } from "../lib/keyset.ts";

export function adminUserRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/users - one page of every account, newest first (RLS lets only admins see others; ?limit, cursor)
  app.get("/", async (c) => {
    const page = parseQuery(c, pageQuerySchema);
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<(UserRow & { cursor_micros: number })[]>`
        select ${userColumns(tx)}, ${cursorMicros(tx, tx`created_at`)} as cursor_micros from public.users
        where ${afterCursor(tx, tx`created_at`, tx`id`, page.cursor)}
        order by created_at desc, id desc
        limit ${rowsToRead(page)}`,
    );
    const { rows: users, next_cursor } = pageOf(rows, page);
    return c.json({ users: users.map(toUserJson), next_cursor } satisfies UsersResponse);
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
