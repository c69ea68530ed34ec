// Influencer dashboard (docs/product.md, "Screens"): the live account frame (pending or rejected
// notice, read from GET /auth/me and kept live) around My Affiliate Links and the way to available
// campaigns, then Your storefront (the store name, its link and the links it shows), and the cards
// of other features that the route passes in: Instagram (connecting the account) and the Facebook
// Page first, then, after the links and the storefront, the orders through them, the keyword
// activity of both, link performance, Commission & Payout Management, Telegram alerts and Bank
// Account Information (all need the account as it is now).
import type { ReactNode } from "react";
import type { User } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { AccountPage } from "@/components/account/account-page.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";
import { StorefrontCard } from "./storefront-card.tsx";

interface InfluencerDashboardProps {
  instagramCard?: (user: User) => ReactNode;
  facebookCard?: (user: User) => ReactNode;
  ordersCard?: (user: User) => ReactNode;
  activityCard?: (user: User) => ReactNode;
  statsCard?: (user: User) => ReactNode;
  payoutsCard?: (user: User) => ReactNode;
  telegramCard?: (user: User) => ReactNode;
  bankCard?: (user: User) => ReactNode;
}

export function InfluencerDashboard({
  instagramCard,
  facebookCard,
  ordersCard,
  activityCard,
  statsCard,
  payoutsCard,
  telegramCard,
  bankCard,
}: InfluencerDashboardProps = {}) {
  return (
    <AccountPage
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
          {instagramCard?.(user)}
          {facebookCard?.(user)}
          <MyAffiliateLinks userId={user.id} canApply={user.status !== "rejected"} />
          {user.status !== "rejected" && <StorefrontCard />}
          {ordersCard?.(user)}
          {activityCard?.(user)}
          {statsCard?.(user)}
          {payoutsCard?.(user)}
          {telegramCard?.(user)}
          {bankCard?.(user)}
        </>
      )}
    </AccountPage>
  );
}
