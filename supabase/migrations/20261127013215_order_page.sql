-- The customer's order page (issue 28): a token per checkout answer that opens the order's page
-- (only its hash kept), the customer's confirmation and cancellation, orders.confirmation, and the
-- public routes' rate limit kept per route (public_requests replaces short_link_requests, whose
-- per-minute counts need not survive). Written by npm run db:diff from supabase/schemas/.

create type "private"."public_route" as enum ('short_link', 'order_page');

create type "public"."order_confirmation" as enum ('unconfirmed', 'confirmed_by_customer', 'confirmed_by_phone');

alter table "private"."short_link_requests" drop constraint "short_link_requests_address_hash_check";

alter table "private"."short_link_requests" drop constraint "short_link_requests_minute_check";

alter table "private"."short_link_requests" drop constraint "short_link_requests_requests_check";

drop function if exists "private"."note_short_link_request"(p_client_address text);

drop function if exists "private"."place_order_once"(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid, p_recipient_name text, p_address_line text, p_landmark text, p_delivery_note text, p_province text);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

alter table "private"."short_link_requests" drop constraint "short_link_requests_pkey";

drop index if exists "private"."short_link_requests_minute_idx";

drop index if exists "private"."short_link_requests_pkey";

drop table "private"."short_link_requests";


  create table "private"."order_tracking_tokens" (
    "token_hash" bytea not null,
    "order_id" uuid not null,
    "created_at" timestamp with time zone not null default now()
      );


alter table "private"."order_tracking_tokens" enable row level security;


  create table "private"."public_requests" (
    "route" private.public_route not null,
    "address_hash" text not null,
    "minute" timestamp with time zone not null,
    "requests" integer not null default 1
      );


alter table "private"."public_requests" enable row level security;

alter table "public"."orders" add column "confirmation" order_confirmation not null default 'unconfirmed'::order_confirmation;

CREATE INDEX order_tracking_tokens_order_id_idx ON private.order_tracking_tokens USING btree (order_id);

CREATE UNIQUE INDEX order_tracking_tokens_pkey ON private.order_tracking_tokens USING btree (token_hash);

CREATE INDEX public_requests_minute_idx ON private.public_requests USING btree (minute);

CREATE UNIQUE INDEX public_requests_pkey ON private.public_requests USING btree (route, address_hash, minute);

alter table "private"."order_tracking_tokens" add constraint "order_tracking_tokens_pkey" PRIMARY KEY using index "order_tracking_tokens_pkey";

alter table "private"."public_requests" add constraint "public_requests_pkey" PRIMARY KEY using index "public_requests_pkey";

alter table "private"."order_tracking_tokens" add constraint "order_tracking_tokens_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "private"."order_tracking_tokens" validate constraint "order_tracking_tokens_order_id_fkey";

alter table "private"."order_tracking_tokens" add constraint "order_tracking_tokens_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."order_tracking_tokens" validate constraint "order_tracking_tokens_token_hash_check";

alter table "private"."public_requests" add constraint "public_requests_address_hash_check" CHECK ((address_hash ~ '^[0-9a-f]{64}$'::text)) not valid;

alter table "private"."public_requests" validate constraint "public_requests_address_hash_check";

alter table "private"."public_requests" add constraint "public_requests_minute_check" CHECK ((minute = date_trunc('minute'::text, minute))) not valid;

alter table "private"."public_requests" validate constraint "public_requests_minute_check";

alter table "private"."public_requests" add constraint "public_requests_requests_check" CHECK ((requests > 0)) not valid;

alter table "private"."public_requests" validate constraint "public_requests_requests_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.cancel_order_by_customer(p_order_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
  previous_status public.order_status;
begin
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status not in ('new_order', 'ready_for_pickup') then
    raise exception 'This order is %: it can no longer be cancelled here. Please call the shop',
      private.order_status_words(current_order.status) using errcode = '55000';
  end if;
  previous_status := current_order.status;
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
  current_order public.orders;
begin
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.confirmation <> 'unconfirmed' then
    return current_order;
  end if;
  if current_order.status not in ('new_order', 'ready_for_pickup') then
    raise exception 'This order is %: there is nothing left to confirm', private.order_status_words(current_order.status)
      using errcode = '55000';
  end if;
  update public.orders set confirmation = 'confirmed_by_customer' where id = p_order_id returning * into current_order;
  return current_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.issue_tracking_token(p_order_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := private.random_token(24);
begin
  insert into private.order_tracking_tokens (token_hash, order_id)
  values (extensions.digest(token, 'sha256'), p_order_id);
  return token;
end
$function$
;

CREATE OR REPLACE FUNCTION private.note_public_request(p_route private.public_route, p_client_address text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  insert into private.public_requests as r (route, address_hash, minute)
  values (p_route, private.click_address_hash(p_client_address), this_minute)
  on conflict (route, address_hash, minute) do update set requests = r.requests + 1
  returning r.requests into counted;
  -- An address's first request of a minute sweeps the minutes that no longer matter.
  if counted = 1 then
    delete from private.public_requests where minute < this_minute - interval '5 minutes';
  end if;
  if counted > 60 then
    raise exception 'Too many requests from this network. Please wait a minute and try again.'
      using errcode = 'P0429',
            hint = greatest(1, ceil(extract(epoch from this_minute + interval '1 minute' - clock_timestamp())))::text;
  end if;
end
$function$
;

CREATE OR REPLACE FUNCTION private.order_status_words(p_status order_status)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_status when 'new_order' then 'new' when 'ready_for_pickup' then 'ready for pickup'
                       when 'out_for_delivery' then 'out for delivery' else p_status::text end
$function$
;

CREATE OR REPLACE FUNCTION private.tracked_order_id(p_token text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select order_id from private.order_tracking_tokens where token_hash = extensions.digest(p_token, 'sha256')
$function$
;

CREATE OR REPLACE FUNCTION private.place_order_once(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid, p_recipient_name text DEFAULT NULL::text, p_address_line text DEFAULT NULL::text, p_landmark text DEFAULT NULL::text, p_delivery_note text DEFAULT NULL::text, p_province text DEFAULT NULL::text)
 RETURNS TABLE(order_id uuid, replayed boolean, placed orders, notice_queued boolean, tracking_token text)
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
                                     p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                     p_landmark, p_delivery_note, p_province);
    return query select new_order.id, false, new_order, private.telegram_notice_queued(),
                        private.issue_tracking_token(new_order.id);
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_province, p_district, p_commune, p_quantity, p_click_id,
                                                p_recipient_name, p_address_line, p_landmark, p_delivery_note),
                                      'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select o.id, true, o, false, private.issue_tracking_token(o.id)
                 from public.orders o where o.id = earlier.order_id;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                   p_landmark, p_delivery_note, p_province);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false, new_order, private.telegram_notice_queued(),
                      private.issue_tracking_token(new_order.id);
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

-- What migra leaves out: privileges and comments ----------------------------------------------------

revoke all on private.order_tracking_tokens from public, anon, authenticated, service_role;
revoke all on private.public_requests from public, anon, authenticated, service_role;
revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;

revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) to service_role;
revoke execute on function private.issue_tracking_token(uuid) from public;
revoke execute on function private.tracked_order_id(text) from public;
grant execute on function private.tracked_order_id(text) to service_role;
revoke execute on function private.order_status_words(public.order_status) from public;
revoke execute on function private.confirm_order_by_customer(uuid) from public;
grant execute on function private.confirm_order_by_customer(uuid) to service_role;
revoke execute on function private.cancel_order_by_customer(uuid) from public;
grant execute on function private.cancel_order_by_customer(uuid) to service_role;
revoke execute on function private.note_public_request(private.public_route, text) from public;
grant execute on function private.note_public_request(private.public_route, text) to service_role;

comment on type public.order_confirmation is 'Whether the customer confirmed the order before dispatch: not yet, on the order''s page, or on a call from the shop or an admin.';
comment on table private.order_tracking_tokens is 'The sha256 of each token that opens an order''s page (APP_URL/o/<token>); the tokens themselves are never stored.';
comment on column public.orders.confirmation is 'Whether the customer confirmed before dispatch: unconfirmed, confirmed_by_customer (on the order''s page) or confirmed_by_phone (on a call).';
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';
comment on function private.issue_tracking_token is 'Checkout: stores the hash of a new token of the order''s page and returns the token, once.';
comment on function private.tracked_order_id is 'The order whose page a token opens; null for an unknown token.';
comment on function private.confirm_order_by_customer is 'The order''s page: the customer confirms an order not yet on its way (once; again changes nothing).';
comment on function private.cancel_order_by_customer is 'The order''s page: the customer cancels an order that is new or ready for pickup (customer_cancelled); later, 55000.';
comment on type private.public_route is 'A public route with a rate limit per address: short_link (GET /r/*) or order_page (the customer''s order page).';
comment on table private.public_requests is 'Requests of GET /r/* and of the order pages per address (salted hash) and minute, for their rate limits; rows older than a few minutes are deleted.';
comment on function private.note_public_request is 'Rate limit of the public routes (short_link: GET /r/*; order_page: the customer''s order page): at most 60 requests per address a minute on each (P0429 past that, the retry delay in seconds as the hint).';
