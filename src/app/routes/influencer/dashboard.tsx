import { InfluencerDashboard } from "@/features/influencer-dashboard/components/influencer-dashboard.tsx";
import { PayoutManagement } from "@/features/payouts/components/payout-management.tsx";
import { ProfileForm } from "@/features/profile/components/profile-form.tsx";

export default function InfluencerDashboardRoute() {
  return (
    <InfluencerDashboard
      payoutsCard={(user) => <PayoutManagement user={user} />}
      bankCard={(user) => <ProfileForm user={user} />}
    />
  );
}
