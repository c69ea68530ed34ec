// The profile pages /business/profile ('Business Profile') and /influencer/profile ('My Profile')
// (docs/product.md, "Screens"): the caller's account from GET /auth/me, the profile card, and the
// account facts that cannot be edited here (email, account type, status), changing the password
// and where the account is signed in, with a way back to the dashboard.
import { useMatch } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { useMe } from "@/lib/current-user.ts";
import { t } from "@/features/profile/i18n.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Card, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { ChangePasswordCard } from "@/components/account/change-password-card.tsx";
import { SessionsCard } from "@/components/account/sessions-card.tsx";
import { ProfileForm } from "./profile-form.tsx";

export function ProfilePage() {
  const me = useMe();
  const user = me.data;
  const onBusinessRoute = useMatch(paths.businessProfile) !== null;
  const isBusiness = user ? user.user_type === "business" : onBusinessRoute;

  return (
    <div className="container page page--narrow">
      <PageHeader
        title={isBusiness ? t("profile.page.business") : t("profile.page.influencer")}
        subtitle={isBusiness ? t("profile.page.subtitle.business") : t("profile.page.subtitle.influencer")}
        actions={
          <ButtonLink to={isBusiness ? paths.businessDashboard : paths.influencerDashboard} variant="ghost" size="sm">
            {t("common.backToDashboard")}
          </ButtonLink>
        }
      />
      {me.error && (
        <RetryAlert onRetry={me.refetch} retrying={me.isFetching}>
          {me.error}
        </RetryAlert>
      )}
      {me.isLoading ? (
        <LoadingState />
      ) : user ? (
        <div className="stack">
          <ProfileForm user={user} />
          <Card title={t("profile.account.title")}>
            <dl className="details">
              <div className="details__row">
                <dt>{t("profile.account.email")}</dt>
                <dd className="break-anywhere">{user.email}</dd>
              </div>
              <div className="details__row">
                <dt>{t("profile.account.type")}</dt>
                <dd>{t(`user.type.${user.user_type}`)}</dd>
              </div>
              <div className="details__row">
                <dt>{t("profile.account.status")}</dt>
                <dd>{t(`user.status.${user.status}`)}</dd>
              </div>
            </dl>
          </Card>
          <ChangePasswordCard />
          <SessionsCard />
        </div>
      ) : null}
    </div>
  );
}
