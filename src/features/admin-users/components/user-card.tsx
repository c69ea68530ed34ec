// One account in the approvals list: details, and Approve / Reject while pending, or the decision;
// Suspend on an approved business or influencer, Reinstate on a suspended one.
import type { User } from "@contract/auth.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { formatCambodianPhone as formatPhone } from "@contract/phone.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { Badge, type BadgeTone, Button, DetailsList, type Detail } from "@/components/ui/index.ts";
import type { Decision } from "@/features/admin-users/api/update-user-status.ts";
import { DecisionActions } from "./approval-queue.tsx";

const statusTone: Record<User["status"], BadgeTone> = {
  pending_approval: "warning",
  approved: "success",
  rejected: "danger",
  suspended: "danger",
};

interface UserCardProps {
  user: User;
  /** The decision being sent for this user, if any. */
  deciding: Decision | null;
  onDecide: (user: User, decision: Decision) => void;
}

function isHttpUrl(value: string) {
  return /^https?:\/\//i.test(value);
}

export function UserCard({ user, deciding, onDecide }: UserCardProps) {
  const details: Detail[] = [
    { label: t("admin.users.type"), value: t(`user.type.${user.user_type}`) },
    {
      label: t("admin.users.created"),
      value: <time dateTime={user.created_at}>{formatDateTime(user.created_at)}</time>,
    },
  ];
  if (user.business_name) details.push({ label: t("admin.users.businessName"), value: user.business_name });
  if (user.full_name) details.push({ label: t("admin.users.fullName"), value: user.full_name });
  if (user.platform) details.push({ label: t("admin.users.platform"), value: t(`user.platform.${user.platform}`) });
  if (user.social_media_page) {
    details.push({
      label: t("admin.users.socialPage"),
      value: isHttpUrl(user.social_media_page) ? (
        <a href={user.social_media_page} target="_blank" rel="noopener noreferrer" className="break-anywhere">
          {user.social_media_page}
          <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
        </a>
      ) : (
        <span className="break-anywhere">{user.social_media_page}</span>
      ),
    });
  }
  if (user.rejection_reason) details.push({ label: t("admin.reject.reasonShown"), value: user.rejection_reason });
  if (user.suspension_reason) {
    details.push({ label: t("admin.suspend.reasonShown"), value: user.suspension_reason });
  }
  if (user.store_phone) details.push({ label: t("admin.users.storePhone"), value: formatPhone(user.store_phone) });

  return (
    <li className={`user-card card card--status user-card--${user.status}`} aria-label={user.email}>
      <div className="user-card__head">
        {/* A shop is named by its name, its email beneath; everyone else by email. */}
        <h3 className="user-card__email break-anywhere">
          {user.business_name ?? user.email}
          {user.business_name && <span className="secondary-email">{user.email}</span>}
        </h3>
        <Badge tone={statusTone[user.status]}>
          <span className="visually-hidden">{t("admin.users.status")}: </span>
          {t(`user.status.${user.status}`)}
        </Badge>
      </div>
      <DetailsList details={details} />
      {user.status === "suspended" ? (
        <div className="user-card__actions">
          <p className="decision-mark decision-mark--rejected">{t("admin.users.suspendedMark")}</p>
          <Button variant="secondary" loading={deciding === "approved"} onClick={() => onDecide(user, "approved")}>
            {t("admin.users.reinstate")}
          </Button>
        </div>
      ) : (
        <DecisionActions
          status={user.status === "pending_approval" ? "pending" : user.status}
          deciding={deciding === "approved" ? "approve" : deciding === "rejected" ? "reject" : null}
          onApprove={() => onDecide(user, "approved")}
          onReject={() => onDecide(user, "rejected")}
        >
          {user.status === "approved" && user.user_type !== "admin" && (
            <Button variant="danger" loading={deciding === "suspended"} onClick={() => onDecide(user, "suspended")}>
              {t("admin.users.suspend")}
            </Button>
          )}
        </DecisionActions>
      )}
    </li>
  );
}
