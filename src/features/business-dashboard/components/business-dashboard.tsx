// Business dashboard (docs/product.md, "Screens" and "What approval status means"): the live
// account frame (pending banner, campaign creation disabled until approved, the banner going within
// a second of approval) around My Campaigns, and the cards of other features that the route passes
// in: Orders to Fulfill, campaign performance, Business Profile and Payout Management (all but the
// orders need the account as it is now).
import type { ReactNode } from "react";
import type { User } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/business-dashboard/i18n.ts";
import { AccountPage } from "@/components/account/account-page.tsx";
import { MyCampaigns } from "./my-campaigns.tsx";

interface BusinessDashboardProps {
  /** Asks a business without a shop name for one; shown only while it has none. */
  shopNamePrompt?: ReactNode;
  statsCard?: (user: User) => ReactNode;
  ordersCard?: ReactNode;
  profileCard?: (user: User) => ReactNode;
  payoutsCard?: (user: User) => ReactNode;
}

export function BusinessDashboard({
  shopNamePrompt,
  statsCard,
  ordersCard,
  profileCard,
  payoutsCard,
}: BusinessDashboardProps) {
  return (
    <AccountPage
      title={t("business.title")}
      welcome={(user) => t("business.welcome", { name: user.business_name || user.email })}
      texts={{
        pendingTitle: t("business.pendingTitle"),
        pendingBody: t("business.pendingBody"),
        rejectedTitle: t("business.rejectedTitle"),
        rejectedBody: t("business.rejectedBody"),
        approvedNotice: t("business.approvedNotice"),
      }}
      profileLink={{ to: paths.businessProfile, label: t("business.profileLink") }}
    >
      {(user) => (
        <>
          {!user.business_name && shopNamePrompt}
          <MyCampaigns approved={user.status === "approved"} />
          {/* Orders first: on a phone, what to pack today comes before how links perform. */}
          {ordersCard}
          {statsCard?.(user)}
          {profileCard?.(user)}
          {payoutsCard?.(user)}
        </>
      )}
    </AccountPage>
  );
}
