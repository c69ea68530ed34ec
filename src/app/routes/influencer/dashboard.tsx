import { LinkStats } from "@/features/attribution/components/link-stats.tsx";
import { FacebookCard } from "@/features/facebook/components/facebook-card.tsx";
import { InfluencerDashboard } from "@/features/influencer-dashboard/components/influencer-dashboard.tsx";
import { InstagramActivity } from "@/features/instagram/components/instagram-activity.tsx";
import { InstagramCard } from "@/features/instagram/components/instagram-card.tsx";
import { InfluencerOrders } from "@/features/orders/components/influencer-orders.tsx";
import { PayoutManagement } from "@/features/payouts/components/payout-management.tsx";
import { ProfileForm } from "@/features/profile/components/profile-form.tsx";
import { TelegramAlertsCard } from "@/features/telegram-alerts/components/telegram-alerts-card.tsx";

export default function InfluencerDashboardRoute() {
  return (
    <InfluencerDashboard
      instagramCard={(user) => <InstagramCard userId={user.id} approved={user.status === "approved"} />}
      facebookCard={(user) => <FacebookCard userId={user.id} approved={user.status === "approved"} />}
      ordersCard={(user) => <InfluencerOrders influencerId={user.id} />}
      activityCard={(user) => <InstagramActivity userId={user.id} />}
      statsCard={(user) => <LinkStats userId={user.id} />}
      payoutsCard={(user) => <PayoutManagement user={user} />}
      telegramCard={(user) => (
        <TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved={user.status === "approved"} />
      )}
      bankCard={(user) => <ProfileForm user={user} />}
    />
  );
}
