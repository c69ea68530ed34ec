import { useParams } from "react-router-dom";
import { CampaignScreen } from "@/features/business-campaigns/components/campaign-screen.tsx";

export default function BusinessEditCampaignRoute() {
  const { id = "" } = useParams();
  // A new key per campaign: the form starts from that campaign's values.
  return <CampaignScreen key={id} campaignId={id} />;
}
