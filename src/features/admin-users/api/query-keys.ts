// The admin-users feature's query keys, one per endpoint: what realtime events and the decisions
// name when they refresh or update a list.
export const adminUsersKeys = {
  all: ["admin-users"] as const,
  /** GET /admin/users */
  users: () => [...adminUsersKeys.all, "users"] as const,
  /** GET /admin/affiliate-links/all (or /pending) */
  linkApplications: () => [...adminUsersKeys.all, "link-applications"] as const,
};
