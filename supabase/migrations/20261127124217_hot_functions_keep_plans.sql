-- The checkout's and the status changes' helpers keep their plans, and the checkout's rate limit
-- reads only the latest attempts:
-- - private.place_order counts a phone's (address's) attempts of the last minute among its 3 (20)
--   latest, from their own indexes, instead of every attempt of the minute;
-- - public.find_district, public.find_commune, public.delivery_quote, private.has_role,
--   private.lock_earning_accounts, private.lock_order_cash, private.order_number,
--   private.order_transition_allowed, private.owner_topic, private.owns_campaign,
--   private.send_live_event and private.telegram_notice_queued become PL/pgSQL with the same
--   answers (a SQL function that cannot be inlined is planned again at every call).
-- Written by npm run db:diff from supabase/schemas/, the recomputed views' revokes added by hand.
-- Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.has_role(p_user_type user_type)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return exists (
    select 1 from public.users
    where id = (select auth.uid()) and user_type = p_user_type and status = 'approved'
  );
end
$function$
;

CREATE OR REPLACE FUNCTION private.lock_earning_accounts(p_order_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform from public.ledger_accounts a
  where a.user_id in (select o.influencer_id from public.orders o where o.id = any (p_order_ids)
                      union select o.business_id from public.orders o where o.id = any (p_order_ids))
  order by a.id
  for no key update;
end
$function$
;

CREATE OR REPLACE FUNCTION private.lock_order_cash(p_order_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform from public.order_cash c where c.order_id = any (p_order_ids) order by c.order_id for share;
end
$function$
;

CREATE OR REPLACE FUNCTION private.order_number(p_sequence_value bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$
begin
  return 'SL-' || case when p_sequence_value < 1000000 then lpad(p_sequence_value::text, 6, '0')
                       else p_sequence_value::text end;
end
$function$
;

CREATE OR REPLACE FUNCTION private.order_transition_allowed(p_from order_status, p_to order_status)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return (p_from, p_to) in (
    ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered'),
    ('ready_for_pickup', 'new_order'),
    ('out_for_delivery', 'ready_for_pickup'), ('out_for_delivery', 'new_order'),
    ('delivered', 'out_for_delivery'), ('delivered', 'ready_for_pickup'), ('delivered', 'new_order'),
    ('new_order', 'cancelled'), ('ready_for_pickup', 'cancelled'), ('out_for_delivery', 'cancelled'),
    ('cancelled', 'new_order')
  );
end
$function$
;

CREATE OR REPLACE FUNCTION private.owner_topic(p_user_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select case u.user_type when 'business' then 'shop:' when 'influencer' then 'influencer:' end || u.id::text
          from public.users u where u.id = p_user_id);
end
$function$
;

CREATE OR REPLACE FUNCTION private.owns_campaign(p_campaign_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return exists (select 1 from public.campaigns where id = p_campaign_id and business_id = (select auth.uid()));
end
$function$
;

CREATE OR REPLACE FUNCTION private.place_order(p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid, p_recipient_name text DEFAULT NULL::text, p_address_line text DEFAULT NULL::text, p_landmark text DEFAULT NULL::text, p_delivery_note text DEFAULT NULL::text, p_province text DEFAULT NULL::text)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  place public.communes;
  fee integer;
  new_order public.orders;
  closed_reason text;
  click public.link_clicks;
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  -- A person places an order in tens of seconds; scripts do not get to flood a shop. The locks
  -- make parallel checkouts from one phone or address count one after another. Each limit reads
  -- only the phone's (address's) latest attempts, newest first from its own index, and asks
  -- whether the limit's worth of them fall within the minute: counting every attempt of the
  -- minute let the planner scan the whole minute's attempts by time instead, 1 to 4 ms a
  -- checkout once thousands are placed a minute.
  perform pg_advisory_xact_lock(hashtextextended('checkout:phone:' || p_customer_phone, 0));
  perform pg_advisory_xact_lock(hashtextextended('checkout:ip:' || p_client_ip, 0));
  if (select count(*) from (select a.attempted_at from private.checkout_attempts a
                            where a.customer_phone = p_customer_phone
                            order by a.attempted_at desc limit 3) latest
      where latest.attempted_at > now() - interval '1 minute') >= 3
     or (select count(*) from (select a.attempted_at from private.checkout_attempts a
                               where a.client_ip = p_client_ip
                               order by a.attempted_at desc limit 20) latest
         where latest.attempted_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many orders in a short time. Please wait a minute and try again.' using errcode = 'P0429';
  end if;

  select * into link from public.affiliate_links
  where influencer_id = p_influencer_id and campaign_id = p_campaign_id and status = 'approved';
  if not found then
    raise exception 'This affiliate link is not valid' using errcode = 'P0002';
  end if;
  select * into campaign from public.campaigns where id = p_campaign_id;
  closed_reason := private.link_closed_reason(campaign.status, campaign.start_date, campaign.end_date,
    (select u.status from public.users u where u.id = link.influencer_id),
    (select u.status from public.users u where u.id = campaign.business_id));
  if closed_reason is not null then
    raise exception '%', closed_reason using errcode = '55000';
  end if;
  if nullif(btrim(p_recipient_name), '') is null then
    raise exception 'Recipient name is required' using errcode = '22023', column = 'recipient_name';
  end if;
  if nullif(btrim(p_address_line), '') is null then
    raise exception 'Address is required' using errcode = '22023', column = 'address_line';
  end if;
  select * into place from public.find_commune(p_province, p_district, p_commune);
  if not found then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  select q.fee_cents into fee from public.delivery_quote(place.code) q;
  if fee is null then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  if p_click_id is not null then
    select * into click from public.link_clicks where id = p_click_id and affiliate_link_id = link.id;
  end if;

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    delivery_commune_code, click_id, source)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee,
    (select d.name_en from public.districts d where d.code = place.district_code), place.name_en,
    place.code, click.id, click.source)
  returning * into new_order;
  -- Blank optional parts are stored as null, and every part trimmed.
  insert into private.order_contacts (order_id, customer_phone, recipient_name, address_line, landmark, delivery_note)
  values (new_order.id, p_customer_phone, btrim(p_recipient_name), btrim(p_address_line),
          nullif(btrim(p_landmark), ''), nullif(btrim(p_delivery_note), ''));
  -- After the contact, so that repeat_phone counts this order too.
  new_order := private.flag_order(new_order, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
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


CREATE OR REPLACE FUNCTION private.send_live_event(p_table text, p_op text, p_id uuid, p_topics text[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.send_live_events(p_table, p_op, array_fill(p_id, array[cardinality(p_topics)]), p_topics);
end
$function$
;

CREATE OR REPLACE FUNCTION private.telegram_notice_queued()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return coalesce(current_setting('telegram.notice_queued', true), '') = 'on';
end
$function$
;

CREATE OR REPLACE FUNCTION public.delivery_quote(p_commune_code text)
 RETURNS TABLE(fee_cents integer, hours_min smallint, hours_max smallint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- PL/pgSQL for the same reason as public.find_district: every checkout asks.
  return query
    select coalesce(z.fee_cents, p.delivery_fee_cents), p.delivery_hours_min, p.delivery_hours_max
    from public.provinces p
    left join public.delivery_zones z on z.commune_code = p_commune_code
    where p.code = left(p_commune_code, 2);
end
$function$
;

CREATE OR REPLACE FUNCTION public.find_commune(p_province text, p_district text, p_commune text)
 RETURNS SETOF communes
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  commune text := btrim(p_commune);
  district public.districts;
begin
  -- District by district, so each is one lookup of the district's communes by their index.
  for district in select * from public.find_district(p_province, p_district) loop
    return query
      select c.* from public.communes c
      where c.district_code = district.code and (c.code = commune or lower(c.name_en) = lower(commune));
  end loop;
end
$function$
;

CREATE OR REPLACE FUNCTION public.find_district(p_province text, p_district text)
 RETURNS SETOF districts
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  province text := nullif(btrim(p_province), '');
  district text := btrim(p_district);
begin
  if province is null then
    return query
      select d.* from public.districts d
      where d.code = district or (d.province_code = '12' and lower(d.name_en) = lower(district));
  else
    return query
      select d.* from public.districts d
      join public.provinces p on p.code = d.province_code
      where (p.code = province or lower(p.name_en) = lower(province))
        and (d.code = district or lower(d.name_en) = lower(district));
  end if;
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

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
