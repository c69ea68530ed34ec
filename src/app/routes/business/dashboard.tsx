import { BusinessDashboard } from "../../../features/business-dashboard/components/business-dashboard.tsx";
import { OrdersToFulfill } from "../../../features/orders/components/orders-to-fulfill.tsx";

export default function BusinessDashboardRoute() {
  return <BusinessDashboard ordersCard={<OrdersToFulfill />} />;
}
