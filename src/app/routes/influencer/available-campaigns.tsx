import { AvailableCampaigns } from "@/features/available-campaigns/components/available-campaigns.tsx";

export default function InfluencerAvailableCampaignsRoute() {
  return <AvailableCampaigns />;
}
