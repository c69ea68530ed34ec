// The business "Payout Management" and influencer "Commission & Payout Management" card
// (docs/product.md, "Payout cards" and "Payout requests"): balances from GET /payouts/summary (a
// negative available amount is owed), Request Payout behind a confirmation dialog (disabled without
// bank details, without an available amount or while a request is pending, which is shown as
// awaiting admin with the bank details it will be paid to, as they were when requested, and can be
// cancelled after a confirmation naming its amount), and the past payouts: completed, cancelled or
// rejected with the admin's reason (the summary's newest; older ones a page at a time). A failed summary shows zero amounts, no history and the error; a 401 signs the
// user out to /login (docs/product.md, "When something fails"). Live: changes of the user's payout
// requests and orders refresh the summary, and a request this page showed as pending that turns
// completed is announced with its ABA reference.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { User } from "@contract/auth.ts";
import type { PayoutUserType } from "@contract/payouts.ts";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  LiveIndicator,
  LoadingState,
  LoadMore,
  Modal,
  RetryAlert,
  useToast,
} from "@/components/ui/index.ts";
import { paths } from "@/config/paths.ts";
import { ApiError, failureMessage } from "@/lib/api-client.ts";
import { logout } from "@/lib/auth.tsx";
import { formatMoney } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { t } from "@/features/payouts/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { combinedLiveStatus } from "@/lib/live-status.ts";
import { usePayoutSummary } from "@/features/payouts/api/get-payout-summary.ts";
import { useOlderPayouts } from "@/features/payouts/api/get-payout-history.ts";
import { payoutsKeys } from "@/features/payouts/api/query-keys.ts";
import { useRequestPayout } from "@/features/payouts/api/request-payout.ts";
import { useCancelPayout } from "@/features/payouts/api/cancel-payout.ts";
import {
  endedPayouts,
  hasBankDetails,
  newlyCompleted,
  pendingIds,
  pendingPayout,
  requestBlock,
  ZERO_SUMMARY,
} from "@/features/payouts/utils/payouts.ts";
import { PayoutHistoryList } from "./payout-history.tsx";
import { PayoutStats } from "./payout-stats.tsx";
import "./payouts.css";

interface PayoutManagementProps {
  /** The signed-in business or influencer, as it is now (bank details may change while shown). */
  user: User;
  /** Where the bank details are edited; defaults to the role's profile route. */
  profilePath?: string;
}

export function PayoutManagement({ user, profilePath }: PayoutManagementProps) {
  const userType: PayoutUserType = user.user_type === "business" ? "business" : "influencer";
  const toast = useToast();
  const navigate = useNavigate();

  // A 401 on the summary clears the token and sends the user to /login (docs/product.md, "When
  // something fails").
  const onUnauthorized = useCallback(() => {
    logout(paths.login);
    navigate(paths.login, { replace: true });
  }, [navigate]);

  const summary = usePayoutSummary(onUnauthorized);
  const { mutateAsync: submitRequest, isPending: requesting } = useRequestPayout();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { mutateAsync: submitCancel, isPending: cancelling } = useCancelPayout();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const historyTitleId = useId();
  // The summary carries the newest requests; older ones load a page at a time once the user
  // scrolls to the end of the list or presses Load more.
  const [olderWanted, setOlderWanted] = useState(false);

  const topic = userType === "business" ? liveTopics.shop(user.id) : liveTopics.influencer(user.id);
  const payoutsLive = useTableInvalidation({
    topic,
    table: "payout_requests",
    event: "*",
    invalidates: [payoutsKeys.summary()],
  });
  // Earnings move when an order is delivered, reverted or cleared after a review: an update. A new
  // order (the most frequent event: every checkout) never changes them, so it refetches nothing
  // here.
  const ordersLive = useTableInvalidation({
    topic,
    table: "orders",
    event: "UPDATE",
    invalidates: [payoutsKeys.summary()],
  });
  // ...and when a courier hands over an order's cash (or a remittance is reversed): what waited
  // for the cash becomes available, or waits again.
  const cashLive = useTableInvalidation({
    topic,
    table: "order_cash",
    event: "UPDATE",
    invalidates: [payoutsKeys.summary()],
  });

  // A request this page showed as pending, now completed: say so once.
  const knownPending = useRef<Set<string> | null>(null);
  const data = summary.data;
  useEffect(() => {
    if (!data) return;
    if (knownPending.current) {
      for (const item of newlyCompleted(knownPending.current, data.history)) {
        toast.success(
          t("payouts.completedNotice", {
            amount: formatMoney(item.total_amount_cents),
            reference: item.aba_reference ?? t("common.notAvailable"),
          }),
        );
      }
    }
    knownPending.current = pendingIds(data.history);
  }, [data, toast]);

  // When the summary cannot be loaded, zero amounts and an empty history (docs/product.md, "When
  // something fails").
  const failed = summary.error !== null;
  const figures = failed || !data ? ZERO_SUMMARY : data.summary;
  const items = failed || !data ? [] : data.history;
  const olderAfter = failed || !data ? null : data.next_cursor;
  const older = useOlderPayouts(olderAfter, olderWanted);
  const pending = pendingPayout(items);
  const history = endedPayouts(olderWanted ? [...items, ...(older.data ?? [])] : items);
  const bankDetails = hasBankDetails(user);
  const block = failed ? "nothing-available" : requestBlock(figures, pending, bankDetails);
  const available = figures.available_for_payout_cents;
  const profileTo = profilePath ?? (userType === "business" ? paths.businessProfile : paths.influencerProfile);

  async function onConfirm() {
    setRequestError(null);
    try {
      const answer = await submitRequest();
      toast.success(answer.message ? tServer(answer.message) : t("payouts.request.success"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorized();
        return;
      }
      const message = t("payouts.request.failed", { message: failureMessage(error, t("errors.generic")) });
      setRequestError(message);
      toast.error(message);
    } finally {
      setConfirmOpen(false);
    }
  }

  async function onConfirmCancel() {
    setRequestError(null);
    try {
      const answer = await submitCancel();
      toast.success(tServer(answer.message));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorized();
        return;
      }
      const message = t("payouts.cancel.failed", { message: failureMessage(error, t("errors.generic")) });
      setRequestError(message);
      toast.error(message);
    } finally {
      setCancelOpen(false);
    }
  }

  const emptyHistory =
    userType === "influencer" && figures.earned_balance_cents === 0 && !pending
      ? t("payouts.history.emptyInfluencer")
      : t("payouts.history.empty");

  return (
    <Card
      title={t(`payouts.title.${userType}`)}
      className="payout-management"
      actions={
        <>
          <LiveIndicator status={combinedLiveStatus(payoutsLive, ordersLive, cashLive)} />
          <Button variant="outline" size="sm" onClick={summary.refetch} loading={summary.isFetching}>
            {t("payouts.refresh")}
          </Button>
        </>
      }
    >
      {summary.isLoading ? (
        <LoadingState />
      ) : (
        <div className="stack payout-management__body">
          {summary.error && <Alert tone="danger">{summary.error}</Alert>}
          {requestError && <Alert tone="danger">{requestError}</Alert>}
          <PayoutStats summary={figures} userType={userType} />
          {available < 0 && (
            <Alert tone="warning">{t("payouts.owedNotice", { amount: formatMoney(-available) })}</Alert>
          )}
          {pending && (
            <div className="payout-pending" role="status">
              <div className="payout-pending__head">
                <strong>{t("payouts.pending.title")}</strong>
                <Badge tone="warning">{t("payouts.pending.badge")}</Badge>
              </div>
              <p className="payout-pending__body">
                {t("payouts.pending.body", {
                  amount: formatMoney(pending.total_amount_cents),
                  date: formatDateTime(pending.requested_at),
                })}
              </p>
              {pending.bank_name && (
                <p className="payout-pending__paid-to">
                  {t("payouts.pending.paidTo", {
                    bank: pending.bank_name,
                    accountName: pending.account_name ?? t("common.notAvailable"),
                    accountNumber: pending.account_number ?? t("common.notAvailable"),
                  })}
                </p>
              )}
              <p className="muted-note payout-pending__note">{t("payouts.pending.blocked")}</p>
              <div className="button-row">
                <Button variant="outline" size="sm" onClick={() => setCancelOpen(true)} disabled={cancelling}>
                  {t("payouts.cancel.button")}
                </Button>
              </div>
            </div>
          )}
          {!failed && !bankDetails && (
            <Alert tone="warning" className="payout-bank-hint">
              {t("payouts.request.bankMissing")} <Link to={profileTo}>{t("payouts.request.profileLink")}</Link>
            </Alert>
          )}
          {!failed && block === "nothing-available" && available === 0 && (
            <p className="muted-note">{t("payouts.request.nothingAvailable")}</p>
          )}
          <div className="payout-management__actions">
            <Button variant="primary" disabled={block !== null || requesting} onClick={() => setConfirmOpen(true)}>
              {t("payouts.request.button")}
            </Button>
          </div>

          <section className="payout-history" aria-labelledby={historyTitleId}>
            <h3 id={historyTitleId} className="payout-history__title">
              {t("payouts.history.title")}
            </h3>
            {history.length > 0 ? (
              <PayoutHistoryList items={history} />
            ) : (
              !failed && <EmptyState icon="cash" title={emptyHistory} />
            )}
            {olderWanted && older.error && (
              <RetryAlert onRetry={older.refetch} retrying={older.isFetching}>
                {older.error}
              </RetryAlert>
            )}
            <LoadMore
              shown={history.length}
              hasMore={olderAfter !== null && (!olderWanted || older.isLoading || older.hasMore)}
              loading={olderWanted && (older.isLoading || older.loadingMore)}
              onLoadMore={olderWanted ? older.loadMore : () => setOlderWanted(true)}
            />
          </section>
        </div>
      )}

      <Modal
        open={confirmOpen}
        onClose={() => {
          if (!requesting) setConfirmOpen(false);
        }}
        title={t("payouts.request.dialogTitle")}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmOpen(false)} disabled={requesting}>
              {t("common.cancel")}
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={requesting}>
              {t("payouts.request.confirm")}
            </Button>
          </>
        }
      >
        <dl className="details payout-confirm">
          <div className="details__row">
            <dt>{t("payouts.request.dialogAmount")}</dt>
            <dd>
              <strong className="payout-confirm__amount">{formatMoney(available)}</strong>
            </dd>
          </div>
          <div className="details__row">
            <dt>{t("payouts.request.dialogBank")}</dt>
            <dd className="break-anywhere">
              {t("payouts.request.dialogBankValue", {
                bank: user.bank_name ?? "",
                name: user.account_name ?? "",
                number: user.account_number ?? "",
              })}
            </dd>
          </div>
        </dl>
        {userType === "business" && <p className="muted-note">{t("payouts.request.dialogBusinessNote")}</p>}
        <p className="muted-note">{t("payouts.request.dialogNote")}</p>
      </Modal>

      <Modal
        open={cancelOpen && pending !== null}
        onClose={() => {
          if (!cancelling) setCancelOpen(false);
        }}
        title={t("payouts.cancel.dialogTitle")}
        footer={
          <>
            <Button variant="outline" onClick={() => setCancelOpen(false)} disabled={cancelling}>
              {t("payouts.cancel.keep")}
            </Button>
            <Button variant="danger" onClick={onConfirmCancel} loading={cancelling}>
              {t("payouts.cancel.confirm")}
            </Button>
          </>
        }
      >
        <p>{t("payouts.cancel.dialogBody", { amount: formatMoney(pending?.total_amount_cents ?? 0) })}</p>
      </Modal>
    </Card>
  );
}
