// The audit log (GET /admin/audit-log): the query and the answer, shared by the SPA and the api
// function (no Deno APIs). Entries are written by the database in the transaction of each admin
// action; this path only reads them, newest first, a page at a time.
import { z } from "zod";
import { timestamp } from "./fields.ts";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "./statuses.ts";

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from "./statuses.ts";

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const limitMessage = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`;
const filterText = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(320, `${name} must be at most 320 characters`).optional();

/**
 * GET /admin/audit-log query. `cursor` is the `next_cursor` of the previous page, opaque to the
 * caller (the server checks its shape); `actor` is an admin's email or account id.
 */
export const auditLogQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, limitMessage)
      .transform(Number)
      .pipe(z.number().min(1, limitMessage).max(AUDIT_PAGE_MAX, limitMessage))
      .optional(),
    cursor: z.string().max(200, "cursor is not one this server gave").optional(),
    actor: filterText("actor"),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
    target_type: z
      .enum(AUDIT_TARGET_TYPES, { error: `target_type must be one of ${AUDIT_TARGET_TYPES.join(", ")}` })
      .optional(),
    target_id: filterText("target_id"),
  })
  .strict();
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** Values of the changed columns, by column name. */
const changedValues = z.record(z.string(), z.unknown());

export const auditEntrySchema = z.object({
  /** The admin's (or shop's) email when they acted; null for a courier's rider and for a scheduled job acting on a rule an admin set (order.auto_cancel). */
  actor_email: z.string().nullable(),
  /** The courier whose rider acted on the rider's page, by its name now; null otherwise. */
  actor_courier: z.object({ id: z.guid(), name: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** `before` and `after` of the changed columns, and a reason and the target's names where there are any. */
  details: z.looseObject({
    before: changedValues.optional(),
    after: changedValues.optional(),
    reason: z.string().optional(),
  }),
  created_at: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/audit-log. `next_cursor` is null on the last page. */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
