// Every screen of docs/product.md, "Screens", but /checkout, which is an app of its own
// (checkout.html, see src/checkout-main.tsx) so a customer's phone loads only the checkout. Role
// routes sit under <ProtectedRoute allow={[...]}> (never a mock token, influencer routes included;
// docs/product.md, "Roles and permissions"); role areas load lazily so the public pages stay light.
import { createBrowserRouter, useRouteError, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { MainLayout } from "@/components/layouts/main-layout.tsx";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, LoadingState } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { ProtectedRoute } from "@/lib/auth.tsx";
import { t } from "@/lib/i18n/index.ts";
import DashboardFallbackRoute from "./routes/dashboard-fallback.tsx";
import LandingRoute from "./routes/landing.tsx";
import NotFoundRoute from "./routes/not-found.tsx";

function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container page page--narrow">
      <PageHeader title={t("errors.pageCrashed")} />
      <Alert tone="danger">{t("errors.generic")}</Alert>
      <p>
        <ButtonLink to={paths.home} variant="secondary">
          {t("common.backHome")}
        </ButtonLink>
      </p>
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    HydrateFallback: () => <LoadingState className="loading-state--page" />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <LandingRoute /> },
          { path: paths.login, lazy: async () => ({ Component: (await import("./routes/login.tsx")).default }) },
          {
            path: paths.forgotPassword,
            lazy: async () => ({ Component: (await import("./routes/forgot-password.tsx")).default }),
          },
          {
            path: paths.resetPassword,
            lazy: async () => ({ Component: (await import("./routes/reset-password.tsx")).default }),
          },
          {
            path: paths.signupSelection,
            lazy: async () => ({ Component: (await import("./routes/signup-selection.tsx")).default }),
          },
          {
            path: paths.businessSignup,
            lazy: async () => ({ Component: (await import("./routes/business-signup.tsx")).default }),
          },
          {
            path: paths.influencerSignup,
            lazy: async () => ({ Component: (await import("./routes/influencer-signup.tsx")).default }),
          },
          {
            path: paths.privacyPolicy,
            lazy: async () => ({ Component: (await import("./routes/privacy-policy.tsx")).default }),
          },
          {
            path: paths.termsOfService,
            lazy: async () => ({ Component: (await import("./routes/terms-of-service.tsx")).default }),
          },
          { path: paths.dashboard, element: <DashboardFallbackRoute /> },
          {
            element: <ProtectedRoute allow={["admin"]} />,
            children: [
              {
                path: paths.adminDashboard,
                lazy: async () => ({ Component: (await import("./routes/admin/dashboard.tsx")).default }),
              },
            ],
          },
          {
            element: <ProtectedRoute allow={["business"]} />,
            children: [
              {
                path: paths.businessDashboard,
                lazy: async () => ({ Component: (await import("./routes/business/dashboard.tsx")).default }),
              },
              {
                path: paths.businessCampaigns,
                lazy: async () => ({ Component: (await import("./routes/business/campaigns.tsx")).default }),
              },
              {
                path: paths.businessCreateCampaign,
                lazy: async () => ({ Component: (await import("./routes/business/create-campaign.tsx")).default }),
              },
              {
                path: paths.businessEditCampaign,
                lazy: async () => ({ Component: (await import("./routes/business/edit-campaign.tsx")).default }),
              },
              {
                path: paths.businessProfile,
                lazy: async () => ({ Component: (await import("./routes/business/profile.tsx")).default }),
              },
              {
                path: paths.businessPackingSlips,
                lazy: async () => ({ Component: (await import("./routes/business/packing-slips.tsx")).default }),
              },
            ],
          },
          {
            element: <ProtectedRoute allow={["influencer"]} />,
            children: [
              {
                path: paths.influencerDashboard,
                lazy: async () => ({ Component: (await import("./routes/influencer/dashboard.tsx")).default }),
              },
              {
                path: paths.influencerAvailableCampaigns,
                lazy: async () => ({
                  Component: (await import("./routes/influencer/available-campaigns.tsx")).default,
                }),
              },
              {
                path: paths.influencerProfile,
                lazy: async () => ({ Component: (await import("./routes/influencer/profile.tsx")).default }),
              },
              {
                path: paths.influencerInstagramCallback,
                lazy: async () => ({
                  Component: (await import("./routes/influencer/instagram-callback.tsx")).default,
                }),
              },
              {
                path: paths.influencerFacebookCallback,
                lazy: async () => ({
                  Component: (await import("./routes/influencer/facebook-callback.tsx")).default,
                }),
              },
            ],
          },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
