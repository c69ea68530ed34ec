import { AdminDashboard } from "../../../features/admin-users/components/admin-dashboard.tsx";

export default function AdminDashboardRoute() {
  return <AdminDashboard />;
}
