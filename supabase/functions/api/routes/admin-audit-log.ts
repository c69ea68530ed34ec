// Admin path for the audit log: the entries the database wrote for every admin action, newest
// first, keyset-paged and filtered. Read as the admin, so the table's policy decides too.
import { Hono } from "hono";
import { AUDIT_PAGE_DEFAULT, auditLogQuerySchema, type AuditLogResponse } from "../../_shared/contract/audit.ts";
import { asUser, type Fragment, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { decodeAuditCursor, encodeAuditCursor } from "../lib/audit-cursor.ts";
import { parseWith } from "../../_shared/validation.ts";

type EntryRow = Pick<
  Tables<"audit_log">,
  "id" | "actor_email" | "action" | "target_type" | "target_id" | "details" | "created_at"
> & { actor_courier: { id: string; name: string } | null };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An actor given as an account id matches that account; an email matches the email the admin had when acting or has now. */
function actorCondition(tx: Tx, actor: string): Fragment {
  if (uuidPattern.test(actor)) return tx`actor_id = ${actor.toLowerCase()}`;
  return tx`(lower(actor_email) = lower(${actor})
             or actor_id = (select u.id from public.users u where lower(u.email) = lower(${actor})))`;
}

export function adminAuditLogRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/audit-log - admin actions, newest first, paged by cursor, filtered by actor, action and target
  app.get("/", async (c) => {
    const query = parseWith(auditLogQuerySchema, c.req.query());
    const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
    const before = query.cursor === undefined ? null : decodeAuditCursor(query.cursor);
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => {
      const conditions: Fragment[] = [tx`true`];
      if (before !== null) conditions.push(tx`id < ${before}`);
      if (query.actor) conditions.push(actorCondition(tx, query.actor));
      if (query.action) conditions.push(tx`action = ${query.action}`);
      if (query.target_type) conditions.push(tx`target_type = ${query.target_type}`);
      if (query.target_id) conditions.push(tx`target_id = ${query.target_id}`);
      const where = conditions.reduce((all, condition) => tx`${all} and ${condition}`);
      // One row more than the page says whether another page follows.
      return tx<EntryRow[]>`
        select a.id, a.actor_email, a.action, a.target_type, a.target_id, a.details, a.created_at,
               (select json_build_object('id', k.id, 'name', k.name) from public.couriers k
                where k.id = a.actor_courier_id) as actor_courier
        from (select * from public.audit_log where ${where} order by id desc limit ${limit + 1}) a
        order by a.id desc`;
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      entries: page.map(({ id: _id, ...entry }) => entry as AuditLogResponse["entries"][number]),
      next_cursor: rows.length > limit && last ? encodeAuditCursor(last.id) : null,
    } satisfies AuditLogResponse);
  });

  return app;
}
