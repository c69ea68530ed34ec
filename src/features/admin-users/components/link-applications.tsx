// Affiliate Link Applications (the User Approvals tab's second section; docs/product.md,
// "Screens"): Pending / Approved / All, each filter a list of its own read from the server a page
// at a time (the next on scroll, or Load more), with the server's exact counts over every
// application; Approve and Reject on pending ones. A refused decision (e.g. the cap of 10 approved
// links per campaign) says 'Failed to approve affiliate link. Please try again.' with the server's
// reason. Live: any change to affiliate_links refreshes the list, so a new application appears
// without reload; the admin's own decision shows from the server's answer.
import { useState } from "react";
import type { LinkApplication, LinkStatus } from "@contract/links.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import {
  Alert,
  EmptyState,
  FilterGroup,
  LiveIndicator,
  LoadingState,
  LoadMore,
  RetryAlert,
  useToast,
} from "@/components/ui/index.ts";
import { useDecideLinkApplication, type LinkDecision } from "@/features/admin-users/api/decide-link-application.ts";
import { useLinkApplications } from "@/features/admin-users/api/get-link-applications.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";
import { LinkApplicationCard, linkApplicationLabel } from "./link-application-card.tsx";
import { RejectDialog } from "./reject-dialog.tsx";

type Filter = "pending" | "approved" | "all";

/** The status each filter asks the server for (none: every application). */
const statusOf: Record<Filter, LinkStatus | undefined> = {
  pending: "pending",
  approved: "approved",
  all: undefined,
};

export function LinkApplications() {
  const toast = useToast();
  const [filter, setFilter] = useState<Filter>("pending");
  const applications = useLinkApplications(statusOf[filter]);
  const decide = useDecideLinkApplication();
  const [deciding, setDeciding] = useState<Record<string, LinkDecision>>({});
  // The application whose rejection awaits the admin's confirmation and reason.
  const [rejecting, setRejecting] = useState<LinkApplication | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);

  const live = useTableInvalidation({
    name: "admin-links",
    table: "affiliate_links",
    event: "*",
    invalidates: [adminUsersKeys.linkApplications()],
  });

  const shown = applications.data ?? [];
  // Unknown until the first page of any filter arrives: the buttons then show no number.
  const counts = applications.counts && {
    pending: applications.counts.pending,
    approved: applications.counts.approved,
    all: applications.counts.total,
  };

  function onDecide(application: LinkApplication, decision: LinkDecision) {
    if (decision === "reject") setRejecting(application);
    else void send(application, "approve").catch(() => undefined);
  }

  async function onConfirmReject(reason: string) {
    if (!rejecting) return;
    await send(rejecting, "reject", reason);
    setRejecting(null);
  }

  async function send(application: LinkApplication, decision: LinkDecision, reason?: string) {
    setFailure(null);
    setDeciding((current) => ({ ...current, [application.id]: decision }));
    try {
      await decide.mutateAsync({ id: application.id, decision, reason });
      toast.success(
        t(`admin.links.decided.${decision}`, { campaign: application.campaign_name || application.campaign_id }),
      );
    } catch (error) {
      const title = t(`admin.links.failed.${decision}`);
      const detail = serverMessage(error);
      setFailure({ title, detail });
      toast.error(detail ? `${title} ${detail}` : title);
      throw error;
    } finally {
      setDeciding(({ [application.id]: _done, ...rest }) => rest);
    }
  }

  const emptyText = {
    pending: t("admin.links.empty.pending"),
    approved: t("admin.links.empty.approved"),
    all: t("admin.links.empty.all"),
  }[filter];

  return (
    <section className="stack" aria-labelledby="link-applications-title">
      <div className="section-head">
        <h2 id="link-applications-title" className="section-head__title">
          {t("admin.links.title")}
        </h2>
        <LiveIndicator status={live} />
      </div>
      <FilterGroup<Filter>
        label={t("admin.links.filters")}
        optionPrefix={t("admin.links.filterPrefix")}
        value={filter}
        onChange={setFilter}
        options={[
          { value: "pending", label: t("admin.users.filter.pending"), count: counts?.pending },
          { value: "approved", label: t("admin.users.filter.approved"), count: counts?.approved },
          { value: "all", label: t("admin.users.filter.all"), count: counts?.all },
        ]}
      />
      {failure && (
        <Alert tone="danger" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      {applications.error && (
        <RetryAlert onRetry={applications.refetch} retrying={applications.isFetching}>
          {applications.error}
        </RetryAlert>
      )}
      {applications.isLoading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        !applications.error && <EmptyState icon="link" title={emptyText} />
      ) : (
        <ul className="card-grid" aria-label={t("admin.links.title")}>
          {shown.map((application) => (
            <LinkApplicationCard
              key={application.id}
              application={application}
              deciding={deciding[application.id] ?? null}
              onDecide={onDecide}
            />
          ))}
        </ul>
      )}
      {!applications.isLoading && !applications.error && (
        <LoadMore
          shown={shown.length}
          hasMore={applications.hasMore}
          loading={applications.loadingMore}
          onLoadMore={applications.loadMore}
        />
      )}
      <RejectDialog
        subject={rejecting && linkApplicationLabel(rejecting)}
        onConfirm={onConfirmReject}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
