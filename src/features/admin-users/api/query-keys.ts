// The admin-users feature's query keys, one per endpoint: what realtime events and the decisions
// name when they refresh or update a list.
import type { UserStatus } from "@contract/auth.ts";
import type { LinkStatus } from "@contract/links.ts";

export const adminUsersKeys = {
  all: ["admin-users"] as const,
  /** GET /admin/users, every filter (the prefix realtime and a decision refresh) */
  users: () => [...adminUsersKeys.all, "users"] as const,
  /** GET /admin/users?status=… (every account without one) */
  usersList: (status: UserStatus | undefined) => [...adminUsersKeys.users(), status ?? "all"] as const,
  /** GET /admin/affiliate-links/all (or /pending), every filter */
  linkApplications: () => [...adminUsersKeys.all, "link-applications"] as const,
  /** GET /admin/affiliate-links/all?status=… (every application without one) */
  linkApplicationsList: (status: LinkStatus | undefined) =>
    [...adminUsersKeys.linkApplications(), status ?? "all"] as const,
};
