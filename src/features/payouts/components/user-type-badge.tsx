import type { PayoutUserType } from "@contract/payouts.ts";
import { Badge } from "@/components/ui/index.ts";
import { t } from "@/features/payouts/i18n.ts";

/** Business or Influencer, announced as the user type. */
export function UserTypeBadge({ type }: { type: PayoutUserType }) {
  return (
    <Badge tone={type === "business" ? "info" : "success"} className="payout-card__type">
      <span className="visually-hidden">{t("payouts.admin.userType")}: </span>
      {t(`user.type.${type}`)}
    </Badge>
  );
}
