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
  transaction_count: number;
  product_names: Tables<"orders">["product_name"][];
}

type PayoutRow = Pick<
  Tables<"payout_requests">,
  | "id"
  | "user_id"
  | "status"
  | "requested_at"
  | "completed_at"
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
} & Coverage;

/** The Coverage of the entries `pe` the caller adds a condition on. */
function coverage(tx: Tx) {
  return tx`
    select count(distinct e.transaction_id) as transaction_count,
           coalesce(array_agg(distinct o.product_name order by o.product_name)
             filter (where o.product_name is not null), '{}') as product_names
    from public.payout_request_entries pe
    join public.ledger_entries e on e.id = pe.ledger_entry_id
    join public.ledger_transactions t on t.id = e.transaction_id
    left join public.orders o on o.id = t.order_id`;
}

/** Payout requests (history items), newest first; `where` filters `r` (payout_requests). */
export async function readPayouts(tx: Tx, where: Fragment, limit = 500): Promise<PayoutItem[]> {
  return (await readPayoutRows(tx, where, limit)).map(toPayoutJson);
}

/** One page of the payout requests RLS lets the caller read (their own; an admin's: everyone's). */
export async function readPayoutPage(tx: Tx, page: PageQuery) {
  const rows = await readPayoutRows(tx, afterCursor(tx, tx`r.requested_at`, tx`r.id`, page.cursor), rowsToRead(page));
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
           r.aba_reference, r.amount_cents, r.gross_cents, r.fee_cents, c.transaction_count, c.product_names,
           r.bank_name, r.account_name, r.account_number, ${cursorMicros(tx, tx`r.requested_at`)} as cursor_micros
    from public.payout_requests r
    join public.users u on u.id = r.user_id
    cross join lateral (${coverage(tx)} where pe.payout_request_id = r.id) c
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

/** Sums of one user's ledger entries and requests (see docs/money.md for each). */
type BalanceRow = Record<
  "earned" | "completed" | "available" | "pending" | "review" | "gross" | "fees" | "requested" | "commissions",
  Cents
>;

/** The payout summary of one user (docs/api.md, "GET /payouts/summary"; docs/money.md for each figure). */
export async function readSummary(
  tx: Tx,
  userId: string,
  userType: PayoutUserType,
): Promise<BusinessPayoutSummary | InfluencerPayoutSummary> {
  // An earning not yet requested is held for review, pending (inside the holding period) or
  // available: private.earning_state, the rule request_payout applies too.
  const [row] = await tx<BalanceRow[]>`
    with entries as (
      select e.amount_cents, e.line,
             e.line <> 'payout' and not exists (
               select 1 from public.payout_request_entries pe where pe.ledger_entry_id = e.id) as unrequested,
             private.earning_state(e.transaction_id, e.line) as state
      from public.ledger_entries e
      join public.ledger_accounts a on a.id = e.account_id
      where a.user_id = ${userId}
    )
    select
      coalesce(sum(amount_cents) filter (where line <> 'payout'), 0) as earned,
      coalesce(-sum(amount_cents) filter (where line = 'payout'), 0) as completed,
      coalesce(sum(amount_cents) filter (where unrequested and state = 'available'), 0) as available,
      coalesce(sum(amount_cents) filter (where unrequested and state = 'pending'), 0) as pending,
      coalesce(sum(amount_cents) filter (where unrequested and state = 'review'), 0) as review,
      coalesce(sum(amount_cents) filter (where line = 'gross'), 0) as gross,
      coalesce(-sum(amount_cents) filter (where line = 'platform_fee'), 0) as fees,
      (select coalesce(sum(amount_cents), 0) from public.payout_requests
       where user_id = ${userId} and status = 'pending') as requested,
      (select coalesce(sum(commission_cents), 0) from public.orders
       where business_id = ${userId} and status = 'delivered') as commissions
    from entries`;
  const summary = {
    ...money("earned_balance", row.earned),
    ...money("requested_balance", row.requested),
    ...money("total_completed", row.completed),
    ...money("available_for_payout", row.available),
    ...money("pending_balance", row.pending),
    ...money("held_for_review_balance", row.review),
  };
  if (userType !== "business") return summary;
  return {
    ...summary,
    ...money("total_earnings", row.gross),
    ...money("total_platform_fees", row.fees),
    ...money("total_influencer_commissions", row.commissions),
  };
}

/** One user's pending requests, summed, with the oldest one's bank snapshot. */
type PendingRow = Pick<
  PayoutRow,
  "user_id" | "email" | "business_name" | "user_type" | "bank_name" | "account_name" | "account_number"
> &
  Pick<Tables<"payout_requests">, "khqr"> &
  Coverage & {
    total: Cents;
    gross: Cents;
    fee: Cents;
    oldest_request: Tables<"payout_requests">["requested_at"];
    request_count: number;
    payout_request_ids: Tables<"payout_requests">["id"][];
  };

/**
 * Pending requests grouped per user, oldest first (admin only, by RLS). `now` dates the payable
 * KHQR of each.
 */
export async function readPendingByUser(tx: Tx, now = Date.now()): Promise<PendingPayout[]> {
  const rows = await tx<PendingRow[]>`
    select r.user_id, u.email, u.business_name, u.user_type, sum(r.amount_cents) as total, sum(r.gross_cents) as gross,
           sum(r.fee_cents) as fee, min(r.requested_at) as oldest_request, count(*) as request_count,
           array_agg(r.id order by r.requested_at) as payout_request_ids,
           c.transaction_count, c.product_names,
           (array_agg(r.bank_name order by r.requested_at))[1] as bank_name,
           (array_agg(r.account_name order by r.requested_at))[1] as account_name,
           (array_agg(r.account_number order by r.requested_at))[1] as account_number,
           (array_agg(r.khqr order by r.requested_at))[1] as khqr
    from public.payout_requests r
    join public.users u on u.id = r.user_id
    cross join lateral (${coverage(tx)}
      join public.payout_requests pr on pr.id = pe.payout_request_id
      where pr.user_id = r.user_id and pr.status = 'pending') c
    where r.status = 'pending'
    group by r.user_id, u.email, u.business_name, u.user_type, c.transaction_count, c.product_names
    order by oldest_request, r.user_id`;
  return rows.map((row) => {
    const business = row.user_type === "business";
    return {
      user_id: row.user_id,
      email: row.email,
      business_name: row.business_name,
      user_type: row.user_type,
      ...money("total_amount", row.total),
      oldest_request: row.oldest_request,
      request_count: row.request_count,
      payout_request_ids: row.payout_request_ids,
      transaction_count: row.transaction_count,
      product_names: row.product_names,
      ...(business ? money("gross_amount", row.gross) : { gross_amount: null, gross_amount_cents: null }),
      ...(business ? money("fee_amount", row.fee) : { fee_amount: null, fee_amount_cents: null }),
      ...(business ? money("net_amount", row.total) : { net_amount: null, net_amount_cents: null }),
      bank_name: row.bank_name,
      account_name: row.account_name,
      account_number: row.account_number,
      // A snapshot the checks now refuse (saved before tags were required to be unique) gets no
      // payable code: the admin pays the account number instead of a code that may pay twice.
      khqr:
        row.khqr && checkKhqr(row.khqr).ok
          ? payableKhqr(row.khqr, {
              amountCents: row.total,
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
      (select coalesce(sum(e.amount_cents), 0) from public.ledger_entries e
       join public.ledger_accounts a on a.id = e.account_id where a.kind = 'platform_fees') as platform_fees,
      (select coalesce(-sum(e.amount_cents) filter (where e.line = 'cash_collected'), 0) from public.ledger_entries e
       join public.ledger_accounts a on a.id = e.account_id where a.kind = 'delivery_cash') as cash_collected,
      (select coalesce(-sum(e.amount_cents), 0) from public.ledger_entries e
       join public.ledger_accounts a on a.id = e.account_id where a.kind = 'delivery_cash') as cash_held
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
