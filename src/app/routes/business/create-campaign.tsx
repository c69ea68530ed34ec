import { CreateCampaignPage } from "@/features/business-campaigns/components/create-campaign-page.tsx";

export default function BusinessCreateCampaignRoute() {
  return <CreateCampaignPage />;
}
