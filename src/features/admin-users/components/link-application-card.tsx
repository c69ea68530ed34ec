// One affiliate link application: influencer (ID and email), campaign (ID and name), affiliate
// URL, status and created date; Approve and Reject while pending, else the decision. An
// application flagged self_dealing (the influencer shares a phone, bank account or KHQR account
// with the shop; admins only) says so first, with what is shared. A second application (the
// influencer applied again after a rejection, once) says so, with when and the earlier rejection's
// reason and date.
import type { LinkApplication } from "@contract/links.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { Badge, Icon, type BadgeTone, DetailsList, type Detail } from "@/components/ui/index.ts";
import type { LinkDecision } from "@/features/admin-users/api/decide-link-application.ts";
import { DecisionActions } from "./approval-queue.tsx";

const statusTone: Record<LinkApplication["status"], BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

interface LinkApplicationCardProps {
  application: LinkApplication;
  deciding: LinkDecision | null;
  onDecide: (application: LinkApplication, decision: LinkDecision) => void;
}

export function linkApplicationLabel(application: LinkApplication): string {
  return t("admin.links.cardLabel", { campaign: application.campaign_name, influencer: application.influencer_email });
}

export function LinkApplicationCard({ application, deciding, onDecide }: LinkApplicationCardProps) {
  const selfDealing = application.flags.includes("self_dealing");
  const details: Detail[] = [
    {
      label: t("admin.links.influencer"),
      value: (
        <>
          <span className="break-anywhere">{application.influencer_email}</span>
          <code className="id-text">{application.influencer_id}</code>
        </>
      ),
    },
    {
      label: t("admin.links.campaign"),
      value: (
        <>
          <span className="break-anywhere">{application.campaign_name}</span>
          <code className="id-text">{application.campaign_id}</code>
        </>
      ),
    },
    {
      label: t("admin.links.url"),
      value: <span className="break-anywhere">{application.affiliate_url}</span>,
    },
    {
      label: t("admin.users.created"),
      value: <time dateTime={application.created_at}>{formatDateTime(application.created_at)}</time>,
    },
  ];
  if (application.reapplied_at) {
    details.push({
      label: t("admin.links.appliedAgain"),
      value: <time dateTime={application.reapplied_at}>{formatDateTime(application.reapplied_at)}</time>,
    });
  }
  const previous = application.previous_rejection;
  if (previous) {
    details.push({
      label: t("admin.links.previousRejection"),
      value: (
        <>
          <span className="break-anywhere">{previous.reason}</span>
          <time dateTime={previous.rejected_at}>
            {t("admin.links.previousRejectionOn", { date: formatDateTime(previous.rejected_at) })}
          </time>
        </>
      ),
    });
  }
  if (application.rejection_reason) {
    details.push({ label: t("admin.reject.reasonShown"), value: application.rejection_reason });
  }
  const status = application.status;
  const flagId = `link-application-${application.id}-self-dealing`;

  return (
    <li
      className={`user-card card card--status link-application link-application--${status}`}
      aria-label={linkApplicationLabel(application)}
    >
      <div className="user-card__head">
        <h3 className="user-card__email break-anywhere">{application.campaign_name}</h3>
        <Badge tone={statusTone[status]}>
          <span className="visually-hidden">{t("admin.users.status")}: </span>
          {t(`admin.links.status.${status}`)}
        </Badge>
        {application.attempt > 1 && <Badge tone="info">{t("admin.links.secondApplication")}</Badge>}
        {selfDealing && (
          <Badge tone="danger" className="link-application__flag">
            <Icon name="shield" size={14} />
            {t("admin.links.selfDealing")}
          </Badge>
        )}
      </div>
      {selfDealing && (
        <div className="link-application__warning" role="note" id={flagId}>
          <p>{t("admin.links.selfDealingHint")}</p>
          <ul aria-label={t("admin.links.sharedWithShop")}>
            {application.shared_with_shop.map((kind) => (
              <li key={kind}>{t(`admin.links.shared.${kind}`)}</li>
            ))}
          </ul>
        </div>
      )}
      <DetailsList details={details} className="details--stacked" />
      <DecisionActions
        status={status}
        deciding={deciding}
        onApprove={() => onDecide(application, "approve")}
        onReject={() => onDecide(application, "reject")}
        approveDescribedBy={selfDealing ? flagId : undefined}
      />
    </li>
  );
}
