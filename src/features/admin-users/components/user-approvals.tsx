// User Approvals (the admin dashboard's first tab; docs/product.md, "Screens"): Pending / Approved
// / All, each filter a list of its own read from the server a page at a time (the next on scroll,
// or Load more), with the server's exact counts over every account; user cards, Approve and Reject.
// Live: any change to public.users refreshes GET /admin/users, so a new sign-up or a decision made
// elsewhere shows within a second without reload; the admin's own decision shows from the server's
// answer. The list, filters and rejection dialog are the shared ApprovalQueue.
import { useState } from "react";
import type { User, UserStatus } from "@contract/auth.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useToast } from "@/components/ui/index.ts";
import { useUsers } from "@/features/admin-users/api/get-users.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";
import { useUpdateUserStatus, type Decision } from "@/features/admin-users/api/update-user-status.ts";
import { ApprovalQueue, useDecisions, type QueueFilter } from "./approval-queue.tsx";
import { UserCard } from "./user-card.tsx";

/** The status each filter asks the server for (none: every account). */
const statusOf: Record<QueueFilter, UserStatus | undefined> = {
  pending: "pending_approval",
  approved: "approved",
  all: undefined,
};

export function UserApprovals() {
  const toast = useToast();
  const [filter, setFilter] = useState<QueueFilter>("pending");
  const users = useUsers(statusOf[filter]);
  const decide = useUpdateUserStatus();
  const decisions = useDecisions<User, Decision>({
    reject: "rejected",
    async send(user, status, reason) {
      try {
        await decide.mutateAsync({
          id: user.id,
          decision: status === "rejected" ? { status, reason: reason ?? "" } : { status },
        });
        toast.success(t(`admin.users.decided.${status}`, { email: user.email }));
      } catch (error) {
        toast.error(t("admin.users.failed", { status }));
        throw error;
      }
    },
  });

  const live = useTableInvalidation({
    topic: liveTopics.admin,
    table: "users",
    event: "*",
    invalidates: [adminUsersKeys.users()],
  });

  const rejecting = decisions.rejecting;
  return (
    <ApprovalQueue
      headingId="user-approvals-title"
      texts="admin.users"
      filter={filter}
      onFilter={setFilter}
      counts={
        users.counts && {
          pending: users.counts.pending_approval,
          approved: users.counts.approved,
          all: users.counts.total,
        }
      }
      list={users}
      live={live}
      emptyIcon="check"
      card={(user) => (
        <UserCard key={user.id} user={user} deciding={decisions.deciding(user)} onDecide={decisions.onDecide} />
      )}
      rejectSubject={rejecting && (rejecting.business_name ?? rejecting.full_name ?? rejecting.email)}
      onConfirmReject={decisions.onConfirmReject}
      onCancelReject={decisions.onCancelReject}
    />
  );
}
