-- Customers follow their order on Telegram (issue 28, item 3): private.order_followers (a chat per
-- order, in the page's language), the single-use tokens of the order page's t.me link, an outbox
-- that also sends to followers, and the trigger that queues each status change for them.
-- Written by npm run db:diff from supabase/schemas/, then completed by hand (grants, comments).
-- Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";


  create table "private"."order_follow_tokens" (
    "token_hash" bytea not null,
    "order_id" uuid not null,
    "language" telegram_language not null,
    "expires_at" timestamp with time zone not null default (now() + '00:15:00'::interval)
      );


alter table "private"."order_follow_tokens" enable row level security;


  create table "private"."order_followers" (
    "id" bigint generated always as identity not null,
    "order_id" uuid not null,
    "chat_id" bigint not null,
    "language" telegram_language not null,
    "followed_at" timestamp with time zone not null default now()
      );


alter table "private"."order_followers" enable row level security;

alter table "private"."telegram_outbox" add column "order_follower_id" bigint;

alter table "private"."telegram_outbox" alter column "telegram_chat_id" drop not null;

CREATE INDEX order_follow_tokens_order_id_idx ON private.order_follow_tokens USING btree (order_id);

CREATE UNIQUE INDEX order_follow_tokens_pkey ON private.order_follow_tokens USING btree (token_hash);

CREATE INDEX order_followers_chat_id_idx ON private.order_followers USING btree (chat_id);

CREATE UNIQUE INDEX order_followers_order_chat_key ON private.order_followers USING btree (order_id, chat_id);

CREATE UNIQUE INDEX order_followers_pkey ON private.order_followers USING btree (id);

CREATE INDEX telegram_outbox_order_follower_id_idx ON private.telegram_outbox USING btree (order_follower_id);

alter table "private"."order_follow_tokens" add constraint "order_follow_tokens_pkey" PRIMARY KEY using index "order_follow_tokens_pkey";

alter table "private"."order_followers" add constraint "order_followers_pkey" PRIMARY KEY using index "order_followers_pkey";

alter table "private"."order_follow_tokens" add constraint "order_follow_tokens_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "private"."order_follow_tokens" validate constraint "order_follow_tokens_order_id_fkey";

alter table "private"."order_followers" add constraint "order_followers_order_chat_key" UNIQUE using index "order_followers_order_chat_key";

alter table "private"."order_followers" add constraint "order_followers_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "private"."order_followers" validate constraint "order_followers_order_id_fkey";

alter table "private"."telegram_outbox" add constraint "telegram_outbox_one_recipient" CHECK ((num_nonnulls(telegram_chat_id, order_follower_id) = 1)) not valid;

alter table "private"."telegram_outbox" validate constraint "telegram_outbox_one_recipient";

alter table "private"."telegram_outbox" add constraint "telegram_outbox_order_follower_id_fkey" FOREIGN KEY (order_follower_id) REFERENCES private.order_followers(id) ON DELETE CASCADE not valid;

alter table "private"."telegram_outbox" validate constraint "telegram_outbox_order_follower_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.follow_order_in_telegram(p_token text, p_chat_id bigint)
 RETURNS TABLE(order_number text, status order_status, language telegram_language)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  spent private.order_follow_tokens;
begin
  delete from private.order_follow_tokens
  where token_hash = extensions.digest(p_token, 'sha256') and expires_at >= now()
  returning * into spent;
  if spent.order_id is null then
    return;
  end if;
  insert into private.order_followers (order_id, chat_id, language)
  values (spent.order_id, p_chat_id, spent.language)
  on conflict on constraint order_followers_order_chat_key do update set language = excluded.language;
  return query select o.order_number, o.status, spent.language from public.orders o where o.id = spent.order_id;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.new_order_follow_token(p_order_id uuid, p_language telegram_language)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := private.random_token(24);
begin
  delete from private.order_follow_tokens where expires_at < now();
  insert into private.order_follow_tokens (token_hash, order_id, language)
  values (extensions.digest(token, 'sha256'), p_order_id, p_language);
  return token;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_order_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (order_follower_id, kind, payload)
  select f.id, 'order_status', jsonb_build_object(
    'order_number', new.order_number,
    'product_name', new.product_name,
    'status', new.status,
    'cancellation_reason', new.cancellation_reason)
  from private.order_followers f
  where f.order_id = new.id;
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.claim_telegram_outbox(p_limit integer)
 RETURNS TABLE(id bigint, kind telegram_notice_kind, payload jsonb, attempts integer, chat_id bigint, language telegram_language)
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with due as (
    select o.id from private.telegram_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
    order by o.next_attempt_at, o.id
    limit p_limit
    for update skip locked
  ), claimed as (
    update private.telegram_outbox o
    set next_attempt_at = now() + interval '1 minute', attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.kind, o.payload, o.attempts, o.telegram_chat_id, o.order_follower_id
  )
  select claimed.id, claimed.kind, claimed.payload, claimed.attempts,
         coalesce(c.chat_id, f.chat_id), coalesce(c.language, f.language)
  from claimed
  left join public.telegram_chats c on c.id = claimed.telegram_chat_id
  left join private.order_followers f on f.id = claimed.order_follower_id
  order by claimed.id
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


CREATE TRIGGER orders_queue_telegram_status AFTER UPDATE OF status ON public.orders FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.queue_telegram_order_status();

-- What db:diff does not write: grants on functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.order_followers from public, anon, authenticated;
revoke all on private.order_follow_tokens from public, anon, authenticated;
-- All of them, as the schema file says: on PostgreSQL 17 that includes MAINTAIN, which migra's
-- list of privileges (written on 15) leaves out.
grant all on private.order_followers, private.order_follow_tokens to service_role;
revoke execute on function private.new_order_follow_token(uuid, public.telegram_language) from public;
grant execute on function private.new_order_follow_token(uuid, public.telegram_language) to service_role;
revoke execute on function private.follow_order_in_telegram(text, bigint) from public;
grant execute on function private.follow_order_in_telegram(text, bigint) to service_role;
revoke execute on function private.queue_telegram_order_status() from public;
grant execute on function private.telegram_notice_queued() to authenticated, service_role;

comment on table private.order_followers is 'Customers'' Telegram chats that follow an order (no account): its status changes are sent there.';
comment on table private.order_follow_tokens is 'Hashes of the single-use tokens of an order page''s Get updates on Telegram link, valid for fifteen minutes.';
comment on function private.new_order_follow_token is 'A single-use token (fifteen minutes) that makes a Telegram chat follow the order, in the given language.';
comment on function private.follow_order_in_telegram is 'Spends an order''s follow token: the chat follows the order; answers its number, status and the chat''s language (no row for a bad token).';
comment on function private.queue_telegram_order_status is 'Trigger: queues a notice of the order''s new status for each Telegram chat that follows it.';
