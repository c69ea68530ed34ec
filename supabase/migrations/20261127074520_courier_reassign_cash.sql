-- An order whose cash another courier remitted is not given to a new courier until that
-- remittance is reversed (issue 29): its cash row is the order's, so the remitted cash would count
-- for the new courier's delivery. Written by npm run db:diff from supabase/schemas/, then
-- completed by hand below.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

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


CREATE OR REPLACE FUNCTION public.assign_courier(p_order_id uuid, p_courier_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
  courier public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can assign couriers' using errcode = '42501';
  end if;
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status in ('delivered', 'cancelled') then
    raise exception 'This order is %: its courier can no longer change', current_order.status using errcode = '55000';
  end if;
  if p_courier_id is not null then
    select * into courier from public.couriers where id = p_courier_id;
    if not found then
      raise exception 'Courier not found' using errcode = 'P0002', column = 'courier_id';
    end if;
    if not courier.active and current_order.courier_id is distinct from p_courier_id then
      raise exception 'This courier is not active: activate it first' using errcode = '55000', column = 'courier_id';
    end if;
    -- Cash another courier remitted for an earlier delivery of the order would count for this one
    -- (public.order_cash is the order's): that remittance is reversed first.
    if exists (select from public.order_cash c
               where c.order_id = p_order_id and c.courier_id <> p_courier_id and c.remitted_cents > 0) then
      raise exception 'Another courier remitted cash for this order: reverse that remittance first'
        using errcode = '55000', column = 'courier_id';
    end if;
  end if;
  if current_order.courier_id is distinct from p_courier_id then
    update public.orders set courier_id = p_courier_id where id = p_order_id returning * into current_order;
  end if;
  return current_order;
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

-- What db:diff does not write: grants on views.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
