// Payout requests and balances as the API returns them (docs/api.md, "PayoutRequest" and "Payouts":
// the summary, the history item, the pending request). Every query runs as the caller, so row-level
// security decides whose rows are read: a user's own, or everyone's for an admin. Amounts come in
// cents and in dollars.
import { checkKhqr, payableKhqr } from "../../_shared/contract/khqr.ts";
import { centsToDollars, money } from "../../_shared/contract/money.ts";
import { PAYOUT_CSV_COLUMNS } from "../../_shared/contract/exports.ts";
import {
  PAYABLE_KHQR_LIFETIME_MS,
  type BusinessPayoutSummary,
  type InfluencerPayoutSummary,
  type PayoutItem,
  type PayoutStats,
  type PayoutUserType,
  type PendingPayout,
} from "../../_shared/contract/payouts.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Fragment, Tx } from "../../_shared/db.ts";
import type { PageQuery } from "../../_shared/contract/paging.ts";
import { afterCursor, cursorMicros, pageOf, rowsToRead } from "../lib/keyset.ts";

type Cents = Tables<"payout_requests">["amount_cents"];

/** What a request covers: the ledger transactions of its entries and their orders' products. */
interface Coverage {
  transaction_count: Tables<"payout_requests">["covered_transactions"];
  product_names: Tables<"payout_requests">["covered_products"];
}

type PayoutRow = Pick<
  Tables<"payout_requests">,
  | "id"
  | "user_id"
  | "status"
  | "requested_at"
  | "completed_at"
  | "cancelled_at"
  | "rejected_at"
  | "rejection_reason"
  | "aba_reference"
  | "amount_cents"
  | "gross_cents"
  | "fee_cents"
  | "bank_name"
  | "account_name"
  | "account_number"
> & {
  email: Tables<"users">["email"];
  business_name: Tables<"users">["business_name"];
  user_type: PayoutUserType;
  /** From json_agg: its timestamps in Postgres's own text, made ISO in toPayoutJson. */
  reference_corrections: PayoutItem["reference_corrections"];
} & Coverage;

/** The payout requests `where` picks (it filters `r`, payout_requests), newest first. */
export async function readPayouts(tx: Tx, where: Fragment): Promise<PayoutItem[]> {
  return (await readPayoutRows(tx, where, null)).map(toPayoutJson);
}

/**
 * One page of the payout requests RLS lets the caller read (their own; an admin's: everyone's),
 * narrowed by `where` (on `r`).
 */
export async function readPayoutPage(tx: Tx, page: PageQuery, where: Fragment = tx`true`) {
  const after = afterCursor(tx, tx`r.requested_at`, tx`r.id`, page.cursor);
  const rows = await readPayoutRows(tx, tx`${where} and ${after}`, rowsToRead(page));
  const { rows: shown, next_cursor } = pageOf(rows, page);
  return { history: shown.map(toPayoutJson), next_cursor };
}

/** The columns of a payouts CSV. */
export const PAYOUT_CSV_HEADER = [...PAYOUT_CSV_COLUMNS];

/** Every payout request the caller may read, newest first, as CSV cells in batches from a cursor. */
export async function* payoutCsvBatches(tx: Tx): AsyncGenerator<(string | number | null)[][]> {
  for await (const rows of readPayoutRows(tx, tx`true`, null).cursor(500)) {
    yield rows.map((row) => [
      row.id,
      row.requested_at,
      row.completed_at,
      row.status,
      row.email,
      row.business_name,
      row.user_type,
      centsToDollars(row.amount_cents).toFixed(2),
      row.gross_cents === null ? null : centsToDollars(row.gross_cents).toFixed(2),
      row.fee_cents === null ? null : centsToDollars(row.fee_cents).toFixed(2),
      row.transaction_count,
      row.aba_reference,
      row.bank_name,
      row.account_name,
      row.account_number,
    ]);
  }
}

function readPayoutRows(tx: Tx, where: Fragment, limit: number | null) {
  return tx<(PayoutRow & { cursor_micros: number })[]>`
    select r.id, r.user_id, u.email, u.business_name, u.user_type, r.status, r.requested_at, r.completed_at,
           r.cancelled_at, r.rejected_at, r.rejection_reason,
           r.aba_reference, r.amount_cents, r.gross_cents, r.fee_cents, r.covered_transactions as transaction_count,
           r.covered_products as product_names, r.bank_name, r.account_name, r.account_number,
           -- Almost always none: one probe of payout_reference_corrections_request_idx per row.
           coalesce((select json_agg(json_build_object('previous_reference', c.previous_reference,
                                                       'aba_reference', c.aba_reference, 'reason', c.reason,
                                                       'corrected_at', c.corrected_at) order by c.id)
                     from public.payout_reference_corrections c where c.payout_request_id = r.id), '[]')
             as reference_corrections,
           ${cursorMicros(tx, tx`r.requested_at`)} as cursor_micros
    from public.payout_requests r
    join public.users u on u.id = r.user_id
    where ${where}
    order by r.requested_at desc, r.id desc
    limit ${limit}`;
}

function toPayoutJson(row: PayoutRow): PayoutItem {
  return {
    payout_request_id: row.id,
    user_id: row.user_id,
    email: row.email,
    business_name: row.business_name,
    user_type: row.user_type,
    status: row.status,
    requested_at: row.requested_at,
    completed_at: row.completed_at,
    aba_reference: row.aba_reference,
    cancelled_at: row.cancelled_at,
    rejected_at: row.rejected_at,
    rejection_reason: row.rejection_reason,
    reference_corrections: row.reference_corrections.map((correction) => ({
      ...correction,
      corrected_at: new Date(correction.corrected_at).toISOString(),
    })),
    ...money("total_amount", row.amount_cents),
    ...money("gross_amount", row.gross_cents),
    ...money("fee_amount", row.fee_cents),
    transaction_count: row.transaction_count,
    product_names: row.product_names,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number: row.account_number,
  };
}

/** The balances of one user (public.payout_balances; see docs/money.md for each). */
type BalanceRow = Record<
  | "earned"
  | "completed"
  | "available"
  | "pending"
  | "review"
  | "gross"
  | "fees"
  | "requested"
  | "commissions"
  | "awaiting_cash",
  Cents
>;

/** The payout summary of one user (docs/api.md, "GET /payouts/summary"; docs/money.md for each figure). */
export async function readSummary(
  tx: Tx,
  userId: string,
  userType: PayoutUserType,
): Promise<BusinessPayoutSummary | InfluencerPayoutSummary> {
  // Read from the running balances the postings keep and the order counters, so the cost does not
  // grow with the ledger or the orders.
  const [row] = await tx<BalanceRow[]>`select * from public.payout_balances(${userId})`;
  const summary = {
    ...money("earned_balance", row.earned),
    ...money("requested_balance", row.requested),
    ...money("total_completed", row.completed),
    ...money("available_for_payout", row.available),
    ...money("pending_balance", row.pending),
    ...money("held_for_review_balance", row.review),
    ...money("awaiting_cash_balance", row.awaiting_cash),
  };
  if (userType !== "business") return summary;
  return {
    ...summary,
    ...money("total_earnings", row.gross),
    ...money("total_platform_fees", row.fees),
    ...money("total_influencer_commissions", row.commissions),
  };
}

/** A pending request with its requester (a user has one pending request at most). */
type PendingRow = Pick<
  PayoutRow,
  | "id"
  | "user_id"
  | "email"
  | "business_name"
  | "user_type"
  | "bank_name"
  | "account_name"
  | "account_number"
  | "amount_cents"
  | "gross_cents"
  | "fee_cents"
  | "requested_at"
> &
  Pick<Tables<"payout_requests">, "khqr"> &
  Coverage;

/**
 * Pending requests, one per user (payout_requests_one_pending_key), oldest first (admin only, by
 * RLS). `now` dates the payable KHQR of each.
 */
export async function readPendingByUser(tx: Tx, now = Date.now()): Promise<PendingPayout[]> {
  const rows = await tx<PendingRow[]>`
    select r.id, r.user_id, u.email, u.business_name, u.user_type, r.amount_cents, r.gross_cents, r.fee_cents,
           r.requested_at, r.covered_transactions as transaction_count, r.covered_products as product_names,
           r.bank_name, r.account_name, r.account_number, r.khqr
    from public.payout_requests r
    join public.users u on u.id = r.user_id
    where r.status = 'pending'
    order by r.requested_at, r.user_id`;
  return rows.map((row) => {
    const business = row.user_type === "business";
    return {
      user_id: row.user_id,
      email: row.email,
      business_name: row.business_name,
      user_type: row.user_type,
      ...money("total_amount", row.amount_cents),
      oldest_request: row.requested_at,
      request_count: 1,
      payout_request_ids: [row.id],
      transaction_count: row.transaction_count,
      product_names: row.product_names,
      ...(business ? money("gross_amount", row.gross_cents) : { gross_amount: null, gross_amount_cents: null }),
      ...(business ? money("fee_amount", row.fee_cents) : { fee_amount: null, fee_amount_cents: null }),
      ...(business ? money("net_amount", row.amount_cents) : { net_amount: null, net_amount_cents: null }),
      bank_name: row.bank_name,
      account_name: row.account_name,
      account_number: row.account_number,
      // A snapshot the checks now refuse (saved before tags were required to be unique) gets no
      // payable code: the admin pays the account number instead of a code that may pay twice.
      khqr:
        row.khqr && checkKhqr(row.khqr).ok
          ? payableKhqr(row.khqr, {
              amountCents: row.amount_cents,
              createdAtMs: now,
              expiresAtMs: now + PAYABLE_KHQR_LIFETIME_MS,
            })
          : null,
    };
  });
}

type StatsRow = Record<"pending_requests" | "completed_payouts", number> &
  Record<"pending_amount" | "completed_amount" | "platform_fees" | "cash_collected" | "cash_held", Cents>;

/** Totals for the admin (docs/api.md, "GET /payouts/admin/stats"): requests, fee revenue and cash. */
export async function readPayoutStats(tx: Tx): Promise<PayoutStats> {
  const [row] = await tx<StatsRow[]>`
    select
      count(*) filter (where r.status = 'pending') as pending_requests,
      coalesce(sum(r.amount_cents) filter (where r.status = 'pending'), 0) as pending_amount,
      count(*) filter (where r.status = 'completed') as completed_payouts,
      coalesce(sum(r.amount_cents) filter (where r.status = 'completed'), 0) as completed_amount,
      (select coalesce(sum(b.balance_cents), 0) from public.ledger_balances b
       join public.ledger_accounts a on a.id = b.account_id where a.kind = 'platform_fees') as platform_fees,
      (select coalesce(-sum(b.balance_cents) filter (where b.line = 'cash_collected'), 0) from public.ledger_balances b
       join public.ledger_accounts a on a.id = b.account_id where a.kind = 'delivery_cash') as cash_collected,
      (select coalesce(-sum(b.balance_cents), 0) from public.ledger_balances b
       join public.ledger_accounts a on a.id = b.account_id where a.kind = 'delivery_cash') as cash_held
    from public.payout_requests r`;
  return {
    pending_requests: row.pending_requests,
    ...money("pending_amount", row.pending_amount),
    completed_payouts: row.completed_payouts,
    ...money("completed_amount", row.completed_amount),
    ...money("platform_fees", row.platform_fees),
    ...money("cash_collected", row.cash_collected),
    ...money("cash_held", row.cash_held),
  };
}
