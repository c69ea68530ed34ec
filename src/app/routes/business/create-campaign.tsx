import { CampaignScreen } from "@/features/business-campaigns/components/campaign-screen.tsx";

export default function BusinessCreateCampaignRoute() {
  return <CampaignScreen />;
}
