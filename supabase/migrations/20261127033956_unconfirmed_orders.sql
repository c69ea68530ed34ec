-- Orders left unconfirmed (issue 28, item 4): the order counters gain the confirmation (stats and
-- refusal rates split by it, the admin's "To confirm" count), the setting unconfirmed_cancel_hours
-- and the scheduled job that cancels orders left unconfirmed longer (audited without an actor).
-- Written by npm run db:diff from supabase/schemas/, then edited: the counters are emptied under a
-- lock on the orders and rebuilt from them, since the new column has no value to give old rows.
-- Reviewed by: the session that wrote it.

lock table public.orders in share row exclusive mode;

delete from private.order_counts;

alter table "private"."order_counts" drop constraint "order_counts_key";

drop function if exists "public"."update_marketplace_settings"(p_riel_per_usd integer, p_commission_hold_days integer, p_repeat_phone_orders integer, p_repeat_phone_hours integer, p_refusal_flag_percent integer, p_refusal_flag_min_finished integer, p_max_commission_rate numeric);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop function if exists "public"."order_totals"();

drop index if exists "private"."order_counts_key";

alter table "private"."order_counts" add column "confirmation" order_confirmation not null;

alter table "public"."audit_log" alter column "actor_email" drop not null;

alter table "public"."audit_log" alter column "actor_id" drop not null;

alter table "public"."marketplace_settings" add column "unconfirmed_cancel_hours" integer not null default 0;

CREATE INDEX orders_to_confirm_idx ON public.orders USING btree (created_at, id) WHERE ((confirmation = 'unconfirmed'::order_confirmation) AND (status = ANY (ARRAY['new_order'::order_status, 'ready_for_pickup'::order_status])));

CREATE UNIQUE INDEX order_counts_key ON private.order_counts USING btree (scope, scope_id, status, cancellation_reason, confirmation, slot) NULLS NOT DISTINCT;

alter table "public"."audit_log" add constraint "audit_log_actor_check" CHECK ((((actor_id IS NULL) = (actor_email IS NULL)) AND ((actor_id IS NOT NULL) OR (action = 'order.auto_cancel'::audit_action)))) not valid;

alter table "public"."audit_log" validate constraint "audit_log_actor_check";

alter table "public"."marketplace_settings" add constraint "marketplace_settings_unconfirmed_cancel_hours_range" CHECK (((unconfirmed_cancel_hours >= 0) AND (unconfirmed_cancel_hours <= 720))) not valid;

alter table "public"."marketplace_settings" validate constraint "marketplace_settings_unconfirmed_cancel_hours_range";

alter table "private"."order_counts" add constraint "order_counts_key" UNIQUE using index "order_counts_key";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.cancel_unconfirmed_orders(p_batch integer DEFAULT 500)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  window_hours integer := (select s.unconfirmed_cancel_hours from public.marketplace_settings s where s.id);
  note text := format('Not confirmed within %s hours', window_hours);
  cancelled integer;
begin
  if window_hours = 0 then
    return 0;
  end if;
  with due as (
    select o.id, o.status from public.orders o
    where o.confirmation = 'unconfirmed' and o.status in ('new_order', 'ready_for_pickup')
      and o.created_at < now() - make_interval(hours => window_hours)
    order by o.created_at, o.id
    limit p_batch
    for update skip locked
  ), changed as (
    update public.orders o set status = 'cancelled', cancellation_reason = 'customer_unreachable'
    from due where o.id = due.id
    returning o.id, o.order_number, due.status as previous_status
  ), history as (
    insert into public.order_status_history (order_id, from_status, to_status, note, cancellation_reason)
    select c.id, c.previous_status, 'cancelled', note, 'customer_unreachable' from changed c
  )
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, details)
  select null, null, 'order.auto_cancel', 'order', c.id::text,
         jsonb_build_object('before', jsonb_build_object('status', c.previous_status),
                            'after', jsonb_build_object('status', 'cancelled'),
                            'reason', 'customer_unreachable', 'note', note,
                            'unconfirmed_cancel_hours', window_hours, 'order_number', c.order_number)
  from changed c;
  get diagnostics cancelled = row_count;
  return cancelled;
end
$function$
;

CREATE OR REPLACE FUNCTION public.update_marketplace_settings(p_riel_per_usd integer DEFAULT NULL::integer, p_commission_hold_days integer DEFAULT NULL::integer, p_repeat_phone_orders integer DEFAULT NULL::integer, p_repeat_phone_hours integer DEFAULT NULL::integer, p_refusal_flag_percent integer DEFAULT NULL::integer, p_refusal_flag_min_finished integer DEFAULT NULL::integer, p_max_commission_rate numeric DEFAULT NULL::numeric, p_unconfirmed_cancel_hours integer DEFAULT NULL::integer)
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
                  p_unconfirmed_cancel_hours) = 0 then
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
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
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
    (scope, scope_id, status, cancellation_reason, confirmation, slot, orders, subtotal_cents, commission_cents)
  select s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation, pg_backend_pid() % 8,
         sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.commission_cents)
  from (select a.*, 1 as sign from unnest(p_added) as a
        union all
        select r.*, -1 from unnest(p_removed) as r) as d
  cross join lateral (values ('platform'::public.order_count_scope, private.platform_scope_id()),
                             ('business', d.business_id), ('influencer', d.influencer_id),
                             ('link', d.affiliate_link_id)) as s (scope, scope_id)
  group by s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation
  having sum(d.sign) <> 0
  order by s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation
  on conflict (scope, scope_id, status, cancellation_reason, confirmation, slot) do update
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
                   where (n.status, n.cancellation_reason, n.confirmation)
                         is distinct from (o.status, o.cancellation_reason, o.confirmation));
    removed := array(select o from old_orders o join new_orders n on n.id = o.id
                     where (n.status, n.cancellation_reason, n.confirmation)
                           is distinct from (o.status, o.cancellation_reason, o.confirmation));
  end if;
  if coalesce(cardinality(added), 0) + coalesce(cardinality(removed), 0) > 0 then
    perform private.add_order_counts(coalesce(added, '{}'), coalesce(removed, '{}'));
  end if;
  return null;
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

insert into private.order_counts
  (scope, scope_id, status, cancellation_reason, confirmation, slot, orders, subtotal_cents, commission_cents)
select scope, scope_id, status, cancellation_reason, confirmation, 0, orders, subtotal_cents, commission_cents
from private.recomputed_order_counts;


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


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

CREATE OR REPLACE FUNCTION public.order_totals()
 RETURNS TABLE(status order_status, cancellation_reason order_cancellation_reason, confirmation order_confirmation, orders bigint, sales_cents bigint)
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
    select c.status, c.cancellation_reason, c.confirmation, sum(c.orders)::bigint, sum(c.subtotal_cents)::bigint
    from private.order_counts c where c.scope = counted and c.scope_id = counted_id
    group by c.status, c.cancellation_reason, c.confirmation
    having sum(c.orders) <> 0;
end
$function$
;

-- What db:diff does not write: grants, comments and the job.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer) to authenticated;
revoke execute on function private.cancel_unconfirmed_orders(integer) from public;
revoke execute on function public.order_totals() from public, anon, service_role;
grant execute on function public.order_totals() to authenticated;

select cron.schedule(
  'cancel-unconfirmed-orders',
  '*/10 * * * *',
  $job$ select private.cancel_unconfirmed_orders() $job$
);

comment on column public.audit_log.actor_email is 'The actor''s email when they acted (a snapshot); null, with actor_id, for a scheduled job''s entry.';
comment on column public.marketplace_settings.unconfirmed_cancel_hours is
  'Hours after which an order still unconfirmed and not yet on its way is cancelled as customer_unreachable by the scheduled job (private.cancel_unconfirmed_orders); 0 turns it off. 0 to 720.';
comment on function private.cancel_unconfirmed_orders is 'The scheduled job: cancels (customer_unreachable, audited as order.auto_cancel) up to p_batch orders left unconfirmed longer than unconfirmed_cancel_hours while the shop still had them; 0 turns it off.';
comment on function private.count_orders is 'Trigger: keeps private.order_counts in step with every insert, status, reason or confirmation change and delete of orders.';
comment on function public.order_totals is 'The caller''s orders and sales per status, cancellation reason and confirmation, from the counters: every order for an admin, their own for a shop or an influencer.';
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period, the fraud-flag thresholds, the commission ceiling and the unconfirmed orders'' cancel window (each within its range; null keeps it), and records who and when.';
comment on table private.order_counts is 'Orders, sales (subtotals) and commissions per status, cancellation reason and confirmation, platform-wide and per shop, influencer and link; kept by every order change.';
comment on type public.audit_action is 'An action the audit log records, named <target>.<verb>: an admin''s, or (order.auto_cancel) a scheduled job''s acting on a rule an admin set.';
