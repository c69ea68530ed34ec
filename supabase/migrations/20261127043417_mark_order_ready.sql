-- The shop marks its own new order ready for pickup (issue 29, item 3): public.mark_order_ready,
-- audited with the shop as the actor (private.record_admin_action takes p_shop_may_act, which the
-- order-status audit trigger passes). Written by npm run db:diff from supabase/schemas/, then
-- completed by hand (grants, comments). Reviewed by: the session that wrote it.

drop function if exists "private"."record_admin_action"(p_action audit_action, p_target_type audit_target_type, p_target_id text, p_details jsonb);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.record_admin_action(p_action audit_action, p_target_type audit_target_type, p_target_id text, p_details jsonb, p_shop_may_act boolean DEFAULT false)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor public.users;
begin
  select * into actor from public.users
  where id = (select auth.uid()) and status = 'approved'
    and (user_type = 'admin' or (p_shop_may_act and user_type = 'business'));
  if not found then
    return;
  end if;
  -- Keys without a value (no reason on an approval) are left out; nulls inside before and after
  -- stay, since "was empty" is part of a change.
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, details)
  select actor.id, actor.email, p_action, p_target_type, p_target_id,
         coalesce((select jsonb_object_agg(d.key, d.value) from jsonb_each(p_details) as d
                   where d.value <> 'null'::jsonb), '{}');
end
$function$
;

CREATE OR REPLACE FUNCTION public.mark_order_ready(p_order_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
begin
  if not private.has_role('business') then
    raise exception 'Only the order''s shop can mark it ready' using errcode = '42501';
  end if;
  select * into current_order from public.orders
  where id = p_order_id and business_id = (select auth.uid())
  for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status <> 'new_order' then
    raise exception 'This order is %: only a new order can be marked ready',
      replace(current_order.status::text, '_', ' ') using errcode = '55000';
  end if;
  update public.orders set status = 'ready_for_pickup' where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note)
  values (p_order_id, 'new_order', 'ready_for_pickup', (select auth.uid()), 'Packed by the shop');
  return current_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_order_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- A shop's own step (public.mark_order_ready) is audited with the shop as the actor.
  perform private.record_admin_action('order.status_change', 'order', new.order_id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', new.from_status),
      'after', jsonb_build_object('status', new.to_status),
      'reason', new.cancellation_reason,
      'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id)),
    p_shop_may_act => true);
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


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);

-- What db:diff does not write: grants on functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function private.record_admin_action(public.audit_action, public.audit_target_type, text, jsonb, boolean) from public;
revoke execute on function public.mark_order_ready(uuid) from public, anon, service_role;
grant execute on function public.mark_order_ready(uuid) to authenticated;

comment on function public.mark_order_ready is 'The shop marks its own new order ready for pickup; in the history and the audit log with the shop as the actor.';
comment on function private.record_admin_action is 'Writes one audit log entry for the calling admin (or, where the action allows it, the calling shop); does nothing for any other caller.';
comment on function private.audit_order_status is 'Trigger: records an admin''s (or the shop''s own) change of an order''s status, with the cancellation reason.';
