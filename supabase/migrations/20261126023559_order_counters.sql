-- order counters: written by npm run db:diff from supabase/schemas/, then the comments, grants and
-- backfill below it by hand (issue 24: stats and fraud checks that do not grow with the orders).

create type "public"."order_count_scope" as enum ('platform', 'business', 'influencer', 'link');

drop function if exists "public"."all_order_totals"();

drop function if exists "public"."payout_balances"(p_user_id uuid);

drop index if exists "public"."orders_link_status_idx";

drop index if exists "public"."orders_stats_idx";

drop index if exists "public"."orders_cancellation_reason_idx";

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

alter table "private"."order_contacts" add column "placed_at" timestamp with time zone not null default now();

CREATE UNIQUE INDEX order_counts_key ON private.order_counts USING btree (scope, scope_id, status, cancellation_reason, slot) NULLS NOT DISTINCT;

CREATE INDEX order_contacts_customer_phone_idx ON private.order_contacts USING btree (customer_phone, placed_at);

alter table "private"."order_counts" add constraint "order_counts_key" UNIQUE using index "order_counts_key";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.count_orders()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  columns constant text := 'business_id, influencer_id, affiliate_link_id, status, cancellation_reason, subtotal_cents, commission_cents';
  changed text;
begin
  -- A statement may only name the transition tables its trigger has, hence the dynamic source.
  changed := case tg_op
    when 'INSERT' then format('select %s, 1 as sign from new_orders', columns)
    when 'DELETE' then format('select %s, -1 as sign from old_orders', columns)
    else format('select %s, 1 as sign from new_orders union all select %s, -1 from old_orders', columns, columns)
  end;
  execute format($sql$
    insert into private.order_counts as c
      (scope, scope_id, status, cancellation_reason, slot, orders, subtotal_cents, commission_cents)
    select s.scope, s.scope_id, d.status, d.cancellation_reason, pg_backend_pid() %% 8,
           sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.commission_cents)
    from (%s) as d
    cross join lateral (values ('platform'::public.order_count_scope, private.platform_scope_id()),
                               ('business', d.business_id), ('influencer', d.influencer_id),
                               ('link', d.affiliate_link_id)) as s (scope, scope_id)
    group by s.scope, s.scope_id, d.status, d.cancellation_reason
    having sum(d.sign) <> 0
    order by s.scope, s.scope_id, d.status, d.cancellation_reason
    on conflict (scope, scope_id, status, cancellation_reason, slot) do update
      set orders = c.orders + excluded.orders,
          subtotal_cents = c.subtotal_cents + excluded.subtotal_cents,
          commission_cents = c.commission_cents + excluded.commission_cents$sql$, changed);
  return null;
end
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

CREATE TRIGGER orders_count_deletes AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

CREATE TRIGGER orders_count_inserts AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

CREATE TRIGGER orders_count_updates AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.count_orders();

-- By hand: what migra does not write ------------------------------------------------------------

comment on type public.order_count_scope is 'What a row of private.order_counts counts: every order, or one shop''s, one influencer''s or one link''s.';
comment on table private.order_counts is 'Orders, sales (subtotals) and commissions per status and cancellation reason, platform-wide and per shop, influencer and link; kept by every order change.';
comment on function public.order_totals is 'The caller''s orders and sales per status and cancellation reason, from the counters: every order for an admin, their own for a shop or an influencer.';
comment on function private.platform_scope_id is 'The scope_id of the platform-wide rows of private.order_counts (the nil uuid).';
comment on function private.count_orders is 'Trigger: keeps private.order_counts in step with every insert, status change and delete of orders.';
comment on function private.running_balance_differences is 'Every running balance of the ledger and order counter that differs from its recomputation from the entries and orders; empty when they agree.';
comment on function public.payout_balances is 'The payout summary''s balances of a user (the user or an admin), read from the running balances.';

revoke all on private.order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke execute on function public.order_totals() from public, anon, service_role;
grant execute on function public.order_totals() to authenticated;
revoke execute on function private.platform_scope_id() from public;
revoke execute on function private.count_orders() from public;
revoke execute on function public.payout_balances(uuid) from public, anon, service_role;
grant execute on function public.payout_balances(uuid) to authenticated;

-- By hand: the data -----------------------------------------------------------------------------

-- When each order's contact was placed: its order's time (the column's default was this migration's).
update private.order_contacts c set placed_at = o.created_at from public.orders o where o.id = c.order_id;

-- The counters of the orders as they stand, in slot 0.
insert into private.order_counts (scope, scope_id, status, cancellation_reason, slot, orders, subtotal_cents, commission_cents)
select scope, scope_id, status, cancellation_reason, 0, orders, subtotal_cents, commission_cents
from private.recomputed_order_counts;
