import type { AuditLogFilters } from "@/features/admin-audit-log/api/get-audit-log.ts";

export const auditLogKeys = {
  all: ["admin-audit-log"] as const,
  list: (filters: AuditLogFilters) => [...auditLogKeys.all, filters] as const,
};
