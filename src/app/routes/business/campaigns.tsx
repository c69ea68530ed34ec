import { CampaignManagement } from "@/features/business-campaigns/components/campaign-management.tsx";

export default function BusinessCampaignsRoute() {
  return <CampaignManagement />;
}
