// Affiliate Link Applications (the User Approvals tab's second section; docs/product.md,
// "Screens"): Pending / Approved / All, each filter a list of its own read from the server a page
// at a time (the next on scroll, or Load more), with the server's exact counts over every
// application; Approve and Reject on pending ones. A refused decision (e.g. the cap of 10 approved
// links per campaign) says 'Failed to approve affiliate link. Please try again.' with the server's
// reason. Live: any change to affiliate_links refreshes the list, so a new application appears
// without reload; the admin's own decision shows from the server's answer. The list, filters and
// rejection dialog are the shared ApprovalQueue.
import { useState } from "react";
import type { LinkApplication, LinkStatus } from "@contract/links.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { Alert, useToast } from "@/components/ui/index.ts";
import { useDecideLinkApplication, type LinkDecision } from "@/features/admin-users/api/decide-link-application.ts";
import { useLinkApplications } from "@/features/admin-users/api/get-link-applications.ts";
import { adminUsersKeys } from "@/features/admin-users/api/query-keys.ts";
import { ApprovalQueue, useDecisions, type QueueFilter } from "./approval-queue.tsx";
import { LinkApplicationCard, linkApplicationLabel } from "./link-application-card.tsx";

/** The status each filter asks the server for (none: every application). */
const statusOf: Record<QueueFilter, LinkStatus | undefined> = {
  pending: "pending",
  approved: "approved",
  all: undefined,
};

export function LinkApplications() {
  const toast = useToast();
  const [filter, setFilter] = useState<QueueFilter>("pending");
  const applications = useLinkApplications(statusOf[filter]);
  const decide = useDecideLinkApplication();
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const decisions = useDecisions<LinkApplication, LinkDecision>({
    reject: "reject",
    async send(application, decision, reason) {
      setFailure(null);
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
      }
    },
  });

  const live = useTableInvalidation({
    topic: liveTopics.admin,
    table: "affiliate_links",
    event: "*",
    invalidates: [adminUsersKeys.linkApplications()],
  });

  return (
    <ApprovalQueue
      headingId="link-applications-title"
      texts="admin.links"
      filterPrefix={t("admin.links.filterPrefix")}
      filter={filter}
      onFilter={setFilter}
      counts={
        applications.counts && {
          pending: applications.counts.pending,
          approved: applications.counts.approved,
          all: applications.counts.total,
        }
      }
      list={applications}
      live={live}
      emptyIcon="link"
      failure={
        failure && (
          <Alert tone="danger" title={failure.title}>
            {failure.detail}
          </Alert>
        )
      }
      card={(application) => (
        <LinkApplicationCard
          key={application.id}
          application={application}
          deciding={decisions.deciding(application)}
          onDecide={decisions.onDecide}
        />
      )}
      rejectSubject={decisions.rejecting && linkApplicationLabel(decisions.rejecting)}
      onConfirmReject={decisions.onConfirmReject}
      onCancelReject={decisions.onCancelReject}
    />
  );
}
