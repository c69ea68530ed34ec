// Admin Payout Management (the admin dashboard's third tab; docs/product.md, "Screens" and "Payout
// requests"): sub-tabs Requests (pending, one card per user) and Completed, with counts; Complete
// Payout with the ABA reference ('Processing...' while it runs), Reject request with a reason, and
// Correct reference on a completed payout. GET /payouts/admin/stats is read
// too: a short summary line, and when it fails the payout lists are cleared (docs/product.md, "When
// something fails") and the error shows. Live: any change to public.payout_requests (a new request,
// a completion by another admin) refreshes all three; the admin's own completion shows from the
// server's answer. The completed history loads a page at a time (the next on scroll, or with Load
// more); its count is the stats' exact one.
import { useMemo, useState } from "react";
import type { PayoutItem, PendingPayout } from "@contract/payouts.ts";
import {
  Alert,
  EmptyState,
  LiveIndicator,
  LoadingState,
  RetryAlert,
  LoadMore,
  Tabs,
  useToast,
} from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatCount, formatMoney } from "@/lib/format.ts";
import { t } from "@/features/payouts/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { useCompletePayout } from "@/features/payouts/api/complete-payout.ts";
import { useCorrectPayoutReference } from "@/features/payouts/api/correct-payout-reference.ts";
import { useRejectPayout } from "@/features/payouts/api/reject-payout.ts";
import { usePayoutHistory } from "@/features/payouts/api/get-payout-history.ts";
import { usePayoutStats } from "@/features/payouts/api/get-payout-stats.ts";
import { usePendingPayouts } from "@/features/payouts/api/get-pending-payouts.ts";
import { adminPayoutKeys } from "@/features/payouts/api/query-keys.ts";
import { completedPayouts } from "@/features/payouts/utils/payouts.ts";
import { CompletedPayoutCard } from "./completed-payout-card.tsx";
import { PayoutRequestCard } from "./payout-request-card.tsx";
import "./payouts.css";

type PayoutTab = "requests" | "completed";

interface Outcome {
  tone: "success" | "danger";
  title: string;
  detail?: string;
}

export function AdminPayouts() {
  const toast = useToast();
  const pending = usePendingPayouts();
  const history = usePayoutHistory();
  const stats = usePayoutStats();
  const complete = useCompletePayout();
  const reject = useRejectPayout();
  const correct = useCorrectPayoutReference();
  const [tab, setTab] = useState<PayoutTab>("requests");
  const [completing, setCompleting] = useState<Record<string, true>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refetchAll = () => {
    pending.refetch();
    history.refetch();
    stats.refetch();
  };

  const live = useTableInvalidation({
    topic: liveTopics.admin,
    table: "payout_requests",
    event: "*",
    invalidates: adminPayoutKeys(),
  });

  // When the stats cannot be loaded the payout data is cleared; a list that fails is empty
  // (docs/product.md, "When something fails").
  const statsFailed = stats.error !== null;
  const requests = useMemo(
    () => (statsFailed || pending.error ? [] : (pending.data ?? [])),
    [statsFailed, pending.error, pending.data],
  );
  const completed = useMemo(
    () => (statsFailed || history.error ? [] : completedPayouts(history.data ?? [])),
    [statsFailed, history.error, history.data],
  );
  // Exact over every completed request (the stats), not only the pages loaded so far.
  const completedCount = statsFailed ? 0 : (stats.data?.completed_payouts ?? completed.length);
  const errors = [stats.error, pending.error, history.error].filter((error): error is string => error !== null);
  const fetching = pending.isFetching || history.isFetching || stats.isFetching;

  /** Reports an action's outcome above the lists and in a toast; true when it succeeded. */
  async function report(action: () => Promise<Outcome>, failed: (message: string) => string): Promise<boolean> {
    setOutcome(null);
    try {
      const done = await action();
      setOutcome(done);
      toast.success(done.detail ? `${done.title} ${done.detail}` : done.title);
      return true;
    } catch (error) {
      const title = failed(failureMessage(error, t("errors.generic")));
      setOutcome({ tone: "danger", title });
      toast.error(title);
      return false;
    }
  }

  /** A completion or a rejection of one user's request: its card is busy meanwhile. */
  async function decide(request: PendingPayout, action: () => Promise<Outcome>, failed: (message: string) => string) {
    setCompleting((current) => ({ ...current, [request.user_id]: true }));
    try {
      return await report(action, failed);
    } finally {
      setCompleting(({ [request.user_id]: _done, ...rest }) => rest);
    }
  }

  const onComplete = (request: PendingPayout, abaReference: string) =>
    decide(
      request,
      async () => {
        const answer = await complete.mutateAsync({ userId: request.user_id, abaReference });
        return {
          tone: "success",
          title: t("payouts.admin.completeSuccess", { email: request.email }),
          detail: t("payouts.admin.completeReference", { reference: answer.aba_reference }),
        };
      },
      (message) => t("payouts.admin.completeFailed", { message }),
    );

  const onReject = (request: PendingPayout, reason: string) =>
    decide(
      request,
      async () => {
        await reject.mutateAsync({ userId: request.user_id, reason });
        return { tone: "success", title: t("payouts.admin.rejectSuccess", { email: request.email }) };
      },
      (message) => t("payouts.admin.rejectFailed", { message }),
    );

  function onCorrect(payout: PayoutItem, abaReference: string, reason: string): Promise<boolean> {
    return report(
      async () => {
        const answer = await correct.mutateAsync({ requestId: payout.payout_request_id, abaReference, reason });
        return {
          tone: "success",
          title: t("payouts.admin.correctSuccess", { reference: answer.payout.aba_reference ?? abaReference }),
        };
      },
      (message) => t("payouts.admin.correctFailed", { message }),
    );
  }

  const requestsPanel =
    pending.isLoading || stats.isLoading ? (
      <LoadingState />
    ) : requests.length === 0 ? (
      errors.length === 0 && (
        <EmptyState
          icon="check"
          title={t("payouts.admin.empty.requests")}
          body={t("payouts.admin.empty.requestsBody")}
        />
      )
    ) : (
      <ul className="card-grid" aria-label={t("payouts.admin.requests.list")}>
        {requests.map((request) => (
          <PayoutRequestCard
            key={request.user_id}
            request={request}
            completing={completing[request.user_id] === true}
            onComplete={onComplete}
            onReject={onReject}
          />
        ))}
      </ul>
    );

  const completedPanel =
    history.isLoading || stats.isLoading ? (
      <LoadingState />
    ) : completed.length === 0 ? (
      errors.length === 0 && (
        <EmptyState
          icon="bank"
          title={t("payouts.admin.empty.completed")}
          body={t("payouts.admin.empty.completedBody")}
        />
      )
    ) : (
      <>
        <ul className="card-grid" aria-label={t("payouts.admin.completed.list")}>
          {completed.map((payout) => (
            <CompletedPayoutCard key={payout.payout_request_id} payout={payout} onCorrect={onCorrect} />
          ))}
        </ul>
        <LoadMore
          shown={completed.length}
          total={completedCount}
          hasMore={history.hasMore}
          loading={history.loadingMore}
          onLoadMore={history.loadMore}
        />
      </>
    );

  return (
    <section className="stack admin-payouts" aria-labelledby="admin-payouts-title">
      <div className="section-head">
        <h2 id="admin-payouts-title" className="section-head__title">
          {t("payouts.admin.title")}
        </h2>
        <LiveIndicator status={live} />
      </div>
      {stats.data && !statsFailed && (
        <p className="muted-note admin-payouts__summary">
          {t("payouts.admin.summary", {
            pendingCount: formatCount(stats.data.pending_requests),
            pendingAmount: formatMoney(stats.data.pending_amount_cents),
            completedCount: formatCount(stats.data.completed_payouts),
            completedAmount: formatMoney(stats.data.completed_amount_cents),
          })}
        </p>
      )}
      {errors.length > 0 && (
        <RetryAlert onRetry={refetchAll} retrying={fetching}>
          {[...new Set(errors)].join(" ")}
        </RetryAlert>
      )}
      {outcome && (
        <Alert tone={outcome.tone} title={outcome.title}>
          {outcome.detail}
        </Alert>
      )}
      <Tabs
        label={t("payouts.admin.tabs")}
        value={tab}
        onChange={(id) => setTab(id as PayoutTab)}
        className="admin-payouts__tabs"
        items={[
          {
            id: "requests",
            label: t("payouts.admin.tab.requests", { count: formatCount(requests.length) }),
            content: requestsPanel,
          },
          {
            id: "completed",
            label: t("payouts.admin.tab.completed", { count: formatCount(completedCount) }),
            content: completedPanel,
          },
        ]}
      />
    </section>
  );
}
