-- The shop's packing slips (issue 29, item 3): public.packing_slips answers the slips of 1 to 50 of
-- the caller's own orders, each with a new token of the customer's page for its QR code. Written by
-- npm run db:diff from supabase/schemas/, then completed by hand (grants, comment).
-- Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.packing_slips(p_order_ids uuid[])
 RETURNS TABLE(order_id uuid, order_number text, product_name text, quantity integer, total_cents bigint, recipient_name text, address_line text, landmark text, delivery_note text, tracking_token text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not private.has_role('business') then
    raise exception 'Only the order''s shop can print its packing slips' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_order_ids), 0) not between 1 and 50 then
    raise exception 'Choose 1 to 50 orders' using errcode = '22023', column = 'order_ids';
  end if;
  if exists (select from unnest(p_order_ids) as given (id)
             where not exists (select from public.orders o where o.id = given.id and o.business_id = (select auth.uid()))) then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return query
    select o.id, o.order_number, o.product_name, o.quantity, o.total_cents, c.recipient_name, c.address_line,
           c.landmark, c.delivery_note, private.issue_tracking_token(o.id)
    from public.orders o
    join private.order_contacts c on c.order_id = o.id
    where o.id = any (p_order_ids)
    order by o.created_at, o.id;
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

-- What db:diff does not write: grants on functions and views, and the comment.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function public.packing_slips(uuid[]) from public, anon, service_role;
grant execute on function public.packing_slips(uuid[]) to authenticated;

comment on function public.packing_slips is 'The shop''s packing slips of 1 to 50 of its own orders: recipient, address, amount to collect and a new token of the customer''s page each.';
