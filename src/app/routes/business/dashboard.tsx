import { CampaignStats } from "@/features/attribution/components/campaign-stats.tsx";
import { BusinessDashboard } from "@/features/business-dashboard/components/business-dashboard.tsx";
import { OrdersToFulfill } from "@/features/orders/components/orders-to-fulfill.tsx";
import { PayoutManagement } from "@/features/payouts/components/payout-management.tsx";
import { ProfileForm } from "@/features/profile/components/profile-form.tsx";
import { ShopNamePrompt } from "@/features/profile/components/shop-name-prompt.tsx";
import { TelegramAlertsCard } from "@/features/telegram-alerts/components/telegram-alerts-card.tsx";

export default function BusinessDashboardRoute() {
  return (
    <BusinessDashboard
      shopNamePrompt={<ShopNamePrompt />}
      statsCard={(user) => <CampaignStats userId={user.id} />}
      ordersCard={<OrdersToFulfill />}
      profileCard={(user) => <ProfileForm user={user} />}
      payoutsCard={(user) => (
        <>
          <PayoutManagement user={user} />
          <TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved={user.status === "approved"} />
        </>
      )}
    />
  );
}
