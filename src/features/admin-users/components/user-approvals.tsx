// User Approvals (the admin dashboard's first tab; docs/product.md, "Screens"): Pending / Approved
// / Suspended / All, each filter a list of its own read from the server a page at a time (the next
// on scroll, or Load more), with the server's exact counts over every account; user cards, Approve
// and Reject, Suspend (with a reason) and Reinstate.
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
import { ApprovalQueue, useDecisions, type UserFilter } from "./approval-queue.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import { UserCard } from "./user-card.tsx";

/** The status each filter asks the server for (none: every account). */
const statusOf: Record<UserFilter, UserStatus | undefined> = {
  pending: "pending_approval",
  approved: "approved",
  suspended: "suspended",
  all: undefined,
};

const moreFilters = ["suspended"] as const;

/** What the toast calls a decision: approving a suspended account reinstates it. */
function decisionName(user: User, status: Decision) {
  return status === "approved" && user.status === "suspended" ? "reinstated" : status;
}

/** A name for the account, as dialogs say it. */
function subjectOf(user: User) {
  return user.business_name ?? user.full_name ?? user.email;
}

export function UserApprovals() {
  const toast = useToast();
  const [filter, setFilter] = useState<UserFilter>("pending");
  const [suspending, setSuspending] = useState<User | null>(null);
  const users = useUsers(statusOf[filter]);
  const decide = useUpdateUserStatus();
  const decisions = useDecisions<User, Decision>({
    reject: "rejected",
    async send(user, status, reason) {
      try {
        await decide.mutateAsync({
          id: user.id,
          decision: status === "approved" ? { status } : { status, reason: reason ?? "" },
        });
        toast.success(t(`admin.users.decided.${decisionName(user, status)}`, { email: user.email }));
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
          suspended: users.counts.suspended,
          all: users.counts.total,
        }
      }
      moreFilters={moreFilters}
      list={users}
      live={live}
      emptyIcon="check"
      card={(user) => (
        <UserCard
          key={user.id}
          user={user}
          deciding={decisions.deciding(user)}
          onDecide={(decided, status) =>
            status === "suspended" ? setSuspending(decided) : decisions.onDecide(decided, status)
          }
        />
      )}
      rejectSubject={rejecting && subjectOf(rejecting)}
      onConfirmReject={decisions.onConfirmReject}
      onCancelReject={decisions.onCancelReject}
    >
      <ReasonDialog
        kind="suspend"
        subject={suspending && subjectOf(suspending)}
        onConfirm={async (reason) => {
          if (!suspending) return;
          await decisions.run(suspending, "suspended", reason);
          setSuspending(null);
        }}
        onCancel={() => setSuspending(null)}
      />
    </ApprovalQueue>
  );
}
