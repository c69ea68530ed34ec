-- checkout in one statement: written by npm run db:diff from supabase/schemas/, then the comments and
-- grants below it by hand (issue 24: a checkout with few round trips, the outbox drained only when
-- a notice was queued).

drop function if exists "private"."place_order_once"(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid);

set check_function_bodies = off;

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

CREATE OR REPLACE FUNCTION private.telegram_notice_queued()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(current_setting('telegram.notice_queued', true), '') = 'on'
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

CREATE TRIGGER telegram_outbox_note_queued AFTER INSERT ON private.telegram_outbox FOR EACH STATEMENT EXECUTE FUNCTION private.note_telegram_notice_queued();

-- By hand: what migra does not write ------------------------------------------------------------

comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';
comment on function private.note_telegram_notice_queued is 'Trigger: marks the transaction as one that queued a Telegram notice.';
comment on function private.telegram_notice_queued is 'Whether this transaction queued a Telegram notice.';
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) to service_role;
revoke execute on function private.note_telegram_notice_queued() from public;
revoke execute on function private.telegram_notice_queued() from public;
