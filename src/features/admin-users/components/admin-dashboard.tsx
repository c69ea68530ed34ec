// Admin console (the admin dashboard of docs/product.md, "Screens"): title with version, Logout (to
// /login), the original three tabs (User Approvals, Order Management, Payout Management), Stats
// (the platform's clicks, orders and commission), Settings (the riel exchange rate and the other
// marketplace settings) and the Audit log. User Approvals holds the account approvals and the
// affiliate link applications; the other tabs' content belongs to other features, so the route
// passes it in (features do not import each other).
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { APP_VERSION } from "@/config/app.ts";
import { paths } from "@/config/paths.ts";
import { logout } from "@/lib/auth.tsx";
import { t } from "@/features/admin-users/i18n.ts";
import { Button, Tabs } from "@/components/ui/index.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { LinkApplications } from "./link-applications.tsx";
import { UserApprovals } from "./user-approvals.tsx";

interface AdminDashboardProps {
  ordersTab: ReactNode;
  payoutsTab: ReactNode;
  attributionTab?: ReactNode;
  couriersTab?: ReactNode;
  settingsTab: ReactNode;
  auditTab?: ReactNode;
}

export function AdminDashboard({
  ordersTab,
  payoutsTab,
  attributionTab,
  couriersTab,
  settingsTab,
  auditTab,
}: AdminDashboardProps) {
  const navigate = useNavigate();
  const [tab, setTab] = useState("users");

  return (
    <div className="container page">
      <PageHeader
        title={t("admin.title", { version: APP_VERSION })}
        subtitle={t("admin.subtitle")}
        actions={
          <Button
            variant="outline"
            onClick={() => {
              logout(paths.login);
              navigate(paths.login, { replace: true });
            }}
          >
            {t("admin.logout")}
          </Button>
        }
      />
      <Tabs
        label={t("admin.tabs.label")}
        value={tab}
        onChange={setTab}
        items={[
          {
            id: "users",
            label: t("admin.tabs.users"),
            content: (
              <div className="admin-sections">
                <UserApprovals />
                <LinkApplications />
              </div>
            ),
          },
          { id: "orders", label: t("admin.tabs.orders"), content: ordersTab },
          ...(couriersTab ? [{ id: "couriers", label: t("admin.tabs.couriers"), content: couriersTab }] : []),
          { id: "payouts", label: t("admin.tabs.payouts"), content: payoutsTab },
          ...(attributionTab
            ? [{ id: "attribution", label: t("admin.tabs.attribution"), content: attributionTab }]
            : []),
          { id: "settings", label: t("admin.tabs.settings"), content: settingsTab },
          ...(auditTab ? [{ id: "audit", label: t("admin.tabs.audit"), content: auditTab }] : []),
        ]}
      />
    </div>
  );
}
