-- Telegram alerts: the chats a business, an influencer or an admin linked to the bot, the single-use tokens of
-- the t.me/<bot>?start=<token> link that links them, and an outbox of notices to send. The outbox
-- is filled by triggers in the same transaction as the event (a new order, a completed payout, a
-- sign-up), so the event never waits for Telegram and no notice is lost when Telegram is away;
-- the functions drain it after answering, and a scheduled call (below) drains whatever is left.
--
-- Customers follow their own order the same way, without an account: "Get updates on Telegram" on
-- the order's page gives a t.me link whose token ties the chat to that order, and each status
-- change is sent there in the page's language (private.order_followers).
--
-- Notices never carry a customer's phone. Owners read, switch and unlink their own chats; the chat
-- and its owner are set by the webhook only (service role). Tokens, followers and the outbox live
-- in the private schema, for the service role alone.

-- types -------------------------------------------------------------------------------------------

create type public.telegram_notice_kind as enum (
  'new_order', 'payout_completed', 'new_signup', 'order_status', 'order_outcome', 'cash_remitted',
  'courier_cash_reminder', 'connection_refused'
);
comment on type public.telegram_notice_kind is 'What a Telegram chat is told: a new order (shops, admins, the order''s influencer), a completed payout (the payee), a sign-up (admins), an order''s new status (a customer following it), an order delivered or refused (its influencer), its cash handed over by the courier (its influencer), the daily reminder of couriers holding cash (admins), and an Instagram or Facebook connection Meta no longer accepts (its influencer).';
create type public.telegram_language as enum ('en', 'km');
comment on type public.telegram_language is 'The language a chat''s notices are written in: the app''s language when the chat was linked.';

-- tables ------------------------------------------------------------------------------------------

create table public.telegram_chats (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint telegram_chats_user_id_fkey references public.users (id) on delete cascade,
  -- Telegram's chat id: private chats are positive, groups negative, up to 52 bits.
  chat_id bigint not null,
  -- What the owner sees in the list: the Telegram name or group title at linking time.
  title text not null constraint telegram_chats_title_check check (char_length(title) between 1 and 128),
  -- The language of the notices: the app's language when the link was made (en or km).
  language public.telegram_language not null default 'en',
  notify_new_orders boolean not null default true,
  notify_payouts boolean not null default true,
  notify_signups boolean not null default true,
  linked_at timestamptz not null default now(),
  constraint telegram_chats_user_chat_key unique (user_id, chat_id)
);

-- Only the SHA-256 of a token is kept: a leaked row cannot be turned into a link.
create table private.telegram_link_tokens (
  token_hash bytea primary key,
  user_id uuid not null constraint telegram_link_tokens_user_id_fkey references public.users (id) on delete cascade,
  language public.telegram_language not null,
  expires_at timestamptz not null default now() + interval '15 minutes'
);

-- A customer's chat that follows one order (no account): the status changes of that order are sent
-- there, in the language of the page the link was taken from.
create table private.order_followers (
  id bigint generated always as identity primary key,
  order_id uuid not null constraint order_followers_order_id_fkey references public.orders (id),
  chat_id bigint not null,
  language public.telegram_language not null,
  followed_at timestamptz not null default now(),
  constraint order_followers_order_chat_key unique (order_id, chat_id)
);

-- The single-use tokens of an order page's "Get updates on Telegram" link: only their SHA-256.
create table private.order_follow_tokens (
  token_hash bytea primary key,
  order_id uuid not null constraint order_follow_tokens_order_id_fkey references public.orders (id),
  language public.telegram_language not null,
  expires_at timestamptz not null default now() + interval '15 minutes'
);

create table private.telegram_outbox (
  id bigint generated always as identity primary key,
  -- Where it goes: an account's chat, or a customer's chat following an order.
  telegram_chat_id uuid constraint telegram_outbox_telegram_chat_id_fkey references public.telegram_chats (id) on delete cascade,
  order_follower_id bigint
    constraint telegram_outbox_order_follower_id_fkey references private.order_followers (id) on delete cascade,
  kind public.telegram_notice_kind not null,
  -- The facts the message is written from (never a customer's phone): see the trigger functions below.
  payload jsonb not null,
  attempts integer not null default 0,
  -- When it may be tried next: now, after Telegram's retry_after, after a backoff, or after the
  -- lease of a drain that is sending it right now.
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  constraint telegram_outbox_one_recipient check (num_nonnulls(telegram_chat_id, order_follower_id) = 1)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.telegram_chats is 'A Telegram chat a business or admin linked to the bot, with the notices it wants.';
comment on table private.telegram_link_tokens is 'Hashes of the single-use tokens of Link Telegram, valid for fifteen minutes.';
comment on table private.telegram_outbox is 'Telegram notices waiting to be sent, written in the transaction of their event.';
comment on table private.order_followers is 'Customers'' Telegram chats that follow an order (no account): its status changes are sent there.';
comment on table private.order_follow_tokens is 'Hashes of the single-use tokens of an order page''s Get updates on Telegram link, valid for fifteen minutes.';

-- indexes -----------------------------------------------------------------------------------------

-- The drain unlinks a chat that blocked the bot by Telegram's chat id.
create index telegram_chats_chat_id_idx on public.telegram_chats (chat_id);
create index telegram_link_tokens_user_id_idx on private.telegram_link_tokens (user_id);
create index telegram_outbox_due_idx on private.telegram_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index telegram_outbox_telegram_chat_id_idx on private.telegram_outbox (telegram_chat_id);
create index telegram_outbox_order_follower_id_idx on private.telegram_outbox (order_follower_id);
-- The drain forgets a chat that blocked the bot by Telegram's chat id.
create index order_followers_chat_id_idx on private.order_followers (chat_id);
create index order_follow_tokens_order_id_idx on private.order_follow_tokens (order_id);

-- row level security, grants and policies ---------------------------------------------------------

alter table public.telegram_chats enable row level security;
revoke all on public.telegram_chats from anon, authenticated;
grant select, delete on public.telegram_chats to authenticated;
-- Owners switch notices and the language; the chat and its owner are set by the webhook only.
grant update (language, notify_new_orders, notify_payouts, notify_signups) on public.telegram_chats to authenticated;
grant all on public.telegram_chats to service_role;

create policy "Users can read their own Telegram chats" on public.telegram_chats
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can update their own Telegram chats" on public.telegram_chats
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users can unlink their own Telegram chats" on public.telegram_chats
  for delete to authenticated using (user_id = (select auth.uid()));

alter table private.telegram_link_tokens enable row level security;
revoke all on private.telegram_link_tokens from public, anon, authenticated;
grant all on private.telegram_link_tokens to service_role;

alter table private.order_followers enable row level security;
revoke all on private.order_followers from public, anon, authenticated;
grant all on private.order_followers to service_role;

alter table private.order_follow_tokens enable row level security;
revoke all on private.order_follow_tokens from public, anon, authenticated;
grant all on private.order_follow_tokens to service_role;

alter table private.telegram_outbox enable row level security;
revoke all on private.telegram_outbox from public, anon, authenticated;
grant all on private.telegram_outbox to service_role;

-- functions ---------------------------------------------------------------------------------------

-- A token for t.me/<bot>?start=<token>: 32 characters of [A-Za-z0-9_-] (Telegram allows 64).
create or replace function private.new_telegram_link_token(p_user_id uuid, p_language public.telegram_language) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := private.random_token(24);
begin
  -- Expired tokens of anyone are cleared on the way: the table stays small.
  delete from private.telegram_link_tokens where expires_at < now();
  insert into private.telegram_link_tokens (token_hash, user_id, language)
  values (extensions.digest(token, 'sha256'), p_user_id, p_language);
  return token;
end;
$$;

-- Spends a token and links the chat to its user (again: a second link of the same chat renames it
-- and takes the new language). Null when the token is unknown, spent or expired.
create or replace function private.link_telegram_chat(p_token text, p_chat_id bigint, p_title text)
returns public.telegram_chats
language plpgsql volatile security definer set search_path = ''
as $$
declare
  spent private.telegram_link_tokens;
  linked public.telegram_chats;
begin
  delete from private.telegram_link_tokens
  where token_hash = extensions.digest(p_token, 'sha256') and expires_at >= now()
  returning * into spent;
  if spent.user_id is null then
    return null;
  end if;
  insert into public.telegram_chats (user_id, chat_id, title, language)
  values (spent.user_id, p_chat_id, left(coalesce(nullif(btrim(p_title), ''), 'Telegram'), 128), spent.language)
  on conflict (user_id, chat_id) do update set title = excluded.title, language = excluded.language
  returning * into linked;
  return linked;
end;
$$;

-- A token for the order page's t.me/<bot>?start=<token> link: 32 characters, as an account's.
create or replace function private.new_order_follow_token(p_order_id uuid, p_language public.telegram_language)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := private.random_token(24);
begin
  delete from private.order_follow_tokens where expires_at < now();
  insert into private.order_follow_tokens (token_hash, order_id, language)
  values (extensions.digest(token, 'sha256'), p_order_id, p_language);
  return token;
end;
$$;
comment on function private.new_order_follow_token is 'A single-use token (fifteen minutes) that makes a Telegram chat follow the order, in the given language.';

-- Spends an order's follow token: the chat follows the order (again: takes the new language).
-- Answers the order's number and status and the chat's language; no row when the token is
-- unknown, spent or expired.
create or replace function private.follow_order_in_telegram(p_token text, p_chat_id bigint)
returns table (order_number text, status public.order_status, language public.telegram_language)
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function private.follow_order_in_telegram is 'Spends an order''s follow token: the chat follows the order; answers its number, status and the chat''s language (no row for a bad token).';

-- An order's status changed (trigger orders_queue_telegram_status, below; 05_orders.sql changes
-- statuses): each chat that follows it, in its language. The product and the status only.
create or replace function private.queue_telegram_order_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.queue_telegram_order_status is 'Trigger: queues a notice of the order''s new status for each Telegram chat that follows it.';

-- A new order, once its recipient and address are recorded (trigger order_contacts_queue_telegram,
-- below; orders are placed by private.place_order in 05_orders.sql, which writes the order, then
-- its contact): the chats that want new orders of the shop, of every admin and of the influencer
-- whose link sold it. The place goes in both scripts, for the chat's language; the customer's
-- phone never does, and the influencer's notice has the commission instead of the recipient.
create or replace function private.queue_telegram_new_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;

-- An order delivered, or refused or unreachable at the door (trigger orders_queue_telegram_outcome,
-- below): the chats of the influencer whose link sold it, with its commission.
create or replace function private.queue_telegram_order_outcome() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.queue_telegram_order_outcome is 'Trigger: tells the order''s influencer that it was delivered, or refused or unreachable at the door, with the commission.';

-- A courier handed over all the cash of a delivered order (trigger order_cash_queue_telegram,
-- below; 06_remittances.sql): the influencer's chats that want money notices, with the commission
-- and when the holding period releases it.
create or replace function private.queue_telegram_cash_remitted() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.queue_telegram_cash_remitted is 'Trigger: tells the order''s influencer that the courier handed over its cash, with the commission and the day it is released.';

-- Meta refused an influencer's Instagram or Facebook token (token_refused_at set, trigger
-- instagram_accounts_queue_telegram and facebook_pages_queue_telegram below;
-- 08_keyword_automation.sql): their keyword replies fail until they connect again, and they may
-- not open the dashboard for days. Every chat of theirs is told, once per refused token, whatever
-- notices it switched off: it is about the account itself, not a kind of news.
create or replace function private.queue_telegram_connection_refused() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  instagram constant boolean := tg_table_name = 'instagram_accounts';
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'connection_refused', jsonb_build_object(
    'platform', case when instagram then 'instagram' else 'facebook' end,
    -- The row is one of two tables: its name is read by key, not as a column of either.
    'name', case when instagram then '@' || (to_jsonb(new) ->> 'username') else to_jsonb(new) ->> 'page_name' end)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.user_id = new.influencer_id and u.status = 'approved';
  return null;
end;
$$;
comment on function private.queue_telegram_connection_refused is 'Trigger: tells the influencer that Instagram or Facebook no longer accepts their connection, so that they connect again.';

-- The daily reminder (the job remind-couriers-cash, 12_scheduled_jobs.sql): the couriers holding
-- a delivery's cash for longer than courier_remit_days, each with the cash it holds, how many
-- orders and the oldest delivery's age, to every admin chat that wants order notices. Nothing when
-- no courier is late. Answers how many notices it queued.
create or replace function private.remind_couriers_cash() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function private.remind_couriers_cash is 'The daily job: queues, for each admin chat, the couriers holding a delivery''s cash longer than courier_remit_days.';

-- A completed payout (trigger payout_requests_queue_telegram, below; payouts are completed by
-- public.complete_payouts in 06_ledger_and_payouts.sql): the payee's chats.
create or replace function private.queue_telegram_payout_completed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'payout_completed', jsonb_build_object(
    'amount_cents', new.amount_cents,
    'aba_reference', new.aba_reference)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.user_id = new.user_id and c.notify_payouts and u.status = 'approved';
  return null;
end;
$$;

-- A sign-up (trigger users_queue_telegram, below; accounts are made by private.register_user in
-- 01_accounts.sql): every admin's chats that want sign-ups.
create or replace function private.queue_telegram_new_signup() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_signup', jsonb_build_object(
    'user_type', new.user_type,
    'name', coalesce(new.business_name, new.full_name),
    'email', new.email)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.notify_signups and u.user_type = 'admin' and u.status = 'approved';
  return null;
end;
$$;

-- Trigger (after insert, per statement): marks the transaction as one that queued a notice, so
-- the api function drains the outbox after the requests that did and no others
-- (private.telegram_notice_queued; the checkout answers it from private.place_order_once).
create or replace function private.note_telegram_notice_queued() returns trigger
language plpgsql set search_path = ''
as $$
begin
  perform set_config('telegram.notice_queued', 'on', true);
  return null;
end;
$$;
comment on function private.note_telegram_notice_queued is 'Trigger: marks the transaction as one that queued a Telegram notice.';

create or replace function private.telegram_notice_queued() returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(current_setting('telegram.notice_queued', true), '') = 'on';
end
$$;
comment on function private.telegram_notice_queued is 'Whether this transaction queued a Telegram notice.';

-- The drain takes due notices under a one-minute lease (a drain that dies mid-send leaves them
-- to the next one); two drains at once never take the same notice.
create or replace function private.claim_telegram_outbox(p_limit integer)
returns table (id bigint, kind public.telegram_notice_kind, payload jsonb, attempts integer,
               chat_id bigint, language public.telegram_language)
language sql volatile security definer set search_path = ''
as $$
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
$$;

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.new_telegram_link_token(uuid, public.telegram_language) from public;
grant execute on function private.new_telegram_link_token(uuid, public.telegram_language) to service_role;
revoke execute on function private.link_telegram_chat(text, bigint, text) from public;
grant execute on function private.link_telegram_chat(text, bigint, text) to service_role;
revoke execute on function private.new_order_follow_token(uuid, public.telegram_language) from public;
grant execute on function private.new_order_follow_token(uuid, public.telegram_language) to service_role;
revoke execute on function private.follow_order_in_telegram(text, bigint) from public;
grant execute on function private.follow_order_in_telegram(text, bigint) to service_role;
revoke execute on function private.queue_telegram_order_status() from public;
revoke execute on function private.queue_telegram_new_order() from public;
revoke execute on function private.queue_telegram_payout_completed() from public;
revoke execute on function private.queue_telegram_new_signup() from public;
revoke execute on function private.queue_telegram_order_outcome() from public;
revoke execute on function private.queue_telegram_cash_remitted() from public;
revoke execute on function private.queue_telegram_connection_refused() from public;
revoke execute on function private.remind_couriers_cash() from public;
revoke execute on function private.claim_telegram_outbox(integer) from public;
revoke execute on function private.note_telegram_notice_queued() from public;
revoke execute on function private.telegram_notice_queued() from public;
-- The api function asks it in the transaction of an order's status change (a follower's notice).
grant execute on function private.telegram_notice_queued() to authenticated, service_role;
grant execute on function private.claim_telegram_outbox(integer) to service_role;

-- triggers ----------------------------------------------------------------------------------------
-- On the tables of other areas: public.orders (05_orders.sql), public.payout_requests
-- (06_ledger_and_payouts.sql), public.users (01_accounts.sql), and public.instagram_accounts and
-- public.facebook_pages (08_keyword_automation.sql).

create trigger order_contacts_queue_telegram after insert on private.order_contacts
  for each row execute function private.queue_telegram_new_order();
create trigger payout_requests_queue_telegram after update of status on public.payout_requests
  for each row when (old.status = 'pending' and new.status = 'completed')
  execute function private.queue_telegram_payout_completed();
-- Admins are made by the operator (private.create_admin), not signed up: no notice.
create trigger users_queue_telegram after insert on public.users
  for each row when (new.user_type <> 'admin')
  execute function private.queue_telegram_new_signup();
create trigger orders_queue_telegram_status after update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function private.queue_telegram_order_status();
create trigger orders_queue_telegram_outcome after update of status on public.orders
  for each row when (old.status is distinct from new.status and (new.status = 'delivered'
    or new.cancellation_reason in ('customer_refused', 'customer_unreachable')))
  execute function private.queue_telegram_order_outcome();
create trigger order_cash_queue_telegram after update of remitted_cents on public.order_cash
  for each row when (old.remitted_cents < old.due_cents and new.remitted_cents >= new.due_cents and new.due_cents > 0)
  execute function private.queue_telegram_cash_remitted();
create trigger instagram_accounts_queue_telegram after update of token_refused_at on public.instagram_accounts
  for each row when (old.token_refused_at is null and new.token_refused_at is not null)
  execute function private.queue_telegram_connection_refused();
create trigger facebook_pages_queue_telegram after update of token_refused_at on public.facebook_pages
  for each row when (old.token_refused_at is null and new.token_refused_at is not null)
  execute function private.queue_telegram_connection_refused();
create trigger telegram_outbox_note_queued after insert on private.telegram_outbox
  for each statement execute function private.note_telegram_notice_queued();

-- scheduled jobs ----------------------------------------------------------------------------------
-- pg_cron runs the command in the database; pg_net sends the HTTP request after the command's
-- transaction commits, with an explicit timeout. Both extensions are created (where available) in
-- 08_keyword_automation.sql, the first file that schedules a job; the local stack has stand-ins of cron,
-- net and vault (local-stack/bootstrap.sql) and local-stack/scheduler.ts runs the jobs. Where and
-- with what key comes from Vault, set once per project (README, deploy steps): project_url, and
-- secret_key, a secret API key (sb_secret_...) sent ONLY as the `apikey` header: it is not a JWT,
-- so as `Authorization: Bearer` the gateway would refuse it ("Invalid JWT"). Until the two secrets
-- exist a run has no URL and sends nothing. cron.schedule(name, ...) replaces a job of the same
-- name, so scheduling the name again changes it.

-- Every minute: sends what is due (Telegram said "retry later", a worker stopped mid-send). A
-- run sends what is due now and returns; 15 s is far more than it takes and less than the minute.
select cron.schedule(
  'drain-telegram-outbox',
  '* * * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/telegram-webhook/drain',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
    ),
    timeout_milliseconds := 15000
  ) as request_id;
  $job$
);
