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
--   which posts the payout.
--
-- Elsewhere: the triggers payout_requests_queue_telegram (09_telegram.sql) and
-- payout_requests_audit_completion (10_audit.sql) act on public.payout_requests too.

-- types ------------------------------------------------------------------------------------------

create type public.ledger_account_kind as enum ('influencer', 'business', 'platform_fees', 'delivery_cash');
create type public.ledger_transaction_kind as enum ('delivery', 'delivery_reversal', 'payout');
create type public.ledger_line as enum ('cash_collected', 'commission', 'gross', 'platform_fee', 'payout');
create type public.payout_status as enum ('pending', 'completed');

-- tables -----------------------------------------------------------------------------------------

create table public.ledger_accounts (
  id bigint generated always as identity primary key,
  kind public.ledger_account_kind not null,
  user_id uuid constraint ledger_accounts_user_id_fkey references public.users (id),
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check ((kind in ('influencer', 'business')) = (user_id is not null))
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
  constraint payout_requests_net check (amount_cents = gross_cents - fee_cents),
  constraint payout_requests_completion check (
    (status = 'completed') = (completed_at is not null and completed_by is not null and aba_reference is not null))
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
  created_by uuid constraint ledger_transactions_created_by_fkey references public.users (id),
  created_at timestamptz not null default now(),
  constraint ledger_transactions_shape check (case kind
    when 'delivery' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is null and payout_request_id is null
    when 'delivery_reversal' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is not null and payout_request_id is null
    else order_id is null and delivery_number is null and reverses_transaction_id is null
      and payout_request_id is not null
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

-- comments ---------------------------------------------------------------------------------------

comment on table public.ledger_accounts is 'Ledger accounts: one per influencer and per business, the platform''s fee revenue, and cash collected on delivery.';

comment on table public.payout_requests is 'A request to be paid the available balance; an admin completes it by ABA transfer, recording the reference.';
comment on column public.payout_requests.bank_name is 'The requester''s bank name when the request was made (a snapshot).';
comment on column public.payout_requests.account_name is 'The requester''s account name when the request was made (a snapshot).';
comment on column public.payout_requests.account_number is 'The requester''s account number when the request was made (a snapshot).';
comment on column public.payout_requests.khqr is 'The requester''s saved KHQR when the request was made (a snapshot), null if none.';

comment on table public.ledger_transactions is 'A delivery, its reversal, or a payout: a set of ledger entries that sums to zero.';

comment on table public.ledger_entries is 'Signed cents on one ledger account; never updated or deleted.';

comment on table public.payout_request_entries is 'The ledger entries a payout request covers; an entry is covered by one request at most.';

-- indexes ----------------------------------------------------------------------------------------

create unique index ledger_accounts_user_id_key on public.ledger_accounts (user_id);
create unique index ledger_accounts_system_kind_key on public.ledger_accounts (kind) where user_id is null;

-- One pending request per user, whatever the timing of the requests.
create unique index payout_requests_one_pending_key on public.payout_requests (user_id) where status = 'pending';
-- The boards read newest first by (requested_at, id), a page at a time (keyset paging): each page
-- is one range scan of an index on exactly that order (the user's id in front for one user's list).
create index payout_requests_requested_at_id_idx on public.payout_requests (requested_at desc, id desc);
create index payout_requests_user_id_idx on public.payout_requests (user_id, requested_at desc, id desc);
create index payout_requests_status_idx on public.payout_requests (status, requested_at);
create index payout_requests_completed_by_idx on public.payout_requests (completed_by);

-- Each delivery of an order is numbered, and each number is delivered and reversed at most once.
create unique index ledger_transactions_order_key on public.ledger_transactions (order_id, kind, delivery_number);
create index ledger_transactions_created_by_idx on public.ledger_transactions (created_by);

create index ledger_entries_account_id_idx on public.ledger_entries (account_id, id);
create index ledger_entries_transaction_id_idx on public.ledger_entries (transaction_id);

create index payout_request_entries_request_idx on public.payout_request_entries (payout_request_id);

-- row-level security: read your own, admins read all; nobody writes directly ----------------------

alter table public.ledger_accounts enable row level security;
alter table public.ledger_transactions enable row level security;
alter table public.ledger_entries enable row level security;
alter table public.payout_requests enable row level security;
alter table public.payout_request_entries enable row level security;

revoke all on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries from anon, authenticated, service_role;
grant select on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries to authenticated, service_role;

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

create policy "Users can read their own payout requests" on public.payout_requests
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every payout request" on public.payout_requests
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

-- A request only moves from pending to completed, once; its amounts and bank snapshot never change.
create or replace function private.guard_payout_request_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if old.status <> 'pending' or new.status <> 'completed'
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$$;
comment on function private.guard_payout_request_change is 'Trigger: a payout request only goes from pending to completed.';

-- posting ----------------------------------------------------------------------------------------

-- The ledger account of a user (made on first use) or of the platform ('platform_fees',
-- 'delivery_cash').
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
-- (05_orders.sql) when an order enters delivered, under the order's row lock, so deliveries of one
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
begin
  select * into delivered_order from public.orders where id = p_order_id for update;
  if not found or delivered_order.status <> 'delivered' then
    raise exception 'Order % is not delivered', p_order_id using errcode = '55000';
  end if;
  select count(*) filter (where kind = 'delivery'), count(*) filter (where kind = 'delivery_reversal')
    into deliveries, reversals
    from public.ledger_transactions where order_id = p_order_id;
  if deliveries <> reversals then
    raise exception 'Order % already has its delivery posted', p_order_id using errcode = '55000';
  end if;

  insert into public.ledger_transactions (kind, order_id, delivery_number, created_by)
  values ('delivery', p_order_id, deliveries + 1, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, entry.account_id, entry.line, entry.amount_cents
  from (values
    -- The first row's cast types the column (a VALUES list would otherwise make its lines text).
    (private.ledger_account_id('delivery_cash'), 'cash_collected'::public.ledger_line, -delivered_order.subtotal_cents),
    (private.ledger_account_id('influencer', delivered_order.influencer_id), 'commission', delivered_order.commission_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'gross', delivered_order.business_gross_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'platform_fee', -delivered_order.platform_fee_cents),
    (private.ledger_account_id('platform_fees'), 'platform_fee', delivered_order.platform_fee_cents)
  ) as entry (account_id, line, amount_cents)
  where entry.amount_cents <> 0;
end
$$;
comment on function private.post_delivery is 'Posts the delivery transaction of an order entering delivered; called by change_order_status.';

-- Reverses an order's latest delivery not yet reversed. Called (not a trigger) by
-- public.change_order_status when an order leaves delivered, under the order's row lock.
create or replace function private.reverse_delivery(p_order_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  delivery public.ledger_transactions;
  new_transaction_id bigint;
begin
  perform 1 from public.orders where id = p_order_id for update;
  select t.* into delivery from public.ledger_transactions t
  where t.order_id = p_order_id and t.kind = 'delivery'
    and not exists (select 1 from public.ledger_transactions r where r.reverses_transaction_id = t.id)
  order by t.delivery_number desc
  limit 1;
  if not found then
    raise exception 'Order % has no delivery to reverse', p_order_id using errcode = '55000';
  end if;

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
--   review     a commission of an order held for review;
--   pending    younger than the holding period;
--   available  otherwise.
-- Computed when read, from the delivery transaction's time, so no job moves money and a change of
-- the setting applies at once to everything not yet requested. A revert inside the hold leaves
-- nothing pending, and a revert after the hold (or after a payout) is available at once (a
-- negative balance).
create or replace function private.earning_state(p_transaction_id bigint, p_line public.ledger_line) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_line = 'commission' and o.review_status = 'held' then 'review'
    when coalesce(d.created_at, t.created_at) > now() - private.commission_hold() then 'pending'
    else 'available'
  end
  from public.ledger_transactions t
  left join public.ledger_transactions d on d.id = t.reverses_transaction_id
  left join public.orders o on o.id = t.order_id
  where t.id = p_transaction_id
$$;
comment on function private.earning_state is 'review, pending or available: whether an earning entry may be requested yet (docs/money.md).';

-- payouts ----------------------------------------------------------------------------------------

create or replace function public.request_payout() returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  caller public.users;
  covered bigint[];
  gross bigint;
  fee bigint;
  request public.payout_requests;
begin
  select * into caller from public.users where id = (select auth.uid());
  if not found or caller.user_type not in ('business', 'influencer') then
    raise exception 'Only businesses and influencers can request payouts' using errcode = '42501';
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
  -- once so the amount is exactly their sum.
  select array_agg(e.id),
         coalesce(sum(e.amount_cents) filter (where e.line <> 'platform_fee'), 0),
         coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)
    into covered, gross, fee
  from public.ledger_entries e
  join public.ledger_accounts a on a.id = e.account_id
  where a.user_id = caller.id and e.line <> 'payout'
    and private.earning_state(e.transaction_id, e.line) = 'available'
    and not exists (select 1 from public.payout_request_entries c where c.ledger_entry_id = e.id);
  if gross - fee <= 0 then
    raise exception 'You have no available balance to request a payout.' using errcode = '55000';
  end if;

  -- The bank details and KHQR are kept as they are now: later profile edits do not change where
  -- this request is paid.
  insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents,
                                      bank_name, account_name, account_number, khqr)
  values (caller.id, gross - fee, gross, fee,
          btrim(caller.bank_name), btrim(caller.account_name), btrim(caller.account_number), caller.khqr)
  returning * into request;
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

-- function grants --------------------------------------------------------------------------------

revoke execute on function private.refuse_ledger_change() from public;
revoke execute on function private.check_ledger_transaction_balanced() from public;
revoke execute on function private.guard_payout_request_change() from public;
revoke execute on function private.ledger_account_id(public.ledger_account_kind, uuid) from public;
revoke execute on function private.post_delivery(uuid) from public;
revoke execute on function private.reverse_delivery(uuid) from public;
revoke execute on function private.earning_state(bigint, public.ledger_line) from public;
grant execute on function private.earning_state(bigint, public.ledger_line) to authenticated, service_role;
revoke execute on function public.request_payout() from public, anon, service_role;
grant execute on function public.request_payout() to authenticated;
revoke execute on function public.complete_payouts(uuid, text) from public, anon, service_role;
grant execute on function public.complete_payouts(uuid, text) to authenticated;

-- triggers ---------------------------------------------------------------------------------------

create trigger ledger_entries_append_only before update or delete on public.ledger_entries
  for each row execute function private.refuse_ledger_change();
create trigger ledger_entries_no_truncate before truncate on public.ledger_entries
  for each statement execute function private.refuse_ledger_change();
create trigger ledger_transactions_append_only before update or delete on public.ledger_transactions
  for each row execute function private.refuse_ledger_change();
create trigger ledger_transactions_no_truncate before truncate on public.ledger_transactions
  for each statement execute function private.refuse_ledger_change();
create trigger payout_request_entries_append_only before update or delete on public.payout_request_entries
  for each row execute function private.refuse_ledger_change();
create trigger payout_request_entries_no_truncate before truncate on public.payout_request_entries
  for each statement execute function private.refuse_ledger_change();

create constraint trigger ledger_entries_balanced after insert on public.ledger_entries
  deferrable initially deferred
  for each row execute function private.check_ledger_transaction_balanced();

create trigger payout_requests_guard before update or delete on public.payout_requests
  for each row execute function private.guard_payout_request_change();

-- publication ------------------------------------------------------------------------------------

-- A new request appears on the admin board, and its completion on the user's screen, live.
alter publication supabase_realtime add table public.payout_requests;

-- reference data ---------------------------------------------------------------------------------

-- The platform's two accounts; users' accounts are made on first use (private.ledger_account_id).
insert into public.ledger_accounts (kind) values ('platform_fees'), ('delivery_cash');
