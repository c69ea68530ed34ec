-- running balances: written by npm run db:diff from supabase/schemas/, then the comments, grants and
-- backfill below it by hand (issue 24: payout summaries that do not grow with the ledger).

drop function if exists "private"."earning_state"(p_transaction_id bigint, p_line ledger_line);


  create table "private"."unrequested_earning_hours" (
    "account_id" bigint not null,
    "held" boolean not null,
    "earned_hour" timestamp with time zone not null,
    "amount_cents" bigint not null
      );


alter table "private"."unrequested_earning_hours" enable row level security;


  create table "private"."unrequested_earnings" (
    "ledger_entry_id" bigint not null,
    "account_id" bigint not null,
    "transaction_id" bigint not null,
    "order_id" uuid not null,
    "line" ledger_line not null,
    "amount_cents" bigint not null,
    "earned_at" timestamp with time zone not null
      );


alter table "private"."unrequested_earnings" enable row level security;


  create table "public"."ledger_balances" (
    "account_id" bigint not null,
    "line" ledger_line not null,
    "balance_cents" bigint not null
      );


alter table "public"."ledger_balances" enable row level security;

alter table "public"."payout_requests" add column "covered_transactions" integer not null default 0;

alter table "public"."payout_requests" add column "covered_products" text[] not null default '{}'::text[];

CREATE UNIQUE INDEX unrequested_earning_hours_pkey ON private.unrequested_earning_hours USING btree (account_id, held, earned_hour);

CREATE INDEX unrequested_earnings_account_idx ON private.unrequested_earnings USING btree (account_id, earned_at);

CREATE INDEX unrequested_earnings_order_idx ON private.unrequested_earnings USING btree (order_id);

CREATE UNIQUE INDEX unrequested_earnings_pkey ON private.unrequested_earnings USING btree (ledger_entry_id);

CREATE INDEX unrequested_earnings_transaction_idx ON private.unrequested_earnings USING btree (transaction_id);

CREATE UNIQUE INDEX ledger_balances_pkey ON public.ledger_balances USING btree (account_id, line);

alter table "private"."unrequested_earning_hours" add constraint "unrequested_earning_hours_pkey" PRIMARY KEY using index "unrequested_earning_hours_pkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_pkey" PRIMARY KEY using index "unrequested_earnings_pkey";

alter table "public"."ledger_balances" add constraint "ledger_balances_pkey" PRIMARY KEY using index "ledger_balances_pkey";

alter table "private"."unrequested_earning_hours" add constraint "unrequested_earning_hours_account_id_fkey" FOREIGN KEY (account_id) REFERENCES ledger_accounts(id) not valid;

alter table "private"."unrequested_earning_hours" validate constraint "unrequested_earning_hours_account_id_fkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_account_id_fkey" FOREIGN KEY (account_id) REFERENCES ledger_accounts(id) not valid;

alter table "private"."unrequested_earnings" validate constraint "unrequested_earnings_account_id_fkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_ledger_entry_id_fkey" FOREIGN KEY (ledger_entry_id) REFERENCES ledger_entries(id) not valid;

alter table "private"."unrequested_earnings" validate constraint "unrequested_earnings_ledger_entry_id_fkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "private"."unrequested_earnings" validate constraint "unrequested_earnings_order_id_fkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_transaction_id_fkey" FOREIGN KEY (transaction_id) REFERENCES ledger_transactions(id) not valid;

alter table "private"."unrequested_earnings" validate constraint "unrequested_earnings_transaction_id_fkey";

alter table "public"."ledger_balances" add constraint "ledger_balances_account_id_fkey" FOREIGN KEY (account_id) REFERENCES ledger_accounts(id) not valid;

alter table "public"."ledger_balances" validate constraint "ledger_balances_account_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.add_earning_hours(p_amounts jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.unrequested_earning_hours as h (account_id, held, earned_hour, amount_cents)
  select a.account_id, a.held, a.earned_hour, sum(a.amount_cents)
  from jsonb_to_recordset(p_amounts) as a (account_id bigint, held boolean, earned_hour timestamptz, amount_cents bigint)
  group by a.account_id, a.held, a.earned_hour
  -- In key order, so two transactions lock the same rows in the same order and cannot deadlock.
  order by a.account_id, a.held, a.earned_hour
  on conflict (account_id, held, earned_hour) do update set amount_cents = h.amount_cents + excluded.amount_cents;
  delete from private.unrequested_earning_hours h
  using jsonb_to_recordset(p_amounts) as a (account_id bigint, held boolean, earned_hour timestamptz)
  where h.account_id = a.account_id and h.held = a.held and h.earned_hour = a.earned_hour and h.amount_cents = 0;
end
$function$
;

CREATE OR REPLACE FUNCTION private.earning_hour(p_earned_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select date_trunc('hour', p_earned_at, 'UTC')
$function$
;

CREATE OR REPLACE FUNCTION private.earning_state(p_line ledger_line, p_review_status order_review_status, p_earned_at timestamp with time zone, p_release_cutoff timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when private.held_for_review(p_line, p_review_status) then 'review'
    when p_earned_at > p_release_cutoff then 'pending'
    else 'available'
  end
$function$
;

CREATE OR REPLACE FUNCTION private.held_for_review(p_line ledger_line, p_review_status order_review_status)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_line = 'commission' and p_review_status is not distinct from 'held'
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_postings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  hours jsonb;
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
  select jsonb_agg(jsonb_build_object(
           'account_id', e.account_id, 'held', private.held_for_review(e.line, o.review_status),
           'earned_hour', private.earning_hour(e.earned_at), 'amount_cents', e.amount_cents))
    into hours
  from earnings e join public.orders o on o.id = e.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_requests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  hours jsonb;
begin
  with taken as (
    delete from private.unrequested_earnings u using covered c where u.ledger_entry_id = c.ledger_entry_id
    returning u.account_id, u.order_id, u.line, u.amount_cents, u.earned_at)
  select jsonb_agg(jsonb_build_object(
           'account_id', t.account_id, 'held', private.held_for_review(t.line, o.review_status),
           'earned_hour', private.earning_hour(t.earned_at), 'amount_cents', -t.amount_cents))
    into hours
  from taken t join public.orders o on o.id = t.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_reviews()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  was_held boolean := old.review_status is not distinct from 'held';
  is_held boolean := new.review_status is not distinct from 'held';
  hours jsonb;
begin
  if was_held = is_held then
    return null;
  end if;
  select jsonb_agg(m.change) into hours
  from private.unrequested_earnings u
  cross join lateral (values
    (jsonb_build_object('account_id', u.account_id, 'held', was_held, 'earned_hour', private.earning_hour(u.earned_at),
                        'amount_cents', -u.amount_cents)),
    (jsonb_build_object('account_id', u.account_id, 'held', is_held, 'earned_hour', private.earning_hour(u.earned_at),
                        'amount_cents', u.amount_cents))) as m (change)
  where u.order_id = new.id and u.line = 'commission';
  if hours is not null then
    perform private.add_earning_hours(hours);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.rebuild_running_balances()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from public.ledger_balances where true;
  insert into public.ledger_balances select * from private.recomputed_ledger_balances;
  delete from private.unrequested_earning_hours where true;
  delete from private.unrequested_earnings where true;
  insert into private.unrequested_earnings select * from private.recomputed_unrequested_earnings;
  insert into private.unrequested_earning_hours select * from private.recomputed_unrequested_earning_hours;
end
$function$
;

create or replace view "private"."recomputed_ledger_balances" as  SELECT e.account_id,
    e.line,
    (sum(e.amount_cents))::bigint AS balance_cents
   FROM ledger_entries e
  GROUP BY e.account_id, e.line;


create or replace view "private"."recomputed_unrequested_earnings" as  SELECT e.id AS ledger_entry_id,
    e.account_id,
    t.id AS transaction_id,
    t.order_id,
    e.line,
    e.amount_cents,
    COALESCE(d.created_at, t.created_at) AS earned_at
   FROM (((ledger_entries e
     JOIN ledger_accounts a ON ((a.id = e.account_id)))
     JOIN ledger_transactions t ON ((t.id = e.transaction_id)))
     LEFT JOIN ledger_transactions d ON ((d.id = t.reverses_transaction_id)))
  WHERE ((a.user_id IS NOT NULL) AND (e.line <> 'payout'::ledger_line) AND (NOT (EXISTS ( SELECT 1
           FROM payout_request_entries c
          WHERE (c.ledger_entry_id = e.id)))));


CREATE OR REPLACE FUNCTION private.release_cutoff()
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select now() - private.commission_hold()
$function$
;

CREATE OR REPLACE FUNCTION private.running_balance_differences()
 RETURNS TABLE(balance text, key text, kept bigint, recomputed bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
         concat_ws(' ', coalesce(k.account_id, r.account_id), coalesce(k.held, r.held), coalesce(k.earned_hour, r.earned_hour)),
         k.amount_cents, r.amount_cents
  from private.unrequested_earning_hours k
  full join private.recomputed_unrequested_earning_hours r
    on r.account_id = k.account_id and r.held = k.held and r.earned_hour = k.earned_hour
  where k.amount_cents is distinct from r.amount_cents
$function$
;

CREATE OR REPLACE FUNCTION public.payout_balances(p_user_id uuid)
 RETURNS TABLE(earned bigint, completed bigint, available bigint, pending bigint, review bigint, gross bigint, fees bigint, requested bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account bigint;
  cutoff timestamptz := private.release_cutoff();
  cutoff_hour timestamptz := private.earning_hour(private.release_cutoff());
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
  hours as (
    select coalesce(sum(h.amount_cents) filter (where h.held), 0)::bigint as review,
           coalesce(sum(h.amount_cents) filter (where not h.held and h.earned_hour > cutoff_hour), 0)::bigint as later_hours
    from private.unrequested_earning_hours h where h.account_id = account),
  cutoff_hour_entries as (
    select coalesce(sum(u.amount_cents), 0)::bigint as pending
    from private.unrequested_earnings u join public.orders o on o.id = u.order_id
    where u.account_id = account and u.earned_at >= cutoff_hour and u.earned_at < cutoff_hour + interval '1 hour'
      and private.earning_state(u.line, o.review_status, u.earned_at, cutoff) = 'pending'),
  request as (
    select coalesce(sum(r.amount_cents), 0)::bigint as requested
    from public.payout_requests r where r.user_id = p_user_id and r.status = 'pending')
  select l.earned, l.completed,
         l.earned - q.requested - l.completed - h.review - (h.later_hours + c.pending),
         h.later_hours + c.pending, h.review, l.gross, l.fees, q.requested
  from lines l, hours h, cutoff_hour_entries c, request q;
end
$function$
;

CREATE OR REPLACE FUNCTION private.guard_payout_request_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if old.status <> 'pending' or new.status <> 'completed'
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr, new.covered_transactions, new.covered_products)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr, old.covered_transactions, old.covered_products) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION public.request_payout()
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller public.users;
  cutoff timestamptz;
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
  select array_agg(u.ledger_entry_id),
         coalesce(sum(u.amount_cents) filter (where u.line <> 'platform_fee'), 0),
         coalesce(-sum(u.amount_cents) filter (where u.line = 'platform_fee'), 0),
         count(distinct u.transaction_id),
         coalesce(array_agg(distinct o.product_name order by o.product_name), '{}')
    into covered, gross, fee, transactions, products
  from private.unrequested_earnings u
  join public.ledger_accounts a on a.id = u.account_id
  join public.orders o on o.id = u.order_id
  where a.user_id = caller.id and u.earned_at <= cutoff
    and private.earning_state(u.line, o.review_status, u.earned_at, cutoff) = 'available';
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
$function$
;

create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


grant select on table "public"."ledger_balances" to "authenticated";

grant select on table "public"."ledger_balances" to "service_role";


  create policy "Admins can read every ledger balance"
  on "public"."ledger_balances"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Users can read the balances of their own ledger account"
  on "public"."ledger_balances"
  as permissive
  for select
  to authenticated
using ((EXISTS ( SELECT 1
   FROM ledger_accounts a
  WHERE ((a.id = ledger_balances.account_id) AND (a.user_id = ( SELECT auth.uid() AS uid))))));


CREATE TRIGGER ledger_entries_keep_balances AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION private.keep_balances_of_postings();

CREATE TRIGGER orders_keep_balances_of_reviews AFTER UPDATE OF review_status ON public.orders FOR EACH ROW EXECUTE FUNCTION private.keep_balances_of_reviews();

CREATE TRIGGER payout_request_entries_keep_balances AFTER INSERT ON public.payout_request_entries REFERENCING NEW TABLE AS covered FOR EACH STATEMENT EXECUTE FUNCTION private.keep_balances_of_requests();

-- By hand: what migra does not write ------------------------------------------------------------

comment on column public.payout_requests.covered_transactions is 'How many ledger transactions (deliveries and reversals) the request covers.';
comment on column public.payout_requests.covered_products is 'The product names of the orders the request covers, sorted, each once.';
comment on table public.ledger_balances is 'The sum of an account''s ledger entries per line, kept by every posting.';
comment on table private.unrequested_earnings is 'Earning entries on users'' accounts that no payout request covers yet, with the time of their delivery.';
comment on table private.unrequested_earning_hours is 'private.unrequested_earnings summed per account, per hour of delivery (UTC), held for review or not.';
comment on function private.held_for_review is 'Whether an earning entry waits for an admin''s review: a commission of an order held for review.';
comment on function private.earning_state is 'review, pending or available: whether an earning entry may be requested yet (docs/money.md).';
comment on function private.release_cutoff is 'Now minus the holding period: earnings delivered at or before it are past the hold.';
comment on function private.earning_hour is 'The UTC hour an earning belongs to in private.unrequested_earning_hours.';
comment on function private.add_earning_hours is 'Adds [{account_id, held, earned_hour, amount_cents}] to private.unrequested_earning_hours; an hour at zero is removed.';
comment on function private.keep_balances_of_postings is 'Trigger: a posting''s entries update public.ledger_balances and the earnings requests may take.';
comment on function private.keep_balances_of_requests is 'Trigger: entries a payout request covers leave the earnings requests may take.';
comment on function private.keep_balances_of_reviews is 'Trigger: holding or clearing an order moves its unrequested commission between held and not held.';
comment on function private.running_balance_differences is 'Every running balance of the ledger that differs from its recomputation from the entries; empty when they agree.';
comment on function private.rebuild_running_balances is 'Rewrites the ledger''s running balances from its entries.';
comment on function public.payout_balances is 'The payout summary''s balances of a user (the user or an admin), read from the running balances.';

revoke all on public.ledger_balances from anon, authenticated, service_role;
grant select on public.ledger_balances to authenticated, service_role;
revoke all on private.unrequested_earnings, private.unrequested_earning_hours
  from public, anon, authenticated, service_role;
revoke all on private.recomputed_ledger_balances, private.recomputed_unrequested_earnings,
  private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;

revoke execute on function private.held_for_review(public.ledger_line, public.order_review_status) from public;
revoke execute on function private.earning_state(public.ledger_line, public.order_review_status, timestamptz, timestamptz) from public;
revoke execute on function private.release_cutoff() from public;
revoke execute on function private.earning_hour(timestamptz) from public;
revoke execute on function private.add_earning_hours(jsonb) from public;
revoke execute on function private.keep_balances_of_postings() from public;
revoke execute on function private.keep_balances_of_requests() from public;
revoke execute on function private.keep_balances_of_reviews() from public;
revoke execute on function private.running_balance_differences() from public;
revoke execute on function private.rebuild_running_balances() from public;
revoke execute on function public.payout_balances(uuid) from public, anon, service_role;
grant execute on function public.payout_balances(uuid) to authenticated;
revoke execute on function private.commission_hold() from authenticated, service_role;

-- By hand: the data -----------------------------------------------------------------------------

-- What each request made so far covers, as request_payout now records it.
alter table public.payout_requests disable trigger payout_requests_guard;
update public.payout_requests r
set covered_transactions = c.transactions, covered_products = c.products
from (
  select pe.payout_request_id, count(distinct e.transaction_id)::integer as transactions,
         coalesce(array_agg(distinct o.product_name order by o.product_name) filter (where o.product_name is not null), '{}') as products
  from public.payout_request_entries pe
  join public.ledger_entries e on e.id = pe.ledger_entry_id
  join public.ledger_transactions t on t.id = e.transaction_id
  left join public.orders o on o.id = t.order_id
  group by pe.payout_request_id) c
where c.payout_request_id = r.id;
alter table public.payout_requests enable trigger payout_requests_guard;

-- The running balances of the ledger as it stands.
select private.rebuild_running_balances();
