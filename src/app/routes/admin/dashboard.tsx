import { AdminDashboard } from "../../../features/admin-users/components/admin-dashboard.tsx";
import { OrderManagement } from "../../../features/orders/components/order-management.tsx";

export default function AdminDashboardRoute() {
  return <AdminDashboard ordersTab={<OrderManagement />} />;
}
