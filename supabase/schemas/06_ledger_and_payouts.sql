-- The earnings ledger and manual payouts (docs/money.md). Every amount is integer cents.
--
-- Rules kept here:
-- - The money rules of an order are generated columns of public.orders (05_orders.sql), so they
--   live in one place.
-- - A double-entry ledger: accounts, transactions and entries. Entries are never changed and every
--   transaction sums to zero (checked at commit). Entering `delivered` posts a delivery; leaving it
--   posts the reversal, in the same transaction as the status change (public.change_order_status,
--   05_orders.sql, calls the posting functions below).
-- - The holding period: a delivered order's commission and business net become available for a
--   payout only once `commission_hold_days` (public.marketplace_settings, 02_settings.sql) have
--   passed since its delivery; until then they are pending. A commission of an order held for
--   review (05_orders.sql) stays unavailable until an admin clears it.
-- - Payout requests cover exactly the ledger entries available when they are made, and keep the
--   bank details (and KHQR) the user had when asking: the admin pays what was requested to where it
--   was requested, whatever the profile says later. An admin completes them with an ABA reference,
--   which posts the payout. A pending request can instead be cancelled by its owner or rejected by
--   an admin with a reason: its entries are released (available again) and the request stays in
--   the history with why it ended. A completed request's ABA reference can be corrected by an
--   admin with a reason; the audit log keeps both values.
-- - Running balances (public.ledger_balances, private.unrequested_earnings and
--   private.unrequested_earning_hours) are kept by the postings themselves, in the same
--   transaction, so a summary or a request costs the same at 100 entries as at 100,000. The
--   entries remain the truth: private.running_balance_differences recomputes every balance from
--   them (pgTAP and the seeded ledger-invariant run check it is empty), and
--   private.rebuild_running_balances writes them afresh.
--
-- Elsewhere: the triggers payout_requests_queue_telegram (09_telegram.sql) and
-- payout_requests_audit_completion (10_audit.sql) act on public.payout_requests too.

-- types ------------------------------------------------------------------------------------------

create type public.ledger_account_kind as enum (
  'influencer', 'business', 'platform_fees', 'delivery_cash', 'courier_cash', 'delivery_fees'
);
create type public.ledger_transaction_kind as enum (
  'delivery', 'delivery_reversal', 'payout', 'remittance', 'remittance_reversal'
);
create type public.ledger_line as enum (
  'cash_collected', 'commission', 'gross', 'platform_fee', 'payout', 'delivery_fee', 'remittance'
);
comment on type public.ledger_account_kind is 'A ledger account: an influencer''s or a business''s earnings, the platform''s fees, the office''s cash (delivery_cash), the cash a courier holds for the marketplace (courier_cash), and the delivery fees couriers remit (delivery_fees).';
create type public.payout_status as enum ('pending', 'completed', 'cancelled', 'rejected');
-- An amount to add to an hour of private.unrequested_earning_hours (private.add_earning_hours).
create type private.earning_hour_change as (
  account_id bigint, held boolean, earned_hour timestamptz, amount_cents bigint, awaiting_cash boolean
);

-- tables -----------------------------------------------------------------------------------------

create table public.ledger_accounts (
  id bigint generated always as identity primary key,
  kind public.ledger_account_kind not null,
  user_id uuid constraint ledger_accounts_user_id_fkey references public.users (id),
  -- The courier of a courier_cash account: what it collected at the door and has not remitted.
  courier_id uuid constraint ledger_accounts_courier_id_fkey references public.couriers (id),
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check ((kind in ('influencer', 'business')) = (user_id is not null)),
  constraint ledger_accounts_courier check ((kind = 'courier_cash') = (courier_id is not null))
);

create table public.payout_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint payout_requests_user_id_fkey references public.users (id),
  status public.payout_status not null default 'pending',
  amount_cents bigint not null constraint payout_requests_amount_cents_check check (amount_cents > 0),
  gross_cents bigint not null,
  -- Not signed: a reversed fee (after its payout) can outweigh the fees of later sales.
  fee_cents bigint not null,
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  completed_by uuid constraint payout_requests_completed_by_fkey references public.users (id),
  aba_reference text constraint payout_requests_aba_reference_check
    check (aba_reference = btrim(aba_reference, E' \t\n\r\f\x0B') and aba_reference <> '' and length(aba_reference) <= 64),
  -- The bank details and KHQR of the requester when the request was made (a snapshot).
  bank_name text,
  account_name text,
  account_number text,
  khqr text,
  -- What the request covers, counted when it is made (the history shows it; its entries never
  -- change): the delivery and reversal transactions and their orders' product names.
  covered_transactions integer not null default 0,
  covered_products text[] not null default '{}',
  -- A request its owner cancelled, or an admin rejected (with the reason the owner reads).
  cancelled_at timestamptz,
  rejected_at timestamptz,
  rejected_by uuid constraint payout_requests_rejected_by_fkey references public.users (id),
  rejection_reason text constraint payout_requests_rejection_reason_length
    check (char_length(btrim(rejection_reason)) between 1 and 500),
  constraint payout_requests_net check (amount_cents = gross_cents - fee_cents),
  constraint payout_requests_cancellation check ((status = 'cancelled') = (cancelled_at is not null)),
  constraint payout_requests_rejection check (
    (status = 'rejected') = (rejected_at is not null and rejected_by is not null and rejection_reason is not null)),
  constraint payout_requests_completion check (
    (status = 'completed') = (completed_at is not null and completed_by is not null and aba_reference is not null))
);

-- Each correction of a completed payout's ABA reference, by an admin with a reason
-- (public.correct_payout_reference): the only way a completed request's reference changes.
create table public.payout_reference_corrections (
  id bigint generated always as identity primary key,
  payout_request_id uuid not null
    constraint payout_reference_corrections_payout_request_id_fkey references public.payout_requests (id),
  previous_reference text not null,
  aba_reference text not null,
  reason text not null
    constraint payout_reference_corrections_reason_length check (char_length(btrim(reason)) between 1 and 500),
  corrected_by uuid not null constraint payout_reference_corrections_corrected_by_fkey references public.users (id),
  corrected_at timestamptz not null default now()
);

create table public.ledger_transactions (
  id bigint generated always as identity primary key,
  kind public.ledger_transaction_kind not null,
  order_id uuid constraint ledger_transactions_order_id_fkey references public.orders (id),
  -- The n-th delivery of an order, and for a reversal the number of the delivery it reverses.
  delivery_number integer constraint ledger_transactions_delivery_number_check check (delivery_number > 0),
  reverses_transaction_id bigint
    constraint ledger_transactions_reverses_transaction_id_key unique
    constraint ledger_transactions_reverses_transaction_id_fkey references public.ledger_transactions (id),
  payout_request_id uuid
    constraint ledger_transactions_payout_request_id_key unique
    constraint ledger_transactions_payout_request_id_fkey references public.payout_requests (id),
  -- The remittance a remittance (or its reversal) posts; its foreign key
  -- (ledger_transactions_remittance_id_fkey) is added in 06_remittances.sql, after that table.
  remittance_id uuid,
  created_by uuid constraint ledger_transactions_created_by_fkey references public.users (id),
  created_at timestamptz not null default now(),
  constraint ledger_transactions_shape check (case kind
    when 'delivery' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is null and payout_request_id is null and remittance_id is null
    when 'delivery_reversal' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is not null and payout_request_id is null and remittance_id is null
    when 'payout' then order_id is null and delivery_number is null and reverses_transaction_id is null
      and payout_request_id is not null and remittance_id is null
    when 'remittance' then order_id is null and delivery_number is null and reverses_transaction_id is null
      and payout_request_id is null and remittance_id is not null
    else order_id is null and delivery_number is null and reverses_transaction_id is not null
      and payout_request_id is null and remittance_id is not null
  end)
);

create table public.ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null constraint ledger_entries_transaction_id_fkey references public.ledger_transactions (id),
  account_id bigint not null constraint ledger_entries_account_id_fkey references public.ledger_accounts (id),
  line public.ledger_line not null,
  -- Positive: the marketplace owes the account holder more.
  amount_cents bigint not null constraint ledger_entries_amount_cents_check check (amount_cents <> 0),
  created_at timestamptz not null default now()
);

create table public.payout_request_entries (
  ledger_entry_id bigint primary key
    constraint payout_request_entries_ledger_entry_id_fkey references public.ledger_entries (id),
  payout_request_id uuid not null
    constraint payout_request_entries_payout_request_id_fkey references public.payout_requests (id)
);

-- Running balances, kept by the postings (see "running balances" below). ledger_balances sums
-- every account's entries per line; the two private tables follow the earnings a payout request
-- may still take, which the holding period and reviews split into available, pending and held.
create table public.ledger_balances (
  account_id bigint not null constraint ledger_balances_account_id_fkey references public.ledger_accounts (id),
  line public.ledger_line not null,
  balance_cents bigint not null,
  primary key (account_id, line)
);

-- An earning entry (on a user's account, any line but payout) no payout request covers yet, with
-- the time of the delivery it belongs to (a reversal's is the delivery it reverses).
create table private.unrequested_earnings (
  ledger_entry_id bigint primary key
    constraint unrequested_earnings_ledger_entry_id_fkey references public.ledger_entries (id),
  account_id bigint not null constraint unrequested_earnings_account_id_fkey references public.ledger_accounts (id),
  transaction_id bigint not null
    constraint unrequested_earnings_transaction_id_fkey references public.ledger_transactions (id),
  order_id uuid not null constraint unrequested_earnings_order_id_fkey references public.orders (id),
  line public.ledger_line not null,
  amount_cents bigint not null,
  earned_at timestamptz not null
);

-- The same earnings summed per account, per hour of delivery (UTC), whether they are held for
-- review, and whether their order's cash is still with a courier: a summary adds up at most one
-- row per hour of the holding period.
create table private.unrequested_earning_hours (
  account_id bigint not null
    constraint unrequested_earning_hours_account_id_fkey references public.ledger_accounts (id),
  held boolean not null,
  earned_hour timestamptz not null,
  amount_cents bigint not null,
  awaiting_cash boolean not null default false,
  primary key (account_id, held, awaiting_cash, earned_hour)
);

-- comments ---------------------------------------------------------------------------------------

comment on table public.ledger_accounts is 'Ledger accounts: one per influencer and per business, the platform''s fee revenue, and cash collected on delivery.';

comment on table public.payout_requests is 'A request to be paid the available balance; an admin completes it by ABA transfer, recording the reference.';
comment on column public.payout_requests.bank_name is 'The requester''s bank name when the request was made (a snapshot).';
comment on column public.payout_requests.account_name is 'The requester''s account name when the request was made (a snapshot).';
comment on column public.payout_requests.account_number is 'The requester''s account number when the request was made (a snapshot).';
comment on column public.payout_requests.rejection_reason is 'Why an admin rejected the request; the requester reads it. Null unless rejected.';
comment on column public.payout_requests.khqr is 'The requester''s saved KHQR when the request was made (a snapshot), null if none.';

comment on table public.payout_reference_corrections is 'Corrections of completed payouts'' ABA references, each with the values before and after, the reason and the admin; append-only.';
comment on table public.ledger_transactions is 'A delivery, its reversal, or a payout: a set of ledger entries that sums to zero.';

comment on table public.ledger_entries is 'Signed cents on one ledger account; never updated or deleted.';

comment on column public.payout_requests.covered_transactions is 'How many ledger transactions (deliveries and reversals) the request covers.';
comment on column public.payout_requests.covered_products is 'The product names of the orders the request covers, sorted, each once.';

comment on table public.payout_request_entries is 'The ledger entries a payout request covers; an entry is covered by one request at most.';

comment on table public.ledger_balances is 'The sum of an account''s ledger entries per line, kept by every posting.';
comment on table private.unrequested_earnings is 'Earning entries on users'' accounts that no payout request covers yet, with the time of their delivery.';
comment on table private.unrequested_earning_hours is 'private.unrequested_earnings summed per account, per hour of delivery (UTC), held for review or not, awaiting a courier''s cash or not.';

-- indexes ----------------------------------------------------------------------------------------

create unique index ledger_accounts_user_id_key on public.ledger_accounts (user_id);
create unique index ledger_accounts_courier_id_key on public.ledger_accounts (courier_id);
create unique index ledger_accounts_system_kind_key on public.ledger_accounts (kind) where user_id is null and courier_id is null;

-- One pending request per user, whatever the timing of the requests.
create unique index payout_requests_one_pending_key on public.payout_requests (user_id) where status = 'pending';
-- The boards read newest first by (requested_at, id), a page at a time (keyset paging): each page
-- is one range scan of an index on exactly that order (the user's id in front for one user's list).
create index payout_requests_requested_at_id_idx on public.payout_requests (requested_at desc, id desc);
create index payout_requests_user_id_idx on public.payout_requests (user_id, requested_at desc, id desc);
create index payout_requests_status_idx on public.payout_requests (status, requested_at);
create index payout_requests_completed_by_idx on public.payout_requests (completed_by);
create index payout_requests_rejected_by_idx on public.payout_requests (rejected_by);
create index payout_reference_corrections_request_idx on public.payout_reference_corrections (payout_request_id, id);
create index payout_reference_corrections_corrected_by_idx on public.payout_reference_corrections (corrected_by);

-- Each delivery of an order is numbered, and each number is delivered and reversed at most once.
create unique index ledger_transactions_order_key on public.ledger_transactions (order_id, kind, delivery_number);
create index ledger_transactions_created_by_idx on public.ledger_transactions (created_by);
-- A remittance is posted once and reversed at most once.
create unique index ledger_transactions_remittance_key on public.ledger_transactions (remittance_id, kind);

create index ledger_entries_account_id_idx on public.ledger_entries (account_id, id);
create index ledger_entries_transaction_id_idx on public.ledger_entries (transaction_id);

create index payout_request_entries_request_idx on public.payout_request_entries (payout_request_id);

-- A request takes an account's earnings delivered before the cutoff; a summary reads the hour the
-- cutoff falls in entry by entry.
create index unrequested_earnings_account_idx on private.unrequested_earnings (account_id, earned_at);
-- A review moves one order's commission between held and not held.
create index unrequested_earnings_order_idx on private.unrequested_earnings (order_id);
create index unrequested_earnings_transaction_idx on private.unrequested_earnings (transaction_id);

-- row-level security: read your own, admins read all; nobody writes directly ----------------------

alter table public.ledger_accounts enable row level security;
alter table public.ledger_transactions enable row level security;
alter table public.ledger_entries enable row level security;
alter table public.payout_requests enable row level security;
alter table public.payout_request_entries enable row level security;
alter table public.ledger_balances enable row level security;
alter table public.payout_reference_corrections enable row level security;
revoke all on public.payout_reference_corrections from anon, authenticated, service_role;
grant select on public.payout_reference_corrections to authenticated, service_role;

revoke all on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries, public.ledger_balances from anon, authenticated, service_role;
grant select on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries, public.ledger_balances to authenticated, service_role;

-- Only the functions below (as their owner) read or write them.
alter table private.unrequested_earnings enable row level security;
alter table private.unrequested_earning_hours enable row level security;
revoke all on private.unrequested_earnings, private.unrequested_earning_hours
  from public, anon, authenticated, service_role;

create policy "Users can read their own ledger account" on public.ledger_accounts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every ledger account" on public.ledger_accounts
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read entries on their own ledger account" on public.ledger_entries
  for select to authenticated
  using (exists (select 1 from public.ledger_accounts a where a.id = account_id and a.user_id = (select auth.uid())));
create policy "Admins can read every ledger entry" on public.ledger_entries
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read ledger transactions touching their account" on public.ledger_transactions
  for select to authenticated
  using (exists (
    select 1 from public.ledger_entries e join public.ledger_accounts a on a.id = e.account_id
    where e.transaction_id = ledger_transactions.id and a.user_id = (select auth.uid())));
create policy "Admins can read every ledger transaction" on public.ledger_transactions
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read the balances of their own ledger account" on public.ledger_balances
  for select to authenticated
  using (exists (select 1 from public.ledger_accounts a where a.id = account_id and a.user_id = (select auth.uid())));
create policy "Admins can read every ledger balance" on public.ledger_balances
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read their own payout requests" on public.payout_requests
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every payout request" on public.payout_requests
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read the corrections of their payouts" on public.payout_reference_corrections
  for select to authenticated
  using (exists (select 1 from public.payout_requests r where r.id = payout_request_id and r.user_id = (select auth.uid())));
create policy "Admins can read every payout correction" on public.payout_reference_corrections
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read what their payout requests cover" on public.payout_request_entries
  for select to authenticated
  using (exists (select 1 from public.payout_requests r where r.id = payout_request_id and r.user_id = (select auth.uid())));
create policy "Admins can read what every payout request covers" on public.payout_request_entries
  for select to authenticated using ((select private.has_role('admin')));

-- integrity --------------------------------------------------------------------------------------

create or replace function private.refuse_ledger_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception '% rows are never changed or deleted; post a reversing transaction instead', tg_table_name
    using errcode = '55000';
end
$$;
comment on function private.refuse_ledger_change is 'Trigger: ledger rows are append-only.';

-- Checked at commit, once all of a transaction's entries are written.
create or replace function private.check_ledger_transaction_balanced() returns trigger
language plpgsql set search_path = ''
as $$
declare
  balance bigint;
begin
  select sum(amount_cents) into balance from public.ledger_entries where transaction_id = new.transaction_id;
  if balance <> 0 then
    raise exception 'Ledger transaction % does not balance: its entries sum to % cents', new.transaction_id, balance
      using errcode = '23514';
  end if;
  return null;
end
$$;
comment on function private.check_ledger_transaction_balanced is 'Constraint trigger: the entries of a ledger transaction sum to zero.';

-- A request moves once, from pending to completed, cancelled or rejected; a completed one may then
-- have its ABA reference changed to the one a correction of this transaction records
-- (public.correct_payout_reference). Its amounts, bank snapshot and what it covers never change.
create or replace function private.guard_payout_request_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if not (old.status = 'pending' and new.status in ('completed', 'cancelled', 'rejected')
          or old.status = 'completed' and new.status = 'completed'
             and (new.completed_at, new.completed_by) = (old.completed_at, old.completed_by)
             and exists (select 1 from public.payout_reference_corrections c
                         where c.payout_request_id = new.id and c.previous_reference = old.aba_reference
                           and c.aba_reference = new.aba_reference and c.corrected_at = now()))
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr, new.covered_transactions, new.covered_products)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr, old.covered_transactions, old.covered_products) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$$;
comment on function private.guard_payout_request_change is 'Trigger: a payout request goes once from pending to completed, cancelled or rejected; only a completed one''s ABA reference may change after.';

-- What a request covers is released only with the request: its rows are deleted when (and only
-- when) their request has been cancelled or rejected, never updated.
create or replace function private.guard_payout_request_entries_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and exists (
    select 1 from public.payout_requests r where r.id = old.payout_request_id and r.status in ('cancelled', 'rejected')
  ) then
    return old;
  end if;
  raise exception '% rows are never changed or deleted; post a reversing transaction instead', tg_table_name
    using errcode = '55000';
end
$$;
comment on function private.guard_payout_request_entries_change is 'Trigger: a payout request''s covered entries are only deleted to release them, once the request is cancelled or rejected.';

-- posting ----------------------------------------------------------------------------------------

-- The ledger account of a user (made on first use) or of the platform ('platform_fees',
-- 'delivery_cash', 'delivery_fees'). A courier's is private.courier_cash_account_id.
create or replace function private.ledger_account_id(p_kind public.ledger_account_kind, p_user_id uuid default null) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  account public.ledger_accounts;
begin
  if p_user_id is null then
    select * into account from public.ledger_accounts where kind = p_kind and user_id is null;
  else
    insert into public.ledger_accounts (kind, user_id) values (p_kind, p_user_id)
    on conflict (user_id) do nothing;
    select * into account from public.ledger_accounts where user_id = p_user_id;
  end if;
  if account.id is null or account.kind <> p_kind then
    raise exception 'No % ledger account for %', p_kind, coalesce(p_user_id::text, 'the platform') using errcode = 'P0002';
  end if;
  return account.id;
end
$$;
comment on function private.ledger_account_id is 'The ledger account of a user (created on first use) or a platform account.';

-- Posts an order's delivery. Called (not a trigger) by public.change_order_status
-- (05_orders.sql) and private.rider_step (06_couriers.sql) when an order enters delivered, under the order's row lock, so deliveries of one
-- order are posted one after another; the count check and the unique numbering make a second posting of
-- the same delivery fail instead of paying twice. The constraint trigger ledger_entries_balanced
-- (below) checks the transaction at commit.
create or replace function private.post_delivery(p_order_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  delivered_order public.orders;
  deliveries integer;
  reversals integer;
  new_transaction_id bigint;
  courier public.couriers;
  cash_account bigint;
  cash_due bigint;
begin
  select * into delivered_order from public.orders where id = p_order_id for no key update;
  if not found or delivered_order.status <> 'delivered' then
    raise exception 'Order % is not delivered', p_order_id using errcode = '55000';
  end if;
  -- Made on first use, then locked before the hours are written (twice, with a courier's cash).
  perform private.ledger_account_id('influencer', delivered_order.influencer_id),
          private.ledger_account_id('business', delivered_order.business_id);
  perform private.lock_earning_accounts(array[p_order_id]);
  select count(*) filter (where kind = 'delivery'), count(*) filter (where kind = 'delivery_reversal')
    into deliveries, reversals
    from public.ledger_transactions where order_id = p_order_id;
  if deliveries <> reversals then
    raise exception 'Order % already has its delivery posted', p_order_id using errcode = '55000';
  end if;

  -- The cash: the courier that carried the order owes what it collected, less the delivery fee
  -- when it keeps the fee (a fee it remits is the marketplace's, on delivery_fees); an order no
  -- courier carried is the office's cash, its sale only, as before couriers. The order's cash is
  -- noted before the entries, whose trigger reads whether it is in (06_remittances.sql).
  if delivered_order.courier_id is not null then
    select * into courier from public.couriers where id = delivered_order.courier_id;
    cash_account := private.courier_cash_account_id(courier.id);
    cash_due := case when courier.keeps_delivery_fee then delivered_order.subtotal_cents
                     else delivered_order.total_cents end;
    perform private.add_cash_due(p_order_id, courier.id, cash_due);
  else
    cash_account := private.ledger_account_id('delivery_cash');
    cash_due := delivered_order.subtotal_cents;
  end if;

  insert into public.ledger_transactions (kind, order_id, delivery_number, created_by)
  values ('delivery', p_order_id, deliveries + 1, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, entry.account_id, entry.line, entry.amount_cents
  from (values
    -- The first row's cast types the column (a VALUES list would otherwise make its lines text).
    (cash_account, 'cash_collected'::public.ledger_line, -cash_due),
    (private.ledger_account_id('delivery_fees'), 'delivery_fee', cash_due - delivered_order.subtotal_cents),
    (private.ledger_account_id('influencer', delivered_order.influencer_id), 'commission', delivered_order.commission_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'gross', delivered_order.business_gross_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'platform_fee', -delivered_order.platform_fee_cents),
    (private.ledger_account_id('platform_fees'), 'platform_fee', delivered_order.platform_fee_cents)
  ) as entry (account_id, line, amount_cents)
  where entry.amount_cents <> 0;
end
$$;
comment on function private.post_delivery is 'Posts the delivery transaction of an order entering delivered, its cash against the courier that carried it (else the office); called by change_order_status and rider_step.';

-- Reverses an order's latest delivery not yet reversed. Called (not a trigger) by
-- public.change_order_status when an order leaves delivered, under the order's row lock.
create or replace function private.reverse_delivery(p_order_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  delivery public.ledger_transactions;
  new_transaction_id bigint;
begin
  perform 1 from public.orders where id = p_order_id for no key update;
  perform private.lock_earning_accounts(array[p_order_id]);
  select t.* into delivery from public.ledger_transactions t
  where t.order_id = p_order_id and t.kind = 'delivery'
    and not exists (select 1 from public.ledger_transactions r where r.reverses_transaction_id = t.id)
  order by t.delivery_number desc
  limit 1;
  if not found then
    raise exception 'Order % has no delivery to reverse', p_order_id using errcode = '55000';
  end if;

  -- The courier that carried it no longer owes its cash (before the entries, as in post_delivery).
  perform private.add_cash_due(p_order_id, a.courier_id, e.amount_cents)
  from public.ledger_entries e join public.ledger_accounts a on a.id = e.account_id
  where e.transaction_id = delivery.id and a.kind = 'courier_cash';

  insert into public.ledger_transactions (kind, order_id, delivery_number, reverses_transaction_id, created_by)
  values ('delivery_reversal', p_order_id, delivery.delivery_number, delivery.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, e.account_id, e.line, -e.amount_cents
  from public.ledger_entries e where e.transaction_id = delivery.id;
end
$$;
comment on function private.reverse_delivery is 'Posts the reversal of an order''s delivery when it leaves delivered; called by change_order_status.';

-- what the hold releases -------------------------------------------------------------------------

-- One rule for the payout summary and request_payout: an earning entry (of a delivery, or of the
-- reversal of one, held with the delivery it reverses) is
--   review         a commission of an order held for review;
--   awaiting_cash  of an order whose cash a courier has not remitted yet, while the marketplace
--                  releases only remitted cash (release_after_remittance, 02_settings.sql);
--   pending        delivered after the release cutoff (now minus the holding period);
--   available      otherwise.
-- Computed when read, from the delivery's time, so no job moves money and a change of the setting
-- applies at once to everything not yet requested. A revert inside the hold leaves nothing
-- pending, and a revert after the hold (or after a payout) is available at once (a negative
-- balance). The cutoff is a parameter so a caller reads the settings once, not once per entry.
-- These helpers (and release_cutoff and earning_hour below) have no SET clause: Postgres inlines a
-- SQL function only without one, and with one each call saved and restored the search path
-- (8.4 us a call of earning_state, 0.2 us inlined, over a million rows). They are not security
-- definer, read no table and name what they call by schema, so the caller's search path cannot
-- change what they do.
create or replace function private.held_for_review(p_line public.ledger_line, p_review_status public.order_review_status)
returns boolean
language sql immutable
as $$
  select p_line = 'commission' and p_review_status is not distinct from 'held'
$$;
comment on function private.held_for_review is 'Whether an earning entry waits for an admin''s review: a commission of an order held for review.';

-- Whether an order's cash is still owed by the courier that carried it (not when no courier did).
create or replace function private.awaiting_cash(p_cash_status public.cash_status) returns boolean
language sql immutable
as $$
  select coalesce(p_cash_status <> 'remitted', false)
$$;
comment on function private.awaiting_cash is 'Whether an order''s cash is still owed by its courier (with_courier or short); false when no courier carried it.';

-- p_awaiting_cash is private.awaiting_cash of the order's cash while the setting is on (the
-- caller reads the setting once), false otherwise.
create or replace function private.earning_state(
  p_line public.ledger_line,
  p_review_status public.order_review_status,
  p_awaiting_cash boolean,
  p_earned_at timestamptz,
  p_release_cutoff timestamptz
) returns text
language sql immutable
as $$
  select case
    when private.held_for_review(p_line, p_review_status) then 'review'
    when p_awaiting_cash then 'awaiting_cash'
    when p_earned_at > p_release_cutoff then 'pending'
    else 'available'
  end
$$;
comment on function private.earning_state is 'review, awaiting_cash, pending or available: whether an earning entry may be requested yet (docs/money.md).';

-- Earnings delivered at or before this instant are past the holding period.
create or replace function private.release_cutoff() returns timestamptz
language sql stable
as $$
  select now() - private.commission_hold()
$$;
comment on function private.release_cutoff is 'Now minus the holding period: earnings delivered at or before it are past the hold.';

-- The hour bucket of private.unrequested_earning_hours, in UTC whatever the session's time zone.
create or replace function private.earning_hour(p_earned_at timestamptz) returns timestamptz
language sql immutable
as $$
  select date_trunc('hour', p_earned_at, 'UTC')
$$;
comment on function private.earning_hour is 'The UTC hour an earning belongs to in private.unrequested_earning_hours.';

-- running balances -------------------------------------------------------------------------------

-- Whether an order's earnings await its cash is read from public.order_cash when they are added to
-- or taken from the hours, and a remittance (or a delivery) that changes it moves them
-- (keep_balances_of_cash). A reader that adds or takes them first takes this lock on the orders'
-- cash rows, in one order, so it queues behind such a change and reads the cash as it left it (the
-- change holds the rows for update), instead of adding to hours the change has just emptied.
create or replace function private.lock_order_cash(p_order_ids uuid[]) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform from public.order_cash c where c.order_id = any (p_order_ids) order by c.order_id for share;
end
$$;
comment on function private.lock_order_cash is 'Locks the given orders'' cash rows for share (in order), before their earnings'' hours are read or written.';

-- The earning accounts of the given orders (their influencers' and shops'), locked in id order.
-- A transaction that adds to their hours more than once (a delivery: the order's cash first, then
-- its entries; a remittance of several orders) takes them first, so every writer meets the hours
-- of an account in one order and none waits for another that waits for it.
create or replace function private.lock_earning_accounts(p_order_ids uuid[]) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform from public.ledger_accounts a
  where a.user_id in (select o.influencer_id from public.orders o where o.id = any (p_order_ids)
                      union select o.business_id from public.orders o where o.id = any (p_order_ids))
  order by a.id
  for no key update;
end
$$;
comment on function private.lock_earning_accounts is 'Locks the ledger accounts of the given orders'' influencers and shops, in id order, before their hours are written more than once.';

-- Adds signed amounts to private.unrequested_earning_hours. The rows are upserted in key order, so
-- two transactions lock them in the same order and cannot deadlock. With p_drop_zeros, hours that
-- come to zero are removed: a request empties the hours it takes, and a review the hours it moves.
-- A posting leaves a zero hour (a revert within the hour) for the next request of the account:
-- the summary reads only the hours after the cutoff and the held ones, so one costs nothing there.
create or replace function private.add_earning_hours(p_changes private.earning_hour_change[], p_drop_zeros boolean)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.unrequested_earning_hours as h (account_id, held, awaiting_cash, earned_hour, amount_cents)
  select c.account_id, c.held, c.awaiting_cash, c.earned_hour, sum(c.amount_cents)
  from unnest(p_changes) as c
  group by c.account_id, c.held, c.awaiting_cash, c.earned_hour
  order by c.account_id, c.held, c.awaiting_cash, c.earned_hour
  on conflict (account_id, held, awaiting_cash, earned_hour)
    do update set amount_cents = h.amount_cents + excluded.amount_cents;
  if p_drop_zeros then
    delete from private.unrequested_earning_hours h
    using (select distinct c.account_id from unnest(p_changes) as c) as a
    where h.account_id = a.account_id and h.amount_cents = 0;
  end if;
end
$$;
comment on function private.add_earning_hours is 'Adds amounts to the hours of private.unrequested_earning_hours; with p_drop_zeros, the accounts'' hours at zero are removed.';

-- Trigger (after insert, per statement): a posting adds its entries to the account's balances and
-- its earnings to what requests may take.
create or replace function private.keep_balances_of_postings() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  hours private.earning_hour_change[];
begin
  insert into public.ledger_balances as b (account_id, line, balance_cents)
  select p.account_id, p.line, sum(p.amount_cents) from posted p group by p.account_id, p.line
  order by p.account_id, p.line
  on conflict (account_id, line) do update set balance_cents = b.balance_cents + excluded.balance_cents;

  with earnings as (
    insert into private.unrequested_earnings (ledger_entry_id, account_id, transaction_id, order_id, line, amount_cents, earned_at)
    select p.id, p.account_id, t.id, t.order_id, p.line, p.amount_cents, coalesce(d.created_at, t.created_at)
    from posted p
    join public.ledger_accounts a on a.id = p.account_id
    join public.ledger_transactions t on t.id = p.transaction_id
    left join public.ledger_transactions d on d.id = t.reverses_transaction_id
    where a.user_id is not null and p.line <> 'payout'
    returning account_id, order_id, line, amount_cents, earned_at)
  select array_agg(row(e.account_id, private.held_for_review(e.line, o.review_status),
                       private.earning_hour(e.earned_at), e.amount_cents,
                       private.awaiting_cash(oc.status))::private.earning_hour_change)
    into hours
  from earnings e join public.orders o on o.id = e.order_id left join public.order_cash oc on oc.order_id = e.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours, false);
  end if;
  return null;
end
$$;
comment on function private.keep_balances_of_postings is 'Trigger: a posting''s entries update public.ledger_balances and the earnings requests may take.';

-- Trigger (after insert, per statement): entries a payout request covers are no longer unrequested.
create or replace function private.keep_balances_of_requests() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  hours private.earning_hour_change[];
begin
  with taken as (
    delete from private.unrequested_earnings u using covered c where u.ledger_entry_id = c.ledger_entry_id
    returning u.account_id, u.order_id, u.line, u.amount_cents, u.earned_at)
  select array_agg(row(t.account_id, private.held_for_review(t.line, o.review_status),
                       private.earning_hour(t.earned_at), -t.amount_cents,
                       private.awaiting_cash(oc.status))::private.earning_hour_change)
    into hours
  from taken t join public.orders o on o.id = t.order_id left join public.order_cash oc on oc.order_id = t.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$$;
comment on function private.keep_balances_of_requests is 'Trigger: entries a payout request covers leave the earnings requests may take.';

-- Trigger (after delete, per statement): entries a cancelled or rejected request released are
-- earnings requests may take again, with the delivery time they had: their rows are what
-- private.recomputed_unrequested_earnings (below) says, now that no request covers them.
create or replace function private.keep_balances_of_releases() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  hours private.earning_hour_change[];
begin
  perform private.lock_order_cash(array(
    select t.order_id from released r join public.ledger_entries e on e.id = r.ledger_entry_id
    join public.ledger_transactions t on t.id = e.transaction_id));
  with earnings as (
    insert into private.unrequested_earnings (ledger_entry_id, account_id, transaction_id, order_id, line, amount_cents, earned_at)
    select u.ledger_entry_id, u.account_id, u.transaction_id, u.order_id, u.line, u.amount_cents, u.earned_at
    from released r join private.recomputed_unrequested_earnings u on u.ledger_entry_id = r.ledger_entry_id
    returning account_id, order_id, line, amount_cents, earned_at)
  select array_agg(row(e.account_id, private.held_for_review(e.line, o.review_status),
                       private.earning_hour(e.earned_at), e.amount_cents,
                       private.awaiting_cash(oc.status))::private.earning_hour_change)
    into hours
  from earnings e join public.orders o on o.id = e.order_id left join public.order_cash oc on oc.order_id = e.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$$;
comment on function private.keep_balances_of_releases is 'Trigger: entries a cancelled or rejected payout request released return to the earnings requests may take.';

-- Trigger (after update of review_status): an order held for review, or cleared, moves its
-- unrequested commission between held and not held.
create or replace function private.keep_balances_of_reviews() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  was_held boolean := old.review_status is not distinct from 'held';
  is_held boolean := new.review_status is not distinct from 'held';
  awaiting boolean;
  hours private.earning_hour_change[];
begin
  if was_held = is_held then
    return null;
  end if;
  perform private.lock_order_cash(array[new.id]);
  awaiting := private.awaiting_cash((select oc.status from public.order_cash oc where oc.order_id = new.id));
  select array_agg(m.change) into hours
  from private.unrequested_earnings u
  cross join lateral (values
    (row(u.account_id, was_held, private.earning_hour(u.earned_at), -u.amount_cents, awaiting)::private.earning_hour_change),
    (row(u.account_id, is_held, private.earning_hour(u.earned_at), u.amount_cents, awaiting)::private.earning_hour_change))
    as m (change)
  where u.order_id = new.id and u.line = 'commission';
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$$;
comment on function private.keep_balances_of_reviews is 'Trigger: holding or clearing an order moves its unrequested commission between held and not held.';

-- Trigger (after insert or update of public.order_cash, per statement; 06_couriers.sql): orders
-- whose cash a courier now owes (a delivery it carried), or no longer owes (remitted in full, or
-- the delivery reverted), move all their unrequested earnings between awaiting the cash and not.
-- Per statement, so that a remittance of many orders adds to the hours in one call, in key order,
-- as every other writer does: per row, it locked them order by order and deadlocked with a
-- delivery's posting.
create or replace function private.keep_balances_of_cash() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  moved_orders uuid[];
  was_awaiting boolean[];
  hours private.earning_hour_change[];
begin
  -- Each branch reads only its own transition tables (an insert has no old rows).
  if tg_op = 'UPDATE' then
    select array_agg(n.order_id), array_agg(private.awaiting_cash(o.status)) into moved_orders, was_awaiting
    from new_cash n join old_cash o on o.order_id = n.order_id
    where private.awaiting_cash(o.status) <> private.awaiting_cash(n.status);
  else
    select array_agg(n.order_id), array_agg(false) into moved_orders, was_awaiting
    from new_cash n where private.awaiting_cash(n.status);
  end if;
  if moved_orders is null then
    return null;
  end if;
  select array_agg(m.change) into hours
  from unnest(moved_orders, was_awaiting) as c (order_id, was)
  join private.unrequested_earnings u on u.order_id = c.order_id
  join public.orders o on o.id = u.order_id
  cross join lateral (values
    (row(u.account_id, private.held_for_review(u.line, o.review_status), private.earning_hour(u.earned_at),
         -u.amount_cents, c.was)::private.earning_hour_change),
    (row(u.account_id, private.held_for_review(u.line, o.review_status), private.earning_hour(u.earned_at),
         u.amount_cents, not c.was)::private.earning_hour_change))
    as m (change);
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$$;
comment on function private.keep_balances_of_cash is 'Trigger: an order whose cash a courier starts or stops owing moves its unrequested earnings between awaiting the cash and not.';

-- The balances as the entries say they should be, computed from scratch (the slow way).
create or replace view private.recomputed_ledger_balances as
  select e.account_id, e.line, sum(e.amount_cents)::bigint as balance_cents
  from public.ledger_entries e group by e.account_id, e.line;

create or replace view private.recomputed_unrequested_earnings as
  select e.id as ledger_entry_id, e.account_id, t.id as transaction_id, t.order_id, e.line, e.amount_cents,
         coalesce(d.created_at, t.created_at) as earned_at
  from public.ledger_entries e
  join public.ledger_accounts a on a.id = e.account_id
  join public.ledger_transactions t on t.id = e.transaction_id
  left join public.ledger_transactions d on d.id = t.reverses_transaction_id
  where a.user_id is not null and e.line <> 'payout'
    and not exists (select 1 from public.payout_request_entries c where c.ledger_entry_id = e.id);

create or replace view private.recomputed_unrequested_earning_hours as
  select u.account_id, private.held_for_review(u.line, o.review_status) as held, private.earning_hour(u.earned_at) as earned_hour,
         sum(u.amount_cents)::bigint as amount_cents, private.awaiting_cash(oc.status) as awaiting_cash
  from private.recomputed_unrequested_earnings u join public.orders o on o.id = u.order_id
  left join public.order_cash oc on oc.order_id = u.order_id
  group by 1, 2, 3, 5 having sum(u.amount_cents) <> 0;

-- Every kept balance or counter that differs from its recomputation: empty when the ledger and the
-- orders agree with what is kept of them (pgTAP and tests/api/ledger-invariants.test.ts check it).
create or replace function private.running_balance_differences()
returns table (balance text, key text, kept bigint, recomputed bigint)
language sql stable set search_path = ''
as $$
  select 'ledger_balances', concat_ws(' ', coalesce(k.account_id, r.account_id), coalesce(k.line, r.line)),
         k.balance_cents, r.balance_cents
  from public.ledger_balances k
  full join private.recomputed_ledger_balances r on r.account_id = k.account_id and r.line = k.line
  where k.balance_cents is distinct from r.balance_cents
  union all
  select 'unrequested_earnings', coalesce(k.ledger_entry_id, r.ledger_entry_id)::text, k.amount_cents, r.amount_cents
  from private.unrequested_earnings k
  full join private.recomputed_unrequested_earnings r on r.ledger_entry_id = k.ledger_entry_id
  where (k.account_id, k.transaction_id, k.order_id, k.line, k.amount_cents, k.earned_at)
        is distinct from (r.account_id, r.transaction_id, r.order_id, r.line, r.amount_cents, r.earned_at)
  union all
  select 'unrequested_earning_hours',
         concat_ws(' ', coalesce(k.account_id, r.account_id), coalesce(k.held, r.held),
                   coalesce(k.awaiting_cash, r.awaiting_cash), coalesce(k.earned_hour, r.earned_hour)),
         k.amount_cents, r.amount_cents
  from private.unrequested_earning_hours k
  full join private.recomputed_unrequested_earning_hours r
    on r.account_id = k.account_id and r.held = k.held and r.awaiting_cash = k.awaiting_cash
       and r.earned_hour = k.earned_hour
  -- An hour at zero may linger until the account's next request (private.add_earning_hours).
  where coalesce(k.amount_cents, 0) <> coalesce(r.amount_cents, 0)
  union all
  -- The order counters of 05_orders.sql, their slots added up.
  select 'order_counts', concat_ws(' ', coalesce(k.scope, r.scope), coalesce(k.scope_id, r.scope_id),
                                   coalesce(k.status, r.status), coalesce(k.cancellation_reason, r.cancellation_reason),
                                   coalesce(k.confirmation, r.confirmation)),
         k.orders, r.orders
  from (select c.scope, c.scope_id, c.status, c.cancellation_reason, c.confirmation, sum(c.orders)::bigint as orders,
               sum(c.subtotal_cents)::bigint as subtotal_cents, sum(c.commission_cents)::bigint as commission_cents
        from private.order_counts c group by 1, 2, 3, 4, 5 having sum(c.orders) <> 0) k
  full join private.recomputed_order_counts r
    on r.scope = k.scope and r.scope_id = k.scope_id and r.status = k.status
       and r.cancellation_reason is not distinct from k.cancellation_reason and r.confirmation = k.confirmation
  where (k.orders, k.subtotal_cents, k.commission_cents) is distinct from (r.orders, r.subtotal_cents, r.commission_cents)
$$;
comment on function private.running_balance_differences is 'Every running balance of the ledger and order counter that differs from its recomputation from the entries and orders; empty when they agree.';

-- Writes every running balance afresh from the entries: the backfill of the migration that made
-- them, and a repair should one ever differ.
create or replace function private.rebuild_running_balances() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.ledger_balances where true;
  insert into public.ledger_balances select * from private.recomputed_ledger_balances;
  delete from private.unrequested_earning_hours where true;
  delete from private.unrequested_earnings where true;
  insert into private.unrequested_earnings select * from private.recomputed_unrequested_earnings;
  insert into private.unrequested_earning_hours (account_id, held, earned_hour, amount_cents, awaiting_cash)
  select account_id, held, earned_hour, amount_cents, awaiting_cash from private.recomputed_unrequested_earning_hours;
end
$$;
comment on function private.rebuild_running_balances is 'Rewrites the ledger''s running balances from its entries.';

-- What a user's payout summary is made of (docs/money.md, "Figures a user sees"), read from the
-- running balances: the cost does not depend on how many entries the account has. Of the
-- unrequested earnings, the held ones are for review; while release_after_remittance is on, the
-- others whose order's cash a courier still owes await the cash; of the rest, the hours wholly
-- after the cutoff's hour are pending and the cutoff's own hour is read entry by entry; available
-- is what remains, so available + pending + review + awaiting_cash = earned - requested - completed
-- holds by construction.
create or replace function public.payout_balances(p_user_id uuid)
returns table (earned bigint, completed bigint, available bigint, pending bigint, review bigint,
               gross bigint, fees bigint, requested bigint, commissions bigint, awaiting_cash bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  account bigint;
  cutoff timestamptz := private.release_cutoff();
  cutoff_hour timestamptz := private.earning_hour(private.release_cutoff());
  cash_rule boolean := private.release_after_remittance();
begin
  if p_user_id is distinct from (select auth.uid()) and not private.has_role('admin') then
    raise exception 'Only the account holder and admins can read its balances' using errcode = '42501';
  end if;
  select a.id into account from public.ledger_accounts a where a.user_id = p_user_id;
  return query
  with lines as (
    select coalesce(sum(b.balance_cents) filter (where b.line <> 'payout'), 0)::bigint as earned,
           coalesce(-sum(b.balance_cents) filter (where b.line = 'payout'), 0)::bigint as completed,
           coalesce(sum(b.balance_cents) filter (where b.line = 'gross'), 0)::bigint as gross,
           coalesce(-sum(b.balance_cents) filter (where b.line = 'platform_fee'), 0)::bigint as fees
    from public.ledger_balances b where b.account_id = account),
  -- Ranges of the hours' primary key: the held hours, those awaiting cash, and those after the
  -- cutoff's hour.
  hours as (
    select (select coalesce(sum(h.amount_cents), 0) from private.unrequested_earning_hours h
            where h.account_id = account and h.held)::bigint as review,
           (select coalesce(sum(h.amount_cents), 0) from private.unrequested_earning_hours h
            where cash_rule and h.account_id = account and not h.held and h.awaiting_cash)::bigint as awaiting_cash,
           (select coalesce(sum(h.amount_cents), 0) from private.unrequested_earning_hours h
            where h.account_id = account and not h.held and not (cash_rule and h.awaiting_cash)
              and h.earned_hour > cutoff_hour)::bigint as later_hours),
  cutoff_hour_entries as (
    select coalesce(sum(u.amount_cents), 0)::bigint as pending
    from private.unrequested_earnings u join public.orders o on o.id = u.order_id
    left join public.order_cash oc on oc.order_id = u.order_id
    where u.account_id = account and u.earned_at >= cutoff_hour and u.earned_at < cutoff_hour + interval '1 hour'
      and private.earning_state(u.line, o.review_status, cash_rule and private.awaiting_cash(oc.status),
                                u.earned_at, cutoff) = 'pending'),
  request as (
    select coalesce(sum(r.amount_cents), 0)::bigint as requested
    from public.payout_requests r where r.user_id = p_user_id and r.status = 'pending'),
  -- A shop's delivered orders' commissions, from the order counters (05_orders.sql); 0 for others.
  shop as (
    select coalesce(sum(oc.commission_cents), 0)::bigint as commissions
    from private.order_counts oc where oc.scope = 'business' and oc.scope_id = p_user_id and oc.status = 'delivered')
  select l.earned, l.completed,
         l.earned - q.requested - l.completed - h.review - h.awaiting_cash - (h.later_hours + c.pending),
         h.later_hours + c.pending, h.review, l.gross, l.fees, q.requested, s.commissions, h.awaiting_cash
  from lines l, hours h, cutoff_hour_entries c, request q, shop s;
end
$$;
comment on function public.payout_balances is 'The payout summary''s balances of a user (the user or an admin), read from the running balances.';

-- payouts ----------------------------------------------------------------------------------------

create or replace function public.request_payout() returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  caller public.users;
  cutoff timestamptz;
  cash_rule boolean;
  covered bigint[];
  gross bigint;
  fee bigint;
  transactions integer;
  products text[];
  request public.payout_requests;
begin
  select * into caller from public.users where id = (select auth.uid());
  if not found or caller.user_type not in ('business', 'influencer') then
    raise exception 'Only businesses and influencers can request payouts' using errcode = '42501';
  end if;
  if caller.status = 'suspended' then
    raise exception 'Your account is suspended: %', caller.suspension_reason using errcode = '42501';
  end if;
  if coalesce(btrim(caller.bank_name), '') = '' or coalesce(btrim(caller.account_name), '') = ''
     or coalesce(btrim(caller.account_number), '') = '' then
    raise exception 'Please complete your bank account information in your profile before requesting a payout.'
      using errcode = '22023', column = 'bank_details';
  end if;
  -- One user's requests queue here; each then sees the request the one before it made.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || caller.id::text, 0));
  if exists (select 1 from public.payout_requests where user_id = caller.id and status = 'pending') then
    raise exception 'You already have a pending payout request.' using errcode = '55000';
  end if;

  -- The earning entries no request covers yet that are available (private.earning_state), read
  -- once so the amount is exactly their sum: only the account's unrequested earnings delivered
  -- before the cutoff are looked at, never its whole history.
  cutoff := private.release_cutoff();
  cash_rule := private.release_after_remittance();
  perform private.lock_order_cash(array(
    select u.order_id from private.unrequested_earnings u join public.ledger_accounts a on a.id = u.account_id
    where a.user_id = caller.id));
  select array_agg(u.ledger_entry_id),
         coalesce(sum(u.amount_cents) filter (where u.line <> 'platform_fee'), 0),
         coalesce(-sum(u.amount_cents) filter (where u.line = 'platform_fee'), 0),
         count(distinct u.transaction_id),
         coalesce(array_agg(distinct o.product_name order by o.product_name), '{}')
    into covered, gross, fee, transactions, products
  from private.unrequested_earnings u
  join public.ledger_accounts a on a.id = u.account_id
  join public.orders o on o.id = u.order_id
  left join public.order_cash oc on oc.order_id = u.order_id
  where a.user_id = caller.id and u.earned_at <= cutoff
    and private.earning_state(u.line, o.review_status, cash_rule and private.awaiting_cash(oc.status),
                              u.earned_at, cutoff) = 'available';
  if gross - fee <= 0 then
    raise exception 'You have no available balance to request a payout.' using errcode = '55000';
  end if;

  -- The bank details and KHQR are kept as they are now: later profile edits do not change where
  -- this request is paid.
  insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents,
                                      bank_name, account_name, account_number, khqr,
                                      covered_transactions, covered_products)
  values (caller.id, gross - fee, gross, fee,
          btrim(caller.bank_name), btrim(caller.account_name), btrim(caller.account_number), caller.khqr,
          transactions, products)
  returning * into request;
  -- Side effect: payout_request_entries_keep_balances (this file) takes them out of the
  -- unrequested earnings.
  insert into public.payout_request_entries (ledger_entry_id, payout_request_id)
  select entry_id, request.id from unnest(covered) as entry_id;
  return request;
end
$$;
comment on function public.request_payout is 'The caller requests everything available (past the holding period, not held for review, not yet requested): needs bank details, no pending request, and a positive amount; the request keeps the bank details and KHQR of that moment.';

-- An admin pays a user's pending request by ABA transfer: records the reference, the admin and the
-- time, and posts the payout. A user has one pending request at most (the unique index
-- payout_requests_one_pending_key; request_payout refuses a second), so there is one to complete or
-- none. The plural name dates from when it looped over a user's pending requests; it is kept so
-- that the api function, deployed before or after this definition, calls it alike.
-- Side effects: payout_requests_guard (this file) lets only pending -> completed through; the
-- completion runs payout_requests_queue_telegram (09_telegram.sql), the payee's Telegram notice,
-- and payout_requests_audit_completion (10_audit.sql), the audit log entry; ledger_entries_balanced
-- (this file) checks the payout transaction at commit.
create or replace function public.complete_payouts(p_user_id uuid, p_aba_reference text)
returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  completed public.payout_requests;
  new_transaction_id bigint;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can complete payouts' using errcode = '42501';
  end if;
  -- Its length is payout_requests_aba_reference_check's to refuse, when the request is completed.
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  -- The update locks the request: a second completion waits, then finds nothing pending, so it
  -- never pays twice.
  update public.payout_requests
  set status = 'completed', completed_at = now(), completed_by = (select auth.uid()), aba_reference = reference
  where user_id = p_user_id and status = 'pending'
  returning * into completed;
  if not found then
    raise exception 'There is no pending payout request for this user.' using errcode = '55000';
  end if;
  insert into public.ledger_transactions (kind, payout_request_id, created_by)
  values ('payout', completed.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, a.id, 'payout'::public.ledger_line, -completed.amount_cents
  from public.ledger_accounts a where a.user_id = p_user_id
  union all
  select new_transaction_id, private.ledger_account_id('delivery_cash'), 'payout', completed.amount_cents;
  return completed;
end
$$;
comment on function public.complete_payouts is 'Admin: completes the user''s pending payout request (one at most) with an ABA reference, posting the payout; answers the completed request.';

-- Ends a user's pending request without paying it: cancelled by its owner, or rejected by an admin
-- with a reason. Its covered entries are deleted (payout_request_entries_guard lets them go once
-- the request has ended), which payout_request_entries_release returns to the earnings a request
-- may take: the amount is available again at once, and the next request covers it. The request
-- stays, with what it covered counted, in the owner's history. Posts nothing: no money moved.
create or replace function private.end_pending_payout(p_user_id uuid, p_status public.payout_status, p_reason text)
returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  ended public.payout_requests;
begin
  -- The request queue's lock (request_payout): a request being made waits, then sees this one ended.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || p_user_id::text, 0));
  update public.payout_requests
  set status = p_status,
      cancelled_at = case when p_status = 'cancelled' then now() end,
      rejected_at = case when p_status = 'rejected' then now() end,
      rejected_by = case when p_status = 'rejected' then (select auth.uid()) end,
      rejection_reason = case when p_status = 'rejected' then p_reason end
  where user_id = p_user_id and status = 'pending'
  returning * into ended;
  if not found then
    raise exception 'There is no pending payout request%',
      case when p_user_id = (select auth.uid()) then ' to cancel.' else ' for this user.' end using errcode = '55000';
  end if;
  delete from public.payout_request_entries where payout_request_id = ended.id;
  return ended;
end
$$;
comment on function private.end_pending_payout is 'Cancels or rejects a user''s pending payout request and releases what it covered.';

create or replace function public.cancel_payout_request() returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
begin
  if not exists (select 1 from public.users where id = (select auth.uid()) and user_type in ('business', 'influencer')) then
    raise exception 'Only businesses and influencers can cancel payout requests' using errcode = '42501';
  end if;
  return private.end_pending_payout((select auth.uid()), 'cancelled', null);
end
$$;
comment on function public.cancel_payout_request is 'The caller cancels their own pending payout request; what it covered is available again.';

create or replace function public.reject_payout_request(p_user_id uuid, p_reason text) returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can reject payout requests' using errcode = '42501';
  end if;
  -- Its length is payout_requests_rejection_reason_length's to refuse.
  if v_reason is null then
    raise exception 'A reason is required to reject a payout request' using errcode = '22023', column = 'reason';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return private.end_pending_payout(p_user_id, 'rejected', v_reason);
end
$$;
comment on function public.reject_payout_request is 'Admin: rejects the user''s pending payout request with a reason the user reads; what it covered is available again.';

-- An admin corrects the ABA reference of a completed payout (a typo, a transfer redone): the
-- correction is recorded with its reason, then the request takes the new reference (the guard lets
-- a completed request's reference change only to the one a correction of the same transaction
-- records). The correction's insert fires payout_reference_corrections_audit (10_audit.sql).
create or replace function public.correct_payout_reference(p_request_id uuid, p_aba_reference text, p_reason text)
returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
  request public.payout_requests;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can correct payout references' using errcode = '42501';
  end if;
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  -- Its length is payout_reference_corrections_reason_length's to refuse.
  if v_reason is null then
    raise exception 'A reason is required to correct an ABA reference' using errcode = '22023', column = 'reason';
  end if;
  select * into request from public.payout_requests where id = p_request_id for no key update;
  if not found then
    raise exception 'Payout request not found' using errcode = 'P0002';
  end if;
  if request.status <> 'completed' then
    raise exception 'Only a completed payout has an ABA reference to correct' using errcode = '55000';
  end if;
  if request.aba_reference = reference then
    raise exception 'This payout already has ABA reference %', reference using errcode = '55000';
  end if;
  insert into public.payout_reference_corrections (payout_request_id, previous_reference, aba_reference, reason, corrected_by)
  values (request.id, request.aba_reference, reference, v_reason, (select auth.uid()));
  update public.payout_requests set aba_reference = reference where id = p_request_id returning * into request;
  return request;
end
$$;
comment on function public.correct_payout_reference is 'Admin: corrects a completed payout''s ABA reference with a reason; the audit log keeps both values.';

-- function grants --------------------------------------------------------------------------------

revoke execute on function private.refuse_ledger_change() from public;
revoke execute on function private.check_ledger_transaction_balanced() from public;
revoke execute on function private.guard_payout_request_change() from public;
revoke execute on function private.ledger_account_id(public.ledger_account_kind, uuid) from public;
revoke execute on function private.post_delivery(uuid) from public;
revoke execute on function private.reverse_delivery(uuid) from public;
revoke execute on function private.held_for_review(public.ledger_line, public.order_review_status) from public;
revoke execute on function private.earning_state(public.ledger_line, public.order_review_status, boolean, timestamptz, timestamptz) from public;
revoke execute on function private.awaiting_cash(public.cash_status) from public;
revoke execute on function private.release_cutoff() from public;
revoke execute on function private.earning_hour(timestamptz) from public;
revoke execute on function private.add_earning_hours(private.earning_hour_change[], boolean) from public;
revoke execute on function private.keep_balances_of_postings() from public;
revoke execute on function private.keep_balances_of_requests() from public;
revoke execute on function private.keep_balances_of_reviews() from public;
revoke execute on function private.keep_balances_of_cash() from public;
revoke execute on function private.lock_order_cash(uuid[]) from public;
revoke execute on function private.lock_earning_accounts(uuid[]) from public;
revoke execute on function private.running_balance_differences() from public;
revoke execute on function private.rebuild_running_balances() from public;
revoke all on private.recomputed_ledger_balances, private.recomputed_unrequested_earnings,
  private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function public.payout_balances(uuid) from public, anon, service_role;
grant execute on function public.payout_balances(uuid) to authenticated;
revoke execute on function public.request_payout() from public, anon, service_role;
grant execute on function public.request_payout() to authenticated;
revoke execute on function public.complete_payouts(uuid, text) from public, anon, service_role;
grant execute on function public.complete_payouts(uuid, text) to authenticated;
revoke execute on function private.guard_payout_request_entries_change() from public;
revoke execute on function private.keep_balances_of_releases() from public;
revoke execute on function private.end_pending_payout(uuid, public.payout_status, text) from public;
revoke execute on function public.cancel_payout_request() from public, anon, service_role;
grant execute on function public.cancel_payout_request() to authenticated;
revoke execute on function public.reject_payout_request(uuid, text) from public, anon, service_role;
grant execute on function public.reject_payout_request(uuid, text) to authenticated;
revoke execute on function public.correct_payout_reference(uuid, text, text) from public, anon, service_role;
grant execute on function public.correct_payout_reference(uuid, text, text) to authenticated;

-- triggers ---------------------------------------------------------------------------------------

create trigger ledger_entries_append_only before update or delete on public.ledger_entries
  for each row execute function private.refuse_ledger_change();
create trigger ledger_entries_no_truncate before truncate on public.ledger_entries
  for each statement execute function private.refuse_ledger_change();
create trigger ledger_transactions_append_only before update or delete on public.ledger_transactions
  for each row execute function private.refuse_ledger_change();
create trigger ledger_transactions_no_truncate before truncate on public.ledger_transactions
  for each statement execute function private.refuse_ledger_change();
create trigger payout_reference_corrections_append_only before update or delete on public.payout_reference_corrections
  for each row execute function private.refuse_ledger_change();
create trigger payout_reference_corrections_no_truncate before truncate on public.payout_reference_corrections
  for each statement execute function private.refuse_ledger_change();
create trigger payout_request_entries_guard before update or delete on public.payout_request_entries
  for each row execute function private.guard_payout_request_entries_change();
create trigger payout_request_entries_no_truncate before truncate on public.payout_request_entries
  for each statement execute function private.refuse_ledger_change();

create constraint trigger ledger_entries_balanced after insert on public.ledger_entries
  deferrable initially deferred
  for each row execute function private.check_ledger_transaction_balanced();

create trigger payout_requests_guard before update or delete on public.payout_requests
  for each row execute function private.guard_payout_request_change();

create trigger ledger_entries_keep_balances after insert on public.ledger_entries
  referencing new table as posted
  for each statement execute function private.keep_balances_of_postings();
create trigger payout_request_entries_keep_balances after insert on public.payout_request_entries
  referencing new table as covered
  for each statement execute function private.keep_balances_of_requests();
create trigger payout_request_entries_release after delete on public.payout_request_entries
  referencing old table as released
  for each statement execute function private.keep_balances_of_releases();
create trigger orders_keep_balances_of_reviews after update of review_status on public.orders
  for each row execute function private.keep_balances_of_reviews();


-- reference data ---------------------------------------------------------------------------------

-- The platform's two accounts; users' accounts are made on first use (private.ledger_account_id).
insert into public.ledger_accounts (kind) values ('platform_fees'), ('delivery_cash'), ('delivery_fees');
