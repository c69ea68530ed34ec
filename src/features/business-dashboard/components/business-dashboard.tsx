// Business dashboard (SPEC §2, §4): the live account frame (pending banner, campaign creation
// disabled until approved, the banner going within a second of approval) around My Campaigns.
import type { ReactNode } from "react";
import { paths } from "../../../config/paths.ts";
import { t } from "../../../lib/i18n/index.ts";
import { AccountPage } from "../../../components/account/account-page.tsx";
import { MyCampaigns } from "./my-campaigns.tsx";

/** `ordersCard` comes from the orders feature, passed in by the route. */
export function BusinessDashboard({ ordersCard }: { ordersCard?: ReactNode }) {
  return (
    <AccountPage
      channel="business-account"
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
          <MyCampaigns approved={user.status === "approved"} />
          {ordersCard}
        </>
      )}
    </AccountPage>
  );
}
