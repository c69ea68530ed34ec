// Business dashboard shell (SPEC §2, §4): status from GET /auth/me, never from the token. While
// pending: the 'Account Pending Approval' banner and campaign creation disabled; rejected: its
// own banner. Live: an UPDATE of the business's own row refetches /auth/me, so the banner goes
// within a second of approval.
import { useEffect, useRef } from "react";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/auth.tsx";
import { useMe, type User } from "../../../lib/current-user.ts";
import { t } from "../../../lib/i18n/index.ts";
import { useTableChanges } from "../../../lib/realtime.ts";
import { Alert, Badge, Button, ButtonLink, Card, EmptyState, LoadingState, useToast } from "../../../components/ui/index.ts";
import { PageHeader } from "../../../components/layouts/page-header.tsx";

const statusTone = { pending_approval: "warning", approved: "success", rejected: "danger" } as const;

function StatusBanner({ status }: { status: User["status"] }) {
  if (status === "pending_approval") {
    return (
      <Alert tone="warning" title={t("business.pendingTitle")} className="status-banner">
        {t("business.pendingBody")}
      </Alert>
    );
  }
  if (status === "rejected") {
    return (
      <Alert tone="danger" title={t("business.rejectedTitle")} className="status-banner">
        {t("business.rejectedBody")}
      </Alert>
    );
  }
  return null;
}

function MyCampaigns({ approved }: { approved: boolean }) {
  return (
    <Card
      title={t("business.campaigns.title")}
      actions={
        approved ? (
          <ButtonLink to={paths.businessCreateCampaign}>{t("business.campaigns.create")}</ButtonLink>
        ) : (
          <Button disabled aria-describedby="campaign-creation-disabled">
            {t("business.campaigns.create")}
          </Button>
        )
      }
    >
      {!approved && (
        <p id="campaign-creation-disabled" className="muted-note">
          {t("business.campaigns.disabled")}
        </p>
      )}
      <EmptyState icon="store" title={t("business.campaigns.empty")} body={t("business.campaigns.emptyHint")} />
    </Card>
  );
}

export function BusinessDashboard() {
  const session = useSession();
  const me = useMe();
  const userId = session?.userId ?? me.data?.id ?? null;
  useTableChanges({
    name: "business-account",
    table: "users",
    event: "UPDATE",
    filter: userId ? `id=eq.${userId}` : undefined,
    enabled: userId !== null,
    onChange: me.refetch,
  });

  const user = me.data;
  // Approved while the page is open (a live update): say so once.
  const toast = useToast();
  const previousStatus = useRef<User["status"] | null>(null);
  useEffect(() => {
    if (!user) return;
    if (previousStatus.current === "pending_approval" && user.status === "approved") toast.success(t("business.approvedNotice"));
    previousStatus.current = user.status;
  }, [user, toast]);

  return (
    <div className="container page">
      <PageHeader
        title={t("business.title")}
        subtitle={user ? t("business.welcome", { name: user.business_name || user.email }) : undefined}
        actions={
          <>
            {user && (
              <Badge tone={statusTone[user.status]}>
                <span className="visually-hidden">{t("business.status")}: </span>
                {t(`user.status.${user.status}`)}
              </Badge>
            )}
            <ButtonLink to={paths.businessProfile} variant="ghost" size="sm">
              {t("business.profileLink")}
            </ButtonLink>
          </>
        }
      />
      {me.error && (
        <Alert
          tone="danger"
          action={
            <Button variant="outline" size="sm" onClick={me.refetch} loading={me.isFetching}>
              {t("common.tryAgain")}
            </Button>
          }
        >
          {me.error}
        </Alert>
      )}
      {me.isLoading ? (
        <LoadingState />
      ) : user ? (
        <div className="stack">
          <StatusBanner status={user.status} />
          <MyCampaigns approved={user.status === "approved"} />
        </div>
      ) : null}
    </div>
  );
}
