import { InfluencerDashboard } from "../../../features/influencer-dashboard/components/influencer-dashboard.tsx";

export default function InfluencerDashboardRoute() {
  return <InfluencerDashboard />;
}
