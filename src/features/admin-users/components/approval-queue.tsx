// The one approval queue behind both lists of the User Approvals tab (accounts awaiting approval
// and affiliate link applications; docs/product.md, "Screens"): Pending / Approved / All, each a
// list read a page at a time with the server's counts, live, and the cards' Approve and Reject,
// a rejection asking first for its reason. Each list brings its query, its texts, its card and
// how it sends a decision and reports a failure.
import { useState, type ReactNode } from "react";
import type { LiveStatus } from "@/lib/realtime.ts";
import type { PagedScreenState } from "@/lib/paged-list.ts";
import { t } from "@/features/admin-users/i18n.ts";
import {
  Button,
  EmptyState,
  FilterGroup,
  LiveIndicator,
  LoadingState,
  LoadMore,
  RetryAlert,
  type IconName,
} from "@/components/ui/index.ts";
import { ReasonDialog } from "./reason-dialog.tsx";

export type QueueFilter = "pending" | "approved" | "all";
/** The accounts' list also shows the suspended ones. */
export type UserFilter = QueueFilter | "suspended";

interface DecisionsOptions<T, D extends string> {
  /** The decision that asks for a reason first. */
  reject: D;
  /** Sends one decision and reports its outcome; throws when it was refused. */
  send(item: T, decision: D, reason?: string): Promise<void>;
}

/** Which items have a decision on the way, and the item whose rejection awaits its reason. */
export function useDecisions<T extends { id: string }, D extends string>({ reject, send }: DecisionsOptions<T, D>) {
  const [deciding, setDeciding] = useState<Record<string, D>>({});
  const [rejecting, setRejecting] = useState<T | null>(null);

  async function run(item: T, decision: D, reason?: string) {
    setDeciding((current) => ({ ...current, [item.id]: decision }));
    try {
      await send(item, decision, reason);
    } finally {
      setDeciding(({ [item.id]: _done, ...rest }) => rest);
    }
  }

  return {
    /** Sends a decision now (one whose reason was asked elsewhere); throws when it was refused. */
    run,
    deciding: (item: T): D | null => deciding[item.id] ?? null,
    rejecting,
    onDecide(item: T, decision: D) {
      if (decision === reject) setRejecting(item);
      else void run(item, decision).catch(() => undefined);
    },
    async onConfirmReject(reason: string) {
      if (!rejecting) return;
      await run(rejecting, reject, reason);
      setRejecting(null);
    },
    onCancelReject: () => setRejecting(null),
  };
}

interface ApprovalQueueProps<T extends { id: string }, F extends UserFilter> {
  /** The id of the heading, for the section's name. */
  headingId: string;
  /** The list's texts: {texts}.title, .filters and .empty.{filter}. */
  texts: "admin.users" | "admin.links";
  /** Read before each filter's name by screen readers, when the names alone are ambiguous. */
  filterPrefix?: string;
  filter: F;
  onFilter(filter: NoInfer<F>): void;
  /** The server's counts; unknown until the first page of any filter arrives. */
  counts: Partial<Record<F, number>> | undefined;
  /** The filters offered after Pending and Approved, before All (the accounts' Suspended). */
  moreFilters?: readonly F[];
  list: PagedScreenState<T>;
  live: LiveStatus;
  emptyIcon: IconName;
  /** A refused decision, shown above the list. */
  failure?: ReactNode;
  card(item: T): ReactNode;
  /** The name of the item whose rejection awaits its reason, or null. */
  rejectSubject: string | null;
  onConfirmReject(reason: string): Promise<void>;
  onCancelReject(): void;
  /** Further dialogs of the list (the accounts' suspension). */
  children?: ReactNode;
}

export function ApprovalQueue<T extends { id: string }, F extends UserFilter = QueueFilter>(
  props: ApprovalQueueProps<T, F>,
) {
  const { list, filter, counts, texts } = props;
  const shown = list.data ?? [];
  // Only the accounts' list offers Suspended, so only it has that filter's empty text.
  const emptyTitle =
    texts === "admin.users" ? t(`admin.users.empty.${filter}`) : t(`admin.links.empty.${filter as QueueFilter}`);
  const option = (value: F, label: string) => ({ value, label, count: counts?.[value] });
  return (
    <section className="stack" aria-labelledby={props.headingId}>
      <div className="section-head">
        <h2 id={props.headingId} className="section-head__title">
          {t(`${texts}.title`)}
        </h2>
        <LiveIndicator status={props.live} />
      </div>
      <FilterGroup<F>
        label={t(`${texts}.filters`)}
        optionPrefix={props.filterPrefix}
        value={filter}
        onChange={props.onFilter}
        options={[
          option("pending" as F, t("admin.users.filter.pending")),
          option("approved" as F, t("admin.users.filter.approved")),
          ...(props.moreFilters ?? []).map((value) => option(value, t(`admin.users.filter.${value}`))),
          option("all" as F, t("admin.users.filter.all")),
        ]}
      />
      {props.failure}
      {list.error && (
        <RetryAlert onRetry={list.refetch} retrying={list.isFetching}>
          {list.error}
        </RetryAlert>
      )}
      {list.isLoading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        !list.error && <EmptyState icon={props.emptyIcon} title={emptyTitle} />
      ) : (
        <ul className="card-grid" aria-label={t(`${texts}.title`)}>
          {shown.map((item) => props.card(item))}
        </ul>
      )}
      {!list.isLoading && !list.error && (
        <LoadMore shown={shown.length} hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      )}
      <ReasonDialog
        kind="reject"
        subject={props.rejectSubject}
        onConfirm={props.onConfirmReject}
        onCancel={props.onCancelReject}
      />
      {props.children}
    </section>
  );
}

interface DecisionActionsProps {
  /** The item's status: pending shows the buttons, else the decision made. */
  status: "pending" | "approved" | "rejected";
  /** The decision on its way, if any. */
  deciding: "approve" | "reject" | null;
  onApprove(): void;
  onReject(): void;
  /** What the admin should read before approving (a warning's id). */
  approveDescribedBy?: string;
  /** Further actions beside a decision already made (an account's Suspend). */
  children?: ReactNode;
}

/** A card's Approve and Reject while it is pending, else the decision made. */
export function DecisionActions({
  status,
  deciding,
  onApprove,
  onReject,
  approveDescribedBy,
  children,
}: DecisionActionsProps) {
  return (
    <div className="user-card__actions">
      {status === "pending" ? (
        <>
          <Button
            variant="success"
            aria-describedby={approveDescribedBy}
            loading={deciding === "approve"}
            disabled={deciding !== null}
            onClick={onApprove}
          >
            {t("admin.users.approve")}
          </Button>
          <Button variant="danger" loading={deciding === "reject"} disabled={deciding !== null} onClick={onReject}>
            {t("admin.users.reject")}
          </Button>
        </>
      ) : (
        <>
          <p className={`decision-mark decision-mark--${status}`}>
            {status === "approved" ? t("admin.users.approvedMark") : t("admin.users.rejectedMark")}
          </p>
          {children}
        </>
      )}
    </div>
  );
}
