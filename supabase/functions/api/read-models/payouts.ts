// Payout requests and balances as the API returns them (SPEC §3 payout summary, history item,
// pending request). Every query runs as the caller, so row-level security decides whose rows
// are read: a user's own, or everyone's for an admin. Amounts come in cents and in dollars.
import type { Tx } from "../../_shared/db.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";

/** `{name: dollars, name_cents: cents}` for a bigint read as text or number. */
export function money<N extends string>(name: N, cents: string | number | bigint): Record<N | `${N}_cents`, number> {
  const value = Number(cents);
  return { [name]: centsToDollars(value), [`${name}_cents`]: value } as Record<N | `${N}_cents`, number>;
}

interface PayoutRow {
  id: string;
  user_id: string;
  email: string;
  user_type: "business" | "influencer";
  status: "pending" | "completed";
  requested_at: Date;
  completed_at: Date | null;
  aba_reference: string | null;
  amount_cents: string;
  gross_cents: string;
  fee_cents: string;
  transaction_count: number;
  product_names: string[];
}

// What each request covers: the ledger transactions of its entries and their orders' products.
const coverage = `
  select count(distinct e.transaction_id)::int as transaction_count,
         coalesce(array_agg(distinct o.product_name order by o.product_name)
           filter (where o.product_name is not null), '{}') as product_names
  from public.payout_request_entries pe
  join public.ledger_entries e on e.id = pe.ledger_entry_id
  join public.ledger_transactions t on t.id = e.transaction_id
  left join public.orders o on o.id = t.order_id`;

/** Payout requests (history items), newest first; `where` filters `r` (payout_requests). */
export async function readPayouts(tx: Tx, where: string, params: unknown[], limit = 500) {
  const rows = await tx.unsafe<PayoutRow[]>(
    `select r.id, r.user_id, u.email, u.user_type, r.status, r.requested_at, r.completed_at, r.aba_reference,
            r.amount_cents::text, r.gross_cents::text, r.fee_cents::text, c.transaction_count, c.product_names
     from public.payout_requests r
     join public.users u on u.id = r.user_id
     cross join lateral (${coverage} where pe.payout_request_id = r.id) c
     where ${where}
     order by r.requested_at desc, r.id
     limit ${limit}`,
    params as never[],
  );
  return rows.map(toPayoutJson);
}

function toPayoutJson(row: PayoutRow) {
  return {
    payout_request_id: row.id,
    user_id: row.user_id,
    email: row.email,
    user_type: row.user_type,
    status: row.status,
    requested_at: row.requested_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    aba_reference: row.aba_reference,
    ...money("total_amount", row.amount_cents),
    ...money("gross_amount", row.gross_cents),
    ...money("fee_amount", row.fee_cents),
    transaction_count: row.transaction_count,
    product_names: row.product_names,
  };
}

export type PayoutJson = ReturnType<typeof toPayoutJson>;

interface BalanceRow {
  earned: string;
  completed: string;
  available: string;
  gross: string;
  fees: string;
  requested: string;
  commissions: string;
}

/** SPEC §3 payout summary of one user (see docs/money.md for each figure). */
export async function readSummary(tx: Tx, userId: string, userType: "business" | "influencer") {
  const [row] = await tx.unsafe<BalanceRow[]>(
    `select
       coalesce(sum(e.amount_cents) filter (where e.line <> 'payout'), 0)::text as earned,
       coalesce(-sum(e.amount_cents) filter (where e.line = 'payout'), 0)::text as completed,
       coalesce(sum(e.amount_cents) filter (where e.line <> 'payout' and not exists (
         select 1 from public.payout_request_entries pe where pe.ledger_entry_id = e.id)), 0)::text as available,
       coalesce(sum(e.amount_cents) filter (where e.line = 'gross'), 0)::text as gross,
       coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)::text as fees,
       (select coalesce(sum(amount_cents), 0) from public.payout_requests
        where user_id = $1 and status = 'pending')::text as requested,
       (select coalesce(sum(commission_cents), 0) from public.orders
        where business_id = $1 and status = 'delivered')::text as commissions
     from public.ledger_entries e
     join public.ledger_accounts a on a.id = e.account_id
     where a.user_id = $1`,
    [userId],
  );
  return {
    ...money("earned_balance", row.earned),
    ...money("requested_balance", row.requested),
    ...money("total_completed", row.completed),
    ...money("available_for_payout", row.available),
    ...(userType === "business"
      ? {
          ...money("total_earnings", row.gross),
          ...money("total_platform_fees", row.fees),
          ...money("total_influencer_commissions", row.commissions),
        }
      : {}),
  };
}

interface PendingRow {
  user_id: string;
  email: string;
  user_type: "business" | "influencer";
  total: string;
  gross: string;
  fee: string;
  oldest_request: Date;
  request_count: number;
  payout_request_ids: string[];
  transaction_count: number;
  product_names: string[];
}

/** Pending requests grouped per user, oldest first (admin only, by RLS). */
export async function readPendingByUser(tx: Tx) {
  const rows = await tx.unsafe<PendingRow[]>(
    `select r.user_id, u.email, u.user_type, sum(r.amount_cents)::text as total, sum(r.gross_cents)::text as gross,
            sum(r.fee_cents)::text as fee, min(r.requested_at) as oldest_request, count(*)::int as request_count,
            array_agg(r.id order by r.requested_at) as payout_request_ids,
            c.transaction_count, c.product_names
     from public.payout_requests r
     join public.users u on u.id = r.user_id
     cross join lateral (${coverage}
       join public.payout_requests pr on pr.id = pe.payout_request_id
       where pr.user_id = r.user_id and pr.status = 'pending') c
     where r.status = 'pending'
     group by r.user_id, u.email, u.user_type, c.transaction_count, c.product_names
     order by oldest_request, r.user_id`,
  );
  return rows.map((row) => {
    const business = row.user_type === "business";
    return {
      user_id: row.user_id,
      email: row.email,
      user_type: row.user_type,
      ...money("total_amount", row.total),
      oldest_request: row.oldest_request.toISOString(),
      request_count: row.request_count,
      payout_request_ids: row.payout_request_ids,
      transaction_count: row.transaction_count,
      product_names: row.product_names,
      ...(business ? money("gross_amount", row.gross) : { gross_amount: null, gross_amount_cents: null }),
      ...(business ? money("fee_amount", row.fee) : { fee_amount: null, fee_amount_cents: null }),
      ...(business ? money("net_amount", row.total) : { net_amount: null, net_amount_cents: null }),
    };
  });
}

interface StatsRow {
  pending_requests: number;
  pending_amount: string;
  completed_payouts: number;
  completed_amount: string;
  platform_fees: string;
  cash_collected: string;
  cash_held: string;
}

/** Totals for the admin (SPEC §7 payout stats): requests, fee revenue and cash. */
export async function readPayoutStats(tx: Tx) {
  const [row] = await tx.unsafe<StatsRow[]>(
    `select
       count(*) filter (where r.status = 'pending')::int as pending_requests,
       coalesce(sum(r.amount_cents) filter (where r.status = 'pending'), 0)::text as pending_amount,
       count(*) filter (where r.status = 'completed')::int as completed_payouts,
       coalesce(sum(r.amount_cents) filter (where r.status = 'completed'), 0)::text as completed_amount,
       (select coalesce(sum(e.amount_cents), 0) from public.ledger_entries e
        join public.ledger_accounts a on a.id = e.account_id where a.kind = 'platform_fees')::text as platform_fees,
       (select coalesce(-sum(e.amount_cents) filter (where e.line = 'cash_collected'), 0) from public.ledger_entries e
        join public.ledger_accounts a on a.id = e.account_id where a.kind = 'delivery_cash')::text as cash_collected,
       (select coalesce(-sum(e.amount_cents), 0) from public.ledger_entries e
        join public.ledger_accounts a on a.id = e.account_id where a.kind = 'delivery_cash')::text as cash_held
     from public.payout_requests r`,
  );
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
