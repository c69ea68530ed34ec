import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditLogQuery, AuditLogResponse } from "@contract/audit.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { auditLogKeys } from "@/features/admin-audit-log/api/query-keys.ts";

/** The filters an admin can set; empty ones are not sent. */
export type AuditLogFilters = Pick<AuditLogQuery, "actor" | "action" | "target_type" | "target_id">;

export const AUDIT_LOG_PAGE_SIZE = 50;

// GET /admin/audit-log - admin actions, newest first, one page per cursor
export function getAuditLog(
  filters: AuditLogFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  return apiCall(API.auditLog, { query: { limit: String(AUDIT_LOG_PAGE_SIZE), ...filters, cursor }, signal });
}

export const auditLogQuery = (filters: AuditLogFilters) =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery(auditLogQuery(filters));
}
