-- flat costs (issue 24): written by npm run db:diff from supabase/schemas/, then by hand: the order
-- of one type below, and the comments, grants and data at the end. Running balances of the
-- ledger, order counters, a constant-time fraud check and a checkout in one statement.

create type "public"."order_count_scope" as enum ('platform', 'business', 'influencer', 'link');

-- By hand: migra wrote this after the function that takes it.
create type "private"."earning_hour_change" as ("account_id" bigint, "held" boolean, "earned_hour" timestamp with time zone, "amount_cents" bigint);

drop function if exists "private"."earning_state"(p_transaction_id bigint, p_line ledger_line);

drop function if exists "public"."all_order_totals"();

drop function if exists "private"."place_order_once"(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid);

drop index if exists "public"."orders_cancellation_reason_idx";

drop index if exists "public"."orders_link_status_idx";

drop index if exists "public"."orders_stats_idx";

drop index if exists "private"."order_contacts_customer_phone_idx";


  create table "private"."order_counts" (
    "scope" order_count_scope not null,
    "scope_id" uuid not null,
    "status" order_status not null,
    "cancellation_reason" order_cancellation_reason,
    "slot" smallint not null,
    "orders" bigint not null,
    "subtotal_cents" bigint not null,
    "commission_cents" bigint not null
      );


alter table "private"."order_counts" enable row level security;


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

alter table "private"."order_contacts" add column "placed_at" timestamp with time zone not null default now();

alter table "public"."payout_requests" add column "covered_transactions" integer not null default 0;

alter table "public"."payout_requests" add column "covered_products" text[] not null default '{}'::text[];

CREATE UNIQUE INDEX order_counts_key ON private.order_counts USING btree (scope, scope_id, status, cancellation_reason, slot) NULLS NOT DISTINCT;

CREATE UNIQUE INDEX unrequested_earning_hours_pkey ON private.unrequested_earning_hours USING btree (account_id, held, earned_hour);

CREATE INDEX unrequested_earnings_account_idx ON private.unrequested_earnings USING btree (account_id, earned_at);

CREATE INDEX unrequested_earnings_order_idx ON private.unrequested_earnings USING btree (order_id);

CREATE UNIQUE INDEX unrequested_earnings_pkey ON private.unrequested_earnings USING btree (ledger_entry_id);

CREATE INDEX unrequested_earnings_transaction_idx ON private.unrequested_earnings USING btree (transaction_id);

CREATE UNIQUE INDEX ledger_balances_pkey ON public.ledger_balances USING btree (account_id, line);

CREATE INDEX order_contacts_customer_phone_idx ON private.order_contacts USING btree (customer_phone, placed_at);

alter table "private"."unrequested_earning_hours" add constraint "unrequested_earning_hours_pkey" PRIMARY KEY using index "unrequested_earning_hours_pkey";

alter table "private"."unrequested_earnings" add constraint "unrequested_earnings_pkey" PRIMARY KEY using index "unrequested_earnings_pkey";

alter table "public"."ledger_balances" add constraint "ledger_balances_pkey" PRIMARY KEY using index "ledger_balances_pkey";

alter table "private"."order_counts" add constraint "order_counts_key" UNIQUE using index "order_counts_key";

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

CREATE OR REPLACE FUNCTION private.add_earning_hours(p_changes private.earning_hour_change[], p_drop_zeros boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.unrequested_earning_hours as h (account_id, held, earned_hour, amount_cents)
  select c.account_id, c.held, c.earned_hour, sum(c.amount_cents)
  from unnest(p_changes) as c
  group by c.account_id, c.held, c.earned_hour
  order by c.account_id, c.held, c.earned_hour
  on conflict (account_id, held, earned_hour) do update set amount_cents = h.amount_cents + excluded.amount_cents;
  if p_drop_zeros then
    delete from private.unrequested_earning_hours h
    using (select distinct c.account_id from unnest(p_changes) as c) as a
    where h.account_id = a.account_id and h.amount_cents = 0;
  end if;
end
$function$
;

CREATE OR REPLACE FUNCTION private.add_order_counts(p_added orders[], p_removed orders[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.order_counts as c
    (scope, scope_id, status, cancellation_reason, slot, orders, subtotal_cents, commission_cents)
  select s.scope, s.scope_id, d.status, d.cancellation_reason, pg_backend_pid() % 8,
         sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.commission_cents)
  from (select a.*, 1 as sign from unnest(p_added) as a
        union all
        select r.*, -1 from unnest(p_removed) as r) as d
  cross join lateral (values ('platform'::public.order_count_scope, private.platform_scope_id()),
                             ('business', d.business_id), ('influencer', d.influencer_id),
                             ('link', d.affiliate_link_id)) as s (scope, scope_id)
  group by s.scope, s.scope_id, d.status, d.cancellation_reason
  having sum(d.sign) <> 0
  order by s.scope, s.scope_id, d.status, d.cancellation_reason
  on conflict (scope, scope_id, status, cancellation_reason, slot) do update
    set orders = c.orders + excluded.orders,
        subtotal_cents = c.subtotal_cents + excluded.subtotal_cents,
        commission_cents = c.commission_cents + excluded.commission_cents;
end
$function$
;

CREATE OR REPLACE FUNCTION private.count_orders()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  added public.orders[];
  removed public.orders[];
begin
  if tg_op = 'INSERT' then
    added := array(select n from new_orders n);
  elsif tg_op = 'DELETE' then
    removed := array(select o from old_orders o);
  else
    added := array(select n from new_orders n join old_orders o on o.id = n.id
                   where (n.status, n.cancellation_reason) is distinct from (o.status, o.cancellation_reason));
    removed := array(select o from old_orders o join new_orders n on n.id = o.id
                     where (n.status, n.cancellation_reason) is distinct from (o.status, o.cancellation_reason));
  end if;
  if coalesce(cardinality(added), 0) + coalesce(cardinality(removed), 0) > 0 then
    perform private.add_order_counts(coalesce(added, '{}'), coalesce(removed, '{}'));
  end if;
  return null;
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
                       private.earning_hour(e.earned_at), e.amount_cents)::private.earning_hour_change)
    into hours
  from earnings e join public.orders o on o.id = e.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours, false);
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
                       private.earning_hour(t.earned_at), -t.amount_cents)::private.earning_hour_change)
    into hours
  from taken t join public.orders o on o.id = t.order_id;
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
  hours private.earning_hour_change[];
begin
  if was_held = is_held then
    return null;
  end if;
  select array_agg(m.change) into hours
  from private.unrequested_earnings u
  cross join lateral (values
    (row(u.account_id, was_held, private.earning_hour(u.earned_at), -u.amount_cents)::private.earning_hour_change),
    (row(u.account_id, is_held, private.earning_hour(u.earned_at), u.amount_cents)::private.earning_hour_change))
    as m (change)
  where u.order_id = new.id and u.line = 'commission';
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.note_telegram_notice_queued()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('telegram.notice_queued', 'on', true);
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.platform_scope_id()
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '00000000-0000-0000-0000-000000000000'::uuid
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


create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason;


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
  -- An hour at zero may linger until the account's next request (private.add_earning_hours).
  where coalesce(k.amount_cents, 0) <> coalesce(r.amount_cents, 0)
  union all
  -- The order counters of 05_orders.sql, their slots added up.
  select 'order_counts', concat_ws(' ', coalesce(k.scope, r.scope), coalesce(k.scope_id, r.scope_id),
                                   coalesce(k.status, r.status), coalesce(k.cancellation_reason, r.cancellation_reason)),
         k.orders, r.orders
  from (select c.scope, c.scope_id, c.status, c.cancellation_reason, sum(c.orders)::bigint as orders,
               sum(c.subtotal_cents)::bigint as subtotal_cents, sum(c.commission_cents)::bigint as commission_cents
        from private.order_counts c group by 1, 2, 3, 4 having sum(c.orders) <> 0) k
  full join private.recomputed_order_counts r
    on r.scope = k.scope and r.scope_id = k.scope_id and r.status = k.status
       and r.cancellation_reason is not distinct from k.cancellation_reason
  where (k.orders, k.subtotal_cents, k.commission_cents) is distinct from (r.orders, r.subtotal_cents, r.commission_cents)
$function$
;

CREATE OR REPLACE FUNCTION private.telegram_notice_queued()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(current_setting('telegram.notice_queued', true), '') = 'on'
$function$
;

CREATE OR REPLACE FUNCTION public.order_totals()
 RETURNS TABLE(status order_status, cancellation_reason order_cancellation_reason, orders bigint, sales_cents bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller_type public.user_type;
  counted public.order_count_scope;
  counted_id uuid;
begin
  if private.has_role('admin') then
    counted := 'platform';
    counted_id := private.platform_scope_id();
  else
    select u.user_type into caller_type from public.users u where u.id = (select auth.uid());
    if caller_type is null or caller_type = 'admin' then
      raise exception 'Only shops, influencers and approved admins can count orders' using errcode = '42501';
    end if;
    counted := caller_type::text::public.order_count_scope;
    counted_id := (select auth.uid());
  end if;
  return query
    select c.status, c.cancellation_reason, sum(c.orders)::bigint, sum(c.subtotal_cents)::bigint
    from private.order_counts c where c.scope = counted and c.scope_id = counted_id
    group by c.status, c.cancellation_reason
    having sum(c.orders) <> 0;
end
$function$
;

CREATE OR REPLACE FUNCTION public.payout_balances(p_user_id uuid)
 RETURNS TABLE(earned bigint, completed bigint, available bigint, pending bigint, review bigint, gross bigint, fees bigint, requested bigint, commissions bigint)
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
  -- Two ranges of the hours' primary key: the held hours, and the hours after the cutoff's.
  hours as (
    select (select coalesce(sum(h.amount_cents), 0) from private.unrequested_earning_hours h
            where h.account_id = account and h.held)::bigint as review,
           (select coalesce(sum(h.amount_cents), 0) from private.unrequested_earning_hours h
            where h.account_id = account and not h.held and h.earned_hour > cutoff_hour)::bigint as later_hours),
  cutoff_hour_entries as (
    select coalesce(sum(u.amount_cents), 0)::bigint as pending
    from private.unrequested_earnings u join public.orders o on o.id = u.order_id
    where u.account_id = account and u.earned_at >= cutoff_hour and u.earned_at < cutoff_hour + interval '1 hour'
      and private.earning_state(u.line, o.review_status, u.earned_at, cutoff) = 'pending'),
  request as (
    select coalesce(sum(r.amount_cents), 0)::bigint as requested
    from public.payout_requests r where r.user_id = p_user_id and r.status = 'pending'),
  -- A shop's delivered orders' commissions, from the order counters (05_orders.sql); 0 for others.
  shop as (
    select coalesce(sum(oc.commission_cents), 0)::bigint as commissions
    from private.order_counts oc where oc.scope = 'business' and oc.scope_id = p_user_id and oc.status = 'delivered')
  select l.earned, l.completed,
         l.earned - q.requested - l.completed - h.review - (h.later_hours + c.pending),
         h.later_hours + c.pending, h.review, l.gross, l.fees, q.requested, s.commissions
  from lines l, hours h, cutoff_hour_entries c, request q, shop s;
end
$function$
;

CREATE OR REPLACE FUNCTION private.checkout_flags(p_link affiliate_links, p_business_id uuid, p_customer_phone text)
 RETURNS order_flag[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings public.marketplace_settings;
  flags public.order_flag[] := '{}';
  finished integer;
  refused integer;
begin
  select * into settings from public.marketplace_settings where id;
  if exists (select 1 from public.users
             where (id = p_business_id and store_phone = p_customer_phone)
                or (id = p_link.influencer_id and phone = p_customer_phone)) then
    flags := flags || 'self_order'::public.order_flag;
  end if;
  -- Called once the new order's contact is recorded, so the count includes the new order. It
  -- stops at the threshold: a phone with thousands of orders costs what one with three does.
  if (select count(*) from (
        select 1 from private.order_contacts c
        where c.customer_phone = p_customer_phone
          and c.placed_at > now() - make_interval(hours => settings.repeat_phone_hours)
        limit settings.repeat_phone_orders) as recent)
     >= settings.repeat_phone_orders then
    flags := flags || 'repeat_phone'::public.order_flag;
  end if;
  -- The link's counters, not its orders: the same cost at 100,000 orders as at none.
  select coalesce(sum(c.orders) filter (where c.status in ('delivered', 'cancelled')), 0),
         coalesce(sum(c.orders) filter (where c.cancellation_reason = 'customer_refused'), 0)
    into finished, refused
  from private.order_counts c where c.scope = 'link' and c.scope_id = p_link.id;
  if finished >= settings.refusal_flag_min_finished and refused * 100 >= settings.refusal_flag_percent * finished then
    flags := flags || 'high_refusal_link'::public.order_flag;
  end if;
  return flags;
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

CREATE OR REPLACE FUNCTION private.place_order_once(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(order_id uuid, replayed boolean, placed orders, notice_queued boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id);
    return query select new_order.id, false, new_order, private.telegram_notice_queued();
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_district, p_commune, p_quantity, p_click_id), 'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select o.id, true, o, false from public.orders o where o.id = earlier.order_id;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false, new_order, private.telegram_notice_queued();
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


CREATE TRIGGER telegram_outbox_note_queued AFTER INSERT ON private.telegram_outbox FOR EACH STATEMENT EXECUTE FUNCTION private.note_telegram_notice_queued();

CREATE TRIGGER ledger_entries_keep_balances AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION private.keep_balances_of_postings();

CREATE TRIGGER orders_count_deletes AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

CREATE TRIGGER orders_count_inserts AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

CREATE TRIGGER orders_count_updates AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

CREATE TRIGGER orders_keep_balances_of_reviews AFTER UPDATE OF review_status ON public.orders FOR EACH ROW EXECUTE FUNCTION private.keep_balances_of_reviews();

CREATE TRIGGER payout_request_entries_keep_balances AFTER INSERT ON public.payout_request_entries REFERENCING NEW TABLE AS covered FOR EACH STATEMENT EXECUTE FUNCTION private.keep_balances_of_requests();

-- By hand: what migra does not write ------------------------------------------------------------

comment on type public.order_count_scope is 'What a row of private.order_counts counts: every order, or one shop''s, one influencer''s or one link''s.';
comment on column public.payout_requests.covered_transactions is 'How many ledger transactions (deliveries and reversals) the request covers.';
comment on column public.payout_requests.covered_products is 'The product names of the orders the request covers, sorted, each once.';
comment on table public.ledger_balances is 'The sum of an account''s ledger entries per line, kept by every posting.';
comment on table private.unrequested_earnings is 'Earning entries on users'' accounts that no payout request covers yet, with the time of their delivery.';
comment on table private.unrequested_earning_hours is 'private.unrequested_earnings summed per account, per hour of delivery (UTC), held for review or not.';
comment on table private.order_counts is 'Orders, sales (subtotals) and commissions per status and cancellation reason, platform-wide and per shop, influencer and link; kept by every order change.';
comment on function private.held_for_review is 'Whether an earning entry waits for an admin''s review: a commission of an order held for review.';
comment on function private.earning_state is 'review, pending or available: whether an earning entry may be requested yet (docs/money.md).';
comment on function private.release_cutoff is 'Now minus the holding period: earnings delivered at or before it are past the hold.';
comment on function private.earning_hour is 'The UTC hour an earning belongs to in private.unrequested_earning_hours.';
comment on function private.add_earning_hours is 'Adds amounts to the hours of private.unrequested_earning_hours; with p_drop_zeros, the accounts'' hours at zero are removed.';
comment on function private.keep_balances_of_postings is 'Trigger: a posting''s entries update public.ledger_balances and the earnings requests may take.';
comment on function private.keep_balances_of_requests is 'Trigger: entries a payout request covers leave the earnings requests may take.';
comment on function private.keep_balances_of_reviews is 'Trigger: holding or clearing an order moves its unrequested commission between held and not held.';
comment on function private.running_balance_differences is 'Every running balance of the ledger and order counter that differs from its recomputation from the entries and orders; empty when they agree.';
comment on function private.rebuild_running_balances is 'Rewrites the ledger''s running balances from its entries.';
comment on function public.payout_balances is 'The payout summary''s balances of a user (the user or an admin), read from the running balances.';
comment on function public.order_totals is 'The caller''s orders and sales per status and cancellation reason, from the counters: every order for an admin, their own for a shop or an influencer.';
comment on function private.platform_scope_id is 'The scope_id of the platform-wide rows of private.order_counts (the nil uuid).';
comment on function private.add_order_counts is 'Adds orders to, and takes orders from, the counters of every scope they count in.';
comment on function private.count_orders is 'Trigger: keeps private.order_counts in step with every insert, status change and delete of orders.';
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';
comment on function private.note_telegram_notice_queued is 'Trigger: marks the transaction as one that queued a Telegram notice.';
comment on function private.telegram_notice_queued is 'Whether this transaction queued a Telegram notice.';

revoke all on public.ledger_balances from anon, authenticated, service_role;
grant select on public.ledger_balances to authenticated, service_role;
revoke all on private.unrequested_earnings, private.unrequested_earning_hours, private.order_counts
  from public, anon, authenticated, service_role;
revoke all on private.recomputed_ledger_balances, private.recomputed_unrequested_earnings,
  private.recomputed_unrequested_earning_hours, private.recomputed_order_counts
  from public, anon, authenticated, service_role;

revoke execute on function private.held_for_review(public.ledger_line, public.order_review_status) from public;
revoke execute on function private.earning_state(public.ledger_line, public.order_review_status, timestamptz, timestamptz) from public;
revoke execute on function private.release_cutoff() from public;
revoke execute on function private.earning_hour(timestamptz) from public;
revoke execute on function private.add_earning_hours(private.earning_hour_change[], boolean) from public;
revoke execute on function private.keep_balances_of_postings() from public;
revoke execute on function private.keep_balances_of_requests() from public;
revoke execute on function private.keep_balances_of_reviews() from public;
revoke execute on function private.running_balance_differences() from public;
revoke execute on function private.rebuild_running_balances() from public;
revoke execute on function public.payout_balances(uuid) from public, anon, service_role;
grant execute on function public.payout_balances(uuid) to authenticated;
revoke execute on function private.commission_hold() from authenticated, service_role;
revoke execute on function public.order_totals() from public, anon, service_role;
grant execute on function public.order_totals() to authenticated;
revoke execute on function private.platform_scope_id() from public;
revoke execute on function private.add_order_counts(public.orders[], public.orders[]) from public;
revoke execute on function private.count_orders() from public;
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) to service_role;
revoke execute on function private.note_telegram_notice_queued() from public;
revoke execute on function private.telegram_notice_queued() from public;

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

-- When each order's contact was placed: its order's time (the column's default was this migration's).
update private.order_contacts c set placed_at = o.created_at from public.orders o where o.id = c.order_id;

-- The counters of the orders as they stand, in slot 0, and the ledger's running balances.
insert into private.order_counts (scope, scope_id, status, cancellation_reason, slot, orders, subtotal_cents, commission_cents)
select scope, scope_id, status, cancellation_reason, 0, orders, subtotal_cents, commission_cents
from private.recomputed_order_counts;
select private.rebuild_running_balances();
