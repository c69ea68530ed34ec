// Influencer dashboard (SPEC §2): the live account frame (pending or rejected notice, read from
// GET /auth/me and kept live) around My Affiliate Links and the way to available campaigns, and
// the cards of other features that the route passes in: Commission & Payout Management and Bank
// Account Information (both need the account as it is now).
import type { ReactNode } from "react";
import type { User } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { AccountPage } from "@/components/account/account-page.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";

interface InfluencerDashboardProps {
  payoutsCard?: (user: User) => ReactNode;
  bankCard?: (user: User) => ReactNode;
}

export function InfluencerDashboard({ payoutsCard, bankCard }: InfluencerDashboardProps = {}) {
  return (
    <AccountPage
      channel="influencer-account"
      title={t("influencer.title")}
      welcome={(user) => t("influencer.welcome", { name: user.full_name || user.email })}
      texts={{
        pendingTitle: t("influencer.pendingTitle"),
        pendingBody: t("influencer.pendingBody"),
        rejectedTitle: t("influencer.rejectedTitle"),
        rejectedBody: t("influencer.rejectedBody"),
        approvedNotice: t("influencer.approvedNotice"),
      }}
      profileLink={{ to: paths.influencerProfile, label: t("influencer.profileLink") }}
    >
      {(user) => (
        <>
          <MyAffiliateLinks userId={user.id} canApply={user.status !== "rejected"} />
          {payoutsCard?.(user)}
          {bankCard?.(user)}
        </>
      )}
    </AccountPage>
  );
}
