// /dashboard: where a signed-in user on a route of another role lands. A valid session goes on to
// its own dashboard; otherwise a short page offers sign-in and sign-up.
import { Navigate } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Card } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useSession } from "@/lib/auth.tsx";
import { t } from "@/lib/i18n/index.ts";
import { dashboardPathFor } from "@/lib/token.ts";

export default function DashboardFallbackRoute() {
  const session = useSession();
  if (session) return <Navigate to={dashboardPathFor(session.userType)} replace />;
  return (
    <div className="container page page--narrow">
      <PageHeader title={t("fallback.title")} />
      <Card>
        <p>{t("fallback.body")}</p>
        <div className="button-row">
          <ButtonLink to={paths.login}>{t("nav.login")}</ButtonLink>
          <ButtonLink to={paths.signupSelection} variant="secondary">
            {t("nav.getStarted")}
          </ButtonLink>
          <ButtonLink to={paths.home} variant="ghost">
            {t("common.backHome")}
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
