import { ChangePasswordCard } from "@/components/account/change-password-card.tsx";
import { SessionsCard } from "@/components/account/sessions-card.tsx";
import { AuditLog } from "@/features/admin-audit-log/components/audit-log.tsx";
import { MarketplaceSettings } from "@/features/admin-settings/components/marketplace-settings.tsx";
import { ProvinceFees } from "@/features/admin-settings/components/province-fees.tsx";
import { AdminDashboard } from "@/features/admin-users/components/admin-dashboard.tsx";
import { PlatformStats } from "@/features/attribution/components/platform-stats.tsx";
import { CouriersTab } from "@/features/orders/components/couriers-tab.tsx";
import { OrderManagement } from "@/features/orders/components/order-management.tsx";
import { AdminPayouts } from "@/features/payouts/components/admin-payouts.tsx";
import { TelegramAlertsCard } from "@/features/telegram-alerts/components/telegram-alerts-card.tsx";

export default function AdminDashboardRoute() {
  return (
    <AdminDashboard
      ordersTab={<OrderManagement />}
      couriersTab={<CouriersTab />}
      payoutsTab={<AdminPayouts />}
      attributionTab={<PlatformStats />}
      settingsTab={
        <>
          <MarketplaceSettings />
          <ProvinceFees />
          <TelegramAlertsCard kinds={["new_order", "new_signup"]} approved />
          <ChangePasswordCard />
          <SessionsCard />
        </>
      }
      auditTab={<AuditLog />}
    />
  );
}
