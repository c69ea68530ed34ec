-- Review: the order page's and the calls' functions lock an order the shop still has through one
-- helper, private.lock_order_in_shop, which replaces private.order_status_words. Written by npm run
-- db:diff from supabase/schemas/.

drop function if exists "private"."order_status_words"(p_status order_status);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.lock_order_in_shop(p_order_id uuid, p_refusal text)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
begin
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status not in ('new_order', 'ready_for_pickup') then
    raise exception 'This order is %: %',
      case current_order.status when 'out_for_delivery' then 'out for delivery' else current_order.status::text end,
      p_refusal using errcode = '55000';
  end if;
  return current_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.cancel_order_by_customer(p_order_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders :=
    private.lock_order_in_shop(p_order_id, 'it can no longer be cancelled here. Please call the shop');
  previous_status public.order_status := current_order.status;
begin
  update public.orders set status = 'cancelled', cancellation_reason = 'customer_cancelled'
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, note, cancellation_reason)
  values (p_order_id, previous_status, 'cancelled', 'Cancelled by the customer', 'customer_cancelled');
  return current_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.confirm_order_by_customer(p_order_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders := private.lock_order_in_shop(p_order_id, 'there is nothing left to confirm');
begin
  if current_order.confirmation = 'unconfirmed' then
    update public.orders set confirmation = 'confirmed_by_customer' where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
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


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


CREATE OR REPLACE FUNCTION public.record_confirmation_call(p_order_id uuid, p_outcome text, p_note text DEFAULT NULL::text)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can record a confirmation call' using errcode = '42501';
  end if;
  if p_outcome is null or not p_outcome = any (enum_range(null::public.confirmation_call_outcome)::text[]) then
    raise exception 'outcome must be one of %', array_to_string(enum_range(null::public.confirmation_call_outcome), ', ')
      using errcode = '22023', column = 'outcome';
  end if;
  current_order := private.lock_order_in_shop(p_order_id, 'there is nothing left to confirm');
  insert into public.order_confirmation_calls (order_id, outcome, note, called_by)
  values (p_order_id, p_outcome::public.confirmation_call_outcome, nullif(btrim(p_note), ''), (select auth.uid()));
  if p_outcome = 'confirmed' and current_order.confirmation = 'unconfirmed' then
    update public.orders set confirmation = 'confirmed_by_phone' where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$function$
;

-- What migra leaves out: privileges and comments ----------------------------------------------------

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function private.lock_order_in_shop(uuid, text) from public;
comment on function private.lock_order_in_shop is 'Locks an order the shop still has (new or ready for pickup) and answers it; 55000 naming its status otherwise, P0002 when unknown.';
