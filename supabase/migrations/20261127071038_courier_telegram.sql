-- Telegram for couriers' cash and influencers (issue 29, items 7 and 8): the influencer whose link
-- sold an order hears of it (without who receives it), of its delivery or refusal, and of its cash
-- handed over; the admins get a daily reminder of couriers holding cash. Written by npm run
-- db:diff from supabase/schemas/, then completed by hand below.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.queue_telegram_cash_remitted()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'cash_remitted', jsonb_build_object(
    'order_number', o.order_number,
    'product_name', o.product_name,
    'commission_cents', o.commission_cents,
    'available_from', to_char((new.delivered_at + private.commission_hold()) at time zone 'Asia/Phnom_Penh', 'YYYY-MM-DD'))
  from public.orders o
  join public.telegram_chats c on c.user_id = o.influencer_id
  join public.users u on u.id = c.user_id
  where o.id = new.order_id and o.status = 'delivered' and c.notify_payouts and u.status = 'approved';
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_order_outcome()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'order_outcome', jsonb_build_object(
    'order_number', new.order_number,
    'product_name', new.product_name,
    'status', new.status,
    'cancellation_reason', new.cancellation_reason,
    'commission_cents', new.commission_cents,
    -- Whether its commission then waits for the courier's cash (06_remittances.sql).
    'awaiting_cash', new.status = 'delivered' and new.courier_id is not null and private.release_after_remittance())
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.user_id = new.influencer_id and c.notify_new_orders and u.status = 'approved';
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.remind_couriers_cash()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  days integer := (select s.courier_remit_days from public.marketplace_settings s where s.id);
  late jsonb;
  queued integer;
begin
  select jsonb_agg(jsonb_build_object(
           'name', k.name, 'phone', k.phone, 'orders', l.orders, 'oldest_days', l.oldest_days,
           'cash_held_cents', (select coalesce(-sum(b.balance_cents), 0) from public.ledger_balances b
                               join public.ledger_accounts a on a.id = b.account_id where a.courier_id = k.id))
         order by l.oldest_days desc, k.name)
    into late
  from public.couriers k
  cross join lateral (
    select count(*) as orders, extract(day from now() - min(oc.delivered_at))::integer as oldest_days
    from public.order_cash oc where oc.courier_id = k.id and oc.remitted_cents < oc.due_cents) l
  where l.orders > 0 and l.oldest_days >= days;
  if late is null then
    return 0;
  end if;
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'courier_cash_reminder', jsonb_build_object('remit_days', days, 'couriers', late)
  from public.telegram_chats c join public.users u on u.id = c.user_id
  where u.user_type = 'admin' and u.status = 'approved' and c.notify_new_orders;
  get diagnostics queued = row_count;
  return queued;
end;
$function$
;

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
    'commune_km', gc.name_km,
    'recipient_name', new.recipient_name,
    'address_line', new.address_line,
    'landmark', new.landmark,
    'delivery_note', new.delivery_note)
  from public.orders o
  join public.communes gc on gc.code = o.delivery_commune_code
  join public.districts gd on gd.code = gc.district_code
  join public.provinces gp on gp.code = gd.province_code
  cross join public.telegram_chats c
  join public.users u on u.id = c.user_id
  -- A suspended shop's chats get nothing (public.set_user_status also drops what was waiting).
  where o.id = new.order_id and c.notify_new_orders and u.status = 'approved'
    and (c.user_id = o.business_id or u.user_type = 'admin');
  -- The influencer whose link sold it hears of it too, without who receives it nor where.
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_order', jsonb_build_object(
    'order_number', o.order_number,
    'product_name', o.product_name,
    'quantity', o.quantity,
    'total_cents', o.total_cents,
    'commission_cents', o.commission_cents,
    'province', gp.name_en,
    'district', gd.name_en,
    'commune', gc.name_en,
    'province_km', gp.name_km,
    'district_km', gd.name_km,
    'commune_km', gc.name_km)
  from public.orders o
  join public.communes gc on gc.code = o.delivery_commune_code
  join public.districts gd on gd.code = gc.district_code
  join public.provinces gp on gp.code = gd.province_code
  join public.telegram_chats c on c.user_id = o.influencer_id
  join public.users u on u.id = c.user_id
  where o.id = new.order_id and c.notify_new_orders and u.status = 'approved';
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


CREATE TRIGGER order_cash_queue_telegram AFTER UPDATE OF remitted_cents ON public.order_cash FOR EACH ROW WHEN (((old.remitted_cents < old.due_cents) AND (new.remitted_cents >= new.due_cents) AND (new.due_cents > 0))) EXECUTE FUNCTION private.queue_telegram_cash_remitted();

CREATE TRIGGER orders_queue_telegram_outcome AFTER UPDATE OF status ON public.orders FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND ((new.status = 'delivered'::order_status) OR (new.cancellation_reason = ANY (ARRAY['customer_refused'::order_cancellation_reason, 'customer_unreachable'::order_cancellation_reason]))))) EXECUTE FUNCTION private.queue_telegram_order_outcome();

-- What db:diff does not write: the scheduled job, grants on functions and views, and comments.

select cron.schedule(
  'remind-couriers-cash',
  '0 1 * * *',
  $job$ select private.remind_couriers_cash() $job$
);

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
revoke execute on function private.queue_telegram_order_outcome() from public;
revoke execute on function private.queue_telegram_cash_remitted() from public;
revoke execute on function private.remind_couriers_cash() from public;

comment on type public.telegram_notice_kind is 'What a Telegram chat is told: a new order (shops, admins, the order''s influencer), a completed payout (the payee), a sign-up (admins), an order''s new status (a customer following it), an order delivered or refused (its influencer), its cash handed over by the courier (its influencer), and the daily reminder of couriers holding cash (admins).';
comment on function private.queue_telegram_order_outcome is 'Trigger: tells the order''s influencer that it was delivered, or refused or unreachable at the door, with the commission.';
comment on function private.queue_telegram_cash_remitted is 'Trigger: tells the order''s influencer that the courier handed over its cash, with the commission and the day it is released.';
comment on function private.remind_couriers_cash is 'The daily job: queues, for each admin chat, the couriers holding a delivery''s cash longer than courier_remit_days.';
