-- A new order's Telegram notices in one insert: the shop's, the admins' and the influencer's chats
-- (the influencer's with the commission and without the recipient), as the two inserts of
-- private.queue_telegram_new_order did. Written by npm run db:diff from supabase/schemas/, the
-- recomputed views' revokes added by hand. Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.queue_telegram_new_order()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_order', jsonb_build_object(
    'order_number', o.order_number,
    'product_name', o.product_name,
    'quantity', o.quantity,
    'total_cents', o.total_cents,
    'province', gp.name_en,
    'district', gd.name_en,
    'commune', gc.name_en,
    'province_km', gp.name_km,
    'district_km', gd.name_km,
    'commune_km', gc.name_km)
    || case
      -- The influencer whose link sold it hears of it too, with its commission, without who
      -- receives it nor where.
      when c.user_id = o.influencer_id then jsonb_build_object('commission_cents', o.commission_cents)
      else jsonb_build_object(
        'recipient_name', new.recipient_name,
        'address_line', new.address_line,
        'landmark', new.landmark,
        'delivery_note', new.delivery_note)
    end
  from public.orders o
  join public.communes gc on gc.code = o.delivery_commune_code
  join public.districts gd on gd.code = gc.district_code
  join public.provinces gp on gp.code = gd.province_code
  cross join public.telegram_chats c
  join public.users u on u.id = c.user_id
  -- A suspended account's chats get nothing (public.set_user_status also drops what was waiting).
  where o.id = new.order_id and c.notify_new_orders and u.status = 'approved'
    and (c.user_id in (o.business_id, o.influencer_id) or u.user_type = 'admin');
  return null;
end;
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

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
