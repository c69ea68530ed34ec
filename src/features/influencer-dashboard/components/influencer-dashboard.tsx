// Influencer dashboard shell (SPEC §2): My Affiliate Links (empty for now), a pending or rejected
// notice read from GET /auth/me (live on the user's own row), and the way to available campaigns.
import { useEffect, useRef } from "react";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/auth.tsx";
import { useMe, type User } from "../../../lib/current-user.ts";
import { t } from "../../../lib/i18n/index.ts";
import { useTableChanges } from "../../../lib/realtime.ts";
import { Alert, Badge, Button, ButtonLink, Card, EmptyState, LoadingState, useToast } from "../../../components/ui/index.ts";
import { PageHeader } from "../../../components/layouts/page-header.tsx";

const statusTone = { pending_approval: "warning", approved: "success", rejected: "danger" } as const;

function StatusNotice({ status }: { status: User["status"] }) {
  if (status === "pending_approval") {
    return (
      <Alert tone="warning" title={t("influencer.pendingTitle")} className="status-banner">
        {t("influencer.pendingBody")}
      </Alert>
    );
  }
  if (status === "rejected") {
    return (
      <Alert tone="danger" title={t("influencer.rejectedTitle")} className="status-banner">
        {t("influencer.rejectedBody")}
      </Alert>
    );
  }
  return null;
}

export function InfluencerDashboard() {
  const session = useSession();
  const me = useMe();
  const userId = session?.userId ?? me.data?.id ?? null;
  useTableChanges({
    name: "influencer-account",
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
    if (previousStatus.current === "pending_approval" && user.status === "approved") toast.success(t("influencer.approvedNotice"));
    previousStatus.current = user.status;
  }, [user, toast]);

  return (
    <div className="container page">
      <PageHeader
        title={t("influencer.title")}
        subtitle={user ? t("influencer.welcome", { name: user.full_name || user.email }) : undefined}
        actions={
          <>
            {user && (
              <Badge tone={statusTone[user.status]}>
                <span className="visually-hidden">{t("influencer.status")}: </span>
                {t(`user.status.${user.status}`)}
              </Badge>
            )}
            <ButtonLink to={paths.influencerProfile} variant="ghost" size="sm">
              {t("influencer.profileLink")}
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
          <StatusNotice status={user.status} />
          <Card title={t("influencer.links.title")}>
            <EmptyState
              icon="link"
              title={t("influencer.links.empty")}
              action={
                user.status !== "rejected" && (
                  <ButtonLink to={paths.influencerAvailableCampaigns} variant="primary">
                    {t("influencer.links.browse")}
                  </ButtonLink>
                )
              }
            />
          </Card>
        </div>
      ) : null}
    </div>
  );
}
