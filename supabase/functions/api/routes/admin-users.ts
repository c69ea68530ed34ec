// Admin paths for accounts: list every account; approve or reject a pending one, suspend an
// approved one, reinstate a suspended one.
import { Hono } from "hono";
import {
  userStatusSchema,
  usersQuerySchema,
  type UserCounts,
  type UsersResponse,
  type UserStatusResponse,
} from "../../_shared/contract/auth.ts";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { toUserJson, userColumns, type UserRow } from "../read-models/users.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";
import { afterCursor, cursorMicros, pageOf, rowsToRead } from "../lib/keyset.ts";

export function adminUserRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/users - one page of the accounts, newest first, with every status's exact count
  // (RLS lets only admins see others; ?status, limit, cursor). The status filter and the order
  // match users_status_created_at_id_idx, so a page is an index range scan.
  app.get("/", async (c) => {
    const query = parseQuery(c, usersQuerySchema);
    const [rows, [counts]] = await asUser(deps.sql, c.get("claims"), (tx) =>
      Promise.all([
        tx<(UserRow & { cursor_micros: number })[]>`
          select ${userColumns(tx)}, ${cursorMicros(tx, tx`created_at`)} as cursor_micros from public.users
          where ${query.status ? tx`status = ${query.status}` : tx`true`}
            and ${afterCursor(tx, tx`created_at`, tx`id`, query.cursor)}
          order by created_at desc, id desc
          limit ${rowsToRead(query)}`,
        // Counted over every account, not the page, so the filters' numbers stay exact while paging.
        tx<UserCounts[]>`
          select count(*) filter (where status = 'pending_approval')::int as pending_approval,
                 count(*) filter (where status = 'approved')::int as approved,
                 count(*) filter (where status = 'rejected')::int as rejected,
                 count(*) filter (where status = 'suspended')::int as suspended,
                 count(*)::int as total
          from public.users`,
      ]),
    );
    const { rows: users, next_cursor } = pageOf(rows, query);
    return c.json({ users: users.map(toUserJson), next_cursor, counts } satisfies UsersResponse);
  });

  // PUT /admin/users/{id}/status - approve or reject (with a reason) a pending account, suspend
  // (with a reason) an approved one, reinstate (approve) a suspended one
  app.put("/:id/status", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const decision = await parseJsonBody(c, userStatusSchema);
    const { status } = decision;
    const reason = decision.status === "approved" ? null : decision.reason;
    const [user] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<UserRow[]>`select ${userColumns(tx)} from public.set_user_status(${id}, ${status}, ${reason})`,
    );
    return c.json({ user: toUserJson(user), message: `User ${status}` } satisfies UserStatusResponse);
  });

  return app;
}
