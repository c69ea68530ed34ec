// The frame of a business or influencer dashboard: the caller's own account read from GET
// /auth/me (never from the token), kept live by the UPDATE events of their own users row (their user: topic) (and by
// the profile form, whose answer replaces the cached account), with a status badge in the
// header, a pending or rejected banner, and one toast when an approval arrives while the page is
// open. The dashboard content is rendered once the account is known.
import { useEffect, useRef, type ReactNode } from "react";
import type { User, UserStatus } from "@contract/auth.ts";
import { useSession } from "@/lib/auth.tsx";
import { currentUserKeys, useMe } from "@/lib/current-user.ts";
import { t } from "@/lib/i18n/index.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import type { ScreenState } from "@/lib/screen-state.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, Badge, type BadgeTone, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";

const statusTone: Record<UserStatus, BadgeTone> = {
  pending_approval: "warning",
  approved: "success",
  rejected: "danger",
  suspended: "danger",
};

/** The caller's account, refreshed whenever their users row changes; toasts `approvedNotice` on approval. */
export function useLiveAccount(approvedNotice: string): ScreenState<User> {
  const session = useSession();
  const me = useMe();
  const userId = session?.userId ?? me.data?.id ?? null;
  useTableInvalidation({
    topic: userId ? liveTopics.user(userId) : null,
    table: "users",
    event: "UPDATE",
    invalidates: [currentUserKeys.me()],
  });

  // Approved while the page is open (a live update): say so once.
  const toast = useToast();
  const previousStatus = useRef<UserStatus | null>(null);
  const user = me.data;
  useEffect(() => {
    if (!user) return;
    if (previousStatus.current === "pending_approval" && user.status === "approved") toast.success(approvedNotice);
    previousStatus.current = user.status;
  }, [user, toast, approvedNotice]);

  return me;
}

export function AccountStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge tone={statusTone[status]}>
      <span className="visually-hidden">{t("account.status")}: </span>
      {t(`user.status.${status}`)}
    </Badge>
  );
}

export interface AccountTexts {
  pendingTitle: string;
  pendingBody: string;
  rejectedTitle: string;
  rejectedBody: string;
  approvedNotice: string;
}

interface AccountStatusBannerProps {
  status: UserStatus;
  texts: AccountTexts;
  /** The admin's reason for a rejection, shown under it. */
  rejectionReason?: string | null;
}

export function AccountStatusBanner({ status, texts, rejectionReason }: AccountStatusBannerProps) {
  if (status === "pending_approval") {
    return (
      <Alert tone="warning" title={texts.pendingTitle} className="status-banner">
        {texts.pendingBody}
      </Alert>
    );
  }
  if (status === "rejected") {
    return (
      <Alert tone="danger" title={texts.rejectedTitle} className="status-banner">
        {rejectionReason && (
          // Inside the alert's paragraph: spans, shown as lines of their own.
          <span className="status-banner__reason">
            {t("account.rejectionReason")} <span className="break-anywhere">{rejectionReason}</span>
          </span>
        )}
        <span className="status-banner__body">{texts.rejectedBody}</span>
      </Alert>
    );
  }
  return null;
}

interface AccountPageProps {
  title: string;
  /** The greeting under the title, once the account is known. */
  welcome: (user: User) => string;
  texts: AccountTexts;
  profileLink: { to: string; label: string };
  /** The content, given the account as it is now. */
  children: (user: User) => ReactNode;
}

export function AccountPage({ title, welcome, texts, profileLink, children }: AccountPageProps) {
  const me = useLiveAccount(texts.approvedNotice);
  const user = me.data;
  return (
    <div className="container page">
      <PageHeader
        title={title}
        subtitle={user ? welcome(user) : undefined}
        actions={
          <>
            {user && <AccountStatusBadge status={user.status} />}
            <ButtonLink to={profileLink.to} variant="ghost" size="sm">
              {profileLink.label}
            </ButtonLink>
          </>
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
          <AccountStatusBanner status={user.status} texts={texts} rejectionReason={user.rejection_reason} />
          {children(user)}
        </div>
      ) : null}
    </div>
  );
}
