import { BusinessDashboard } from "../../../features/business-dashboard/components/business-dashboard.tsx";

export default function BusinessDashboardRoute() {
  return <BusinessDashboard />;
}
