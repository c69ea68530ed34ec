-- Nothing paid before the cash is in (issue 29, item 6): the settings release_after_remittance
-- and courier_remit_days; the running hours of unrequested earnings split by whether their order's
-- cash a courier still owes (kept by the postings, requests, reviews and public.order_cash);
-- earning_state, payout_balances (awaiting_cash) and request_payout follow the rule. Written by npm
-- run db:diff from supabase/schemas/, then completed by hand below.

drop function if exists "private"."earning_state"(p_line ledger_line, p_review_status order_review_status, p_earned_at timestamp with time zone, p_release_cutoff timestamp with time zone);

drop function if exists "public"."update_marketplace_settings"(p_riel_per_usd integer, p_commission_hold_days integer, p_repeat_phone_orders integer, p_repeat_phone_hours integer, p_refusal_flag_percent integer, p_refusal_flag_min_finished integer, p_max_commission_rate numeric, p_unconfirmed_cancel_hours integer);

-- The change type gains a field in place (db:diff would drop it, which the functions using it forbid).
alter type private.earning_hour_change add attribute awaiting_cash boolean;

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

drop function if exists "public"."payout_balances"(p_user_id uuid);

alter table "private"."unrequested_earning_hours" drop constraint "unrequested_earning_hours_pkey";

drop index if exists "private"."unrequested_earning_hours_pkey";

alter table "private"."unrequested_earning_hours" add column "awaiting_cash" boolean not null default false;

alter table "public"."marketplace_settings" add column "courier_remit_days" integer not null default 3;

alter table "public"."marketplace_settings" add column "release_after_remittance" boolean not null default true;

CREATE UNIQUE INDEX unrequested_earning_hours_pkey ON private.unrequested_earning_hours USING btree (account_id, held, awaiting_cash, earned_hour);

alter table "private"."unrequested_earning_hours" add constraint "unrequested_earning_hours_pkey" PRIMARY KEY using index "unrequested_earning_hours_pkey";

alter table "public"."marketplace_settings" add constraint "marketplace_settings_courier_remit_days_range" CHECK (((courier_remit_days >= 1) AND (courier_remit_days <= 30))) not valid;

alter table "public"."marketplace_settings" validate constraint "marketplace_settings_courier_remit_days_range";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.awaiting_cash(p_cash_status cash_status)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce(p_cash_status <> 'remitted', false)
$function$
;

CREATE OR REPLACE FUNCTION private.earning_state(p_line ledger_line, p_review_status order_review_status, p_awaiting_cash boolean, p_earned_at timestamp with time zone, p_release_cutoff timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when private.held_for_review(p_line, p_review_status) then 'review'
    when p_awaiting_cash then 'awaiting_cash'
    when p_earned_at > p_release_cutoff then 'pending'
    else 'available'
  end
$function$
;

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

CREATE OR REPLACE FUNCTION private.lock_order_cash(p_order_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select from public.order_cash c where c.order_id = any (p_order_ids) order by c.order_id for share
$function$
;

CREATE OR REPLACE FUNCTION private.release_after_remittance()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.release_after_remittance from public.marketplace_settings s where s.id
$function$
;

CREATE OR REPLACE FUNCTION public.update_marketplace_settings(p_riel_per_usd integer DEFAULT NULL::integer, p_commission_hold_days integer DEFAULT NULL::integer, p_repeat_phone_orders integer DEFAULT NULL::integer, p_repeat_phone_hours integer DEFAULT NULL::integer, p_refusal_flag_percent integer DEFAULT NULL::integer, p_refusal_flag_min_finished integer DEFAULT NULL::integer, p_max_commission_rate numeric DEFAULT NULL::numeric, p_unconfirmed_cancel_hours integer DEFAULT NULL::integer, p_release_after_remittance boolean DEFAULT NULL::boolean, p_courier_remit_days integer DEFAULT NULL::integer)
 RETURNS marketplace_settings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if num_nonnulls(p_riel_per_usd, p_commission_hold_days, p_repeat_phone_orders, p_repeat_phone_hours,
                  p_refusal_flag_percent, p_refusal_flag_min_finished, p_max_commission_rate,
                  p_unconfirmed_cancel_hours, p_release_after_remittance, p_courier_remit_days) = 0 then
    raise exception 'Nothing to change: send at least one setting' using errcode = '22023';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      max_commission_rate = coalesce(p_max_commission_rate, max_commission_rate),
      unconfirmed_cancel_hours = coalesce(p_unconfirmed_cancel_hours, unconfirmed_cancel_hours),
      release_after_remittance = coalesce(p_release_after_remittance, release_after_remittance),
      courier_remit_days = coalesce(p_courier_remit_days, courier_remit_days),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$function$
;

CREATE OR REPLACE FUNCTION private.add_earning_hours(p_changes private.earning_hour_change[], p_drop_zeros boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;


CREATE OR REPLACE FUNCTION private.keep_balances_of_postings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_releases()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_requests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  insert into private.unrequested_earning_hours (account_id, held, earned_hour, amount_cents, awaiting_cash)
  select account_id, held, earned_hour, amount_cents, awaiting_cash from private.recomputed_unrequested_earning_hours;
end
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    o.confirmation,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation;


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
$function$
;

CREATE OR REPLACE FUNCTION public.payout_balances(p_user_id uuid)
 RETURNS TABLE(earned bigint, completed bigint, available bigint, pending bigint, review bigint, gross bigint, fees bigint, requested bigint, commissions bigint, awaiting_cash bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents,
    private.awaiting_cash(oc.status) AS awaiting_cash
   FROM ((private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
     LEFT JOIN order_cash oc ON ((oc.order_id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at)), (private.awaiting_cash(oc.status))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


create trigger order_cash_keep_balances_insert after insert on public.order_cash
  referencing new table as new_cash
  for each statement execute function private.keep_balances_of_cash();
create trigger order_cash_keep_balances_update after update on public.order_cash
  referencing old table as old_cash new table as new_cash
  for each statement execute function private.keep_balances_of_cash();

-- What db:diff does not write: grants on functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
revoke execute on function private.earning_state(public.ledger_line, public.order_review_status, boolean, timestamptz, timestamptz) from public;
revoke execute on function private.awaiting_cash(public.cash_status) from public;
revoke execute on function private.keep_balances_of_cash() from public;
revoke execute on function private.lock_order_cash(uuid[]) from public;
revoke execute on function private.release_after_remittance() from public;
revoke execute on function public.payout_balances(uuid) from public, anon, service_role;
grant execute on function public.payout_balances(uuid) to authenticated;
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer, boolean, integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer, boolean, integer) to authenticated;

comment on column public.marketplace_settings.release_after_remittance is
  'On (default): an order''s commission and shop net become available only once the courier that carried it has remitted its cash.';
comment on column public.marketplace_settings.courier_remit_days is
  'Days a courier may hold the cash of a delivery before the admins'' daily Telegram reminder names it (1 to 30, default 3).';
comment on function private.release_after_remittance is 'Whether an order''s earnings wait for its courier''s cash, from the marketplace settings.';
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period, the fraud-flag thresholds, the commission ceiling, the unconfirmed orders'' cancel window, whether earnings wait for couriers'' cash and the days couriers may hold it (each within its range; null keeps it), and records who and when.';
comment on table private.unrequested_earning_hours is 'private.unrequested_earnings summed per account, per hour of delivery (UTC), held for review or not, awaiting a courier''s cash or not.';
comment on function private.awaiting_cash is 'Whether an order''s cash is still owed by its courier (with_courier or short); false when no courier carried it.';
comment on function private.earning_state is 'review, awaiting_cash, pending or available: whether an earning entry may be requested yet (docs/money.md).';
comment on function private.keep_balances_of_cash is 'Trigger: an order whose cash a courier starts or stops owing moves its unrequested earnings between awaiting the cash and not.';
comment on function public.payout_balances is 'The payout summary''s balances of a user (the user or an admin), read from the running balances.';
comment on function private.lock_order_cash is 'Locks the given orders'' cash rows for share (in order), before their earnings'' hours are read or written.';
