// User Approvals (the admin dashboard's first tab; docs/product.md, "Screens"): Pending / Approved
// / All, each filter a list of its own read from the server a page at a time (the next on scroll,
// or Load more), with the server's exact counts over every account; user cards, Approve and Reject.
// Live: any change to public.users refreshes GET /admin/users, so a new sign-up or a decision made
// elsewhere shows within a second without reload; the admin's own decision shows from the server's
// answer.
import { useState } from "react";
import type { User, UserStatus, UserStatusInput } from "@contract/auth.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import {
  EmptyState,
  FilterGroup,
  LiveIndicator,
  LoadingState,
  LoadMore,
  RetryAlert,
  useToast,
} from "@/components/ui/index.ts";
import { useUsers } from "@/features/admin-users/api/get-users.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";
import { useUpdateUserStatus, type Decision } from "@/features/admin-users/api/update-user-status.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { UserCard } from "./user-card.tsx";

type Filter = "pending" | "approved" | "all";

/** The status each filter asks the server for (none: every account). */
const statusOf: Record<Filter, UserStatus | undefined> = {
  pending: "pending_approval",
  approved: "approved",
  all: undefined,
};

export function UserApprovals() {
  const toast = useToast();
  const [filter, setFilter] = useState<Filter>("pending");
  const users = useUsers(statusOf[filter]);
  const decide = useUpdateUserStatus();
  const [deciding, setDeciding] = useState<Record<string, Decision>>({});
  // The account whose rejection awaits the admin's confirmation and reason.
  const [rejecting, setRejecting] = useState<User | null>(null);

  const live = useTableInvalidation({
    name: "admin-users",
    table: "users",
    event: "*",
    invalidates: [adminUsersKeys.users()],
  });

  const shown = users.data ?? [];
  // Unknown until the first page of any filter arrives: the buttons then show no number.
  const counts = users.counts && {
    pending: users.counts.pending_approval,
    approved: users.counts.approved,
    all: users.counts.total,
  };

  function onDecide(user: User, decision: Decision) {
    if (decision === "rejected") setRejecting(user);
    else void send(user, { status: "approved" }).catch(() => undefined);
  }

  async function send(user: User, decision: UserStatusInput) {
    setDeciding((current) => ({ ...current, [user.id]: decision.status }));
    try {
      await decide.mutateAsync({ id: user.id, decision });
      toast.success(t(`admin.users.decided.${decision.status}`, { email: user.email }));
    } catch (error) {
      toast.error(t("admin.users.failed", { status: decision.status }));
      throw error;
    } finally {
      setDeciding(({ [user.id]: _done, ...rest }) => rest);
    }
  }

  async function onConfirmReject(reason: string) {
    if (!rejecting) return;
    await send(rejecting, { status: "rejected", reason });
    setRejecting(null);
  }

  const emptyText = {
    pending: t("admin.users.empty.pending"),
    approved: t("admin.users.empty.approved"),
    all: t("admin.users.empty.all"),
  }[filter];

  return (
    <section className="stack" aria-labelledby="user-approvals-title">
      <div className="section-head">
        <h2 id="user-approvals-title" className="section-head__title">
          {t("admin.users.title")}
        </h2>
        <LiveIndicator status={live} />
      </div>
      <FilterGroup<Filter>
        label={t("admin.users.filters")}
        value={filter}
        onChange={setFilter}
        options={[
          { value: "pending", label: t("admin.users.filter.pending"), count: counts?.pending },
          { value: "approved", label: t("admin.users.filter.approved"), count: counts?.approved },
          { value: "all", label: t("admin.users.filter.all"), count: counts?.all },
        ]}
      />
      {users.error && (
        <RetryAlert onRetry={users.refetch} retrying={users.isFetching}>
          {users.error}
        </RetryAlert>
      )}
      {users.isLoading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        !users.error && <EmptyState icon="check" title={emptyText} />
      ) : (
        <ul className="card-grid" aria-label={t("admin.users.title")}>
          {shown.map((user) => (
            <UserCard key={user.id} user={user} deciding={deciding[user.id] ?? null} onDecide={onDecide} />
          ))}
        </ul>
      )}
      {!users.isLoading && !users.error && (
        <LoadMore
          shown={shown.length}
          hasMore={users.hasMore}
          loading={users.loadingMore}
          onLoadMore={users.loadMore}
        />
      )}
      <RejectDialog
        subject={rejecting && (rejecting.business_name ?? rejecting.full_name ?? rejecting.email)}
        onConfirm={onConfirmReject}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
