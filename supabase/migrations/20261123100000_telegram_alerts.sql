-- Telegram alerts: the chats a business or an admin linked to the bot, the single-use tokens of
-- the t.me/<bot>?start=<token> link that links them, and an outbox of notices to send. The outbox
-- is filled by triggers in the same transaction as the event (a new order, a completed payout, a
-- sign-up), so the event never waits for Telegram and no notice is lost when Telegram is away;
-- the functions drain it after answering, and a scheduled call drains whatever is left.

create type public.telegram_notice_kind as enum ('new_order', 'payout_completed', 'new_signup');

-- linked chats -------------------------------------------------------------------------------------

create table public.telegram_chats (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  -- Telegram's chat id: private chats are positive, groups negative, up to 52 bits.
  chat_id bigint not null,
  -- What the owner sees in the list: the Telegram name or group title at linking time.
  title text not null check (char_length(title) between 1 and 128),
  -- The language of the notices: the app's language when the link was made (en or km).
  language text not null default 'en' check (language in ('en', 'km')),
  notify_new_orders boolean not null default true,
  notify_payouts boolean not null default true,
  notify_signups boolean not null default true,
  linked_at timestamptz not null default now(),
  constraint telegram_chats_user_chat_key unique (user_id, chat_id)
);
comment on table public.telegram_chats is 'A Telegram chat a business or admin linked to the bot, with the notices it wants.';
-- The drain unlinks a chat that blocked the bot by Telegram's chat id.
create index telegram_chats_chat_id_idx on public.telegram_chats (chat_id);

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

-- link tokens ----------------------------------------------------------------------------------------

-- Only the SHA-256 of a token is kept: a leaked row cannot be turned into a link.
create table private.telegram_link_tokens (
  token_hash bytea primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  language text not null check (language in ('en', 'km')),
  expires_at timestamptz not null default now() + interval '15 minutes'
);
comment on table private.telegram_link_tokens is 'Hashes of the single-use tokens of Link Telegram, valid for fifteen minutes.';
alter table private.telegram_link_tokens enable row level security;
revoke all on private.telegram_link_tokens from public, anon, authenticated;
grant all on private.telegram_link_tokens to service_role;
create index telegram_link_tokens_user_id_idx on private.telegram_link_tokens (user_id);

-- A token for t.me/<bot>?start=<token>: 32 characters of [A-Za-z0-9_-] (Telegram allows 64).
create function private.new_telegram_link_token(p_user_id uuid, p_language text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
begin
  -- Expired tokens of anyone are cleared on the way: the table stays small.
  delete from private.telegram_link_tokens where expires_at < now();
  insert into private.telegram_link_tokens (token_hash, user_id, language)
  values (extensions.digest(token, 'sha256'), p_user_id, p_language);
  return token;
end;
$$;
revoke execute on function private.new_telegram_link_token(uuid, text) from public;
grant execute on function private.new_telegram_link_token(uuid, text) to service_role;

-- Spends a token and links the chat to its user (again: a second link of the same chat renames it
-- and takes the new language). Null when the token is unknown, spent or expired.
create function private.link_telegram_chat(p_token text, p_chat_id bigint, p_title text)
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
revoke execute on function private.link_telegram_chat(text, bigint, text) from public;
grant execute on function private.link_telegram_chat(text, bigint, text) to service_role;

-- outbox -----------------------------------------------------------------------------------------------

create table private.telegram_outbox (
  id bigint generated always as identity primary key,
  telegram_chat_id uuid not null references public.telegram_chats (id) on delete cascade,
  kind public.telegram_notice_kind not null,
  -- The facts the message is written from (never a customer's phone): see the triggers below.
  payload jsonb not null,
  attempts integer not null default 0,
  -- When it may be tried next: now, after Telegram's retry_after, after a backoff, or after the
  -- lease of a drain that is sending it right now.
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
comment on table private.telegram_outbox is 'Telegram notices waiting to be sent, written in the transaction of their event.';
alter table private.telegram_outbox enable row level security;
revoke all on private.telegram_outbox from public, anon, authenticated;
grant all on private.telegram_outbox to service_role;
create index telegram_outbox_due_idx on private.telegram_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index telegram_outbox_telegram_chat_id_idx on private.telegram_outbox (telegram_chat_id);

-- A new order: the shop's chats and every admin's, those that want new orders.
create function private.queue_telegram_new_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_order', jsonb_build_object(
    'order_number', new.order_number,
    'product_name', new.product_name,
    'quantity', new.quantity,
    'total_cents', new.total_cents,
    'district', new.delivery_district,
    'commune', new.delivery_commune)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.notify_new_orders
    and (c.user_id = new.business_id or (u.user_type = 'admin' and u.status = 'approved'));
  return null;
end;
$$;
revoke execute on function private.queue_telegram_new_order() from public;
create trigger orders_queue_telegram after insert on public.orders
  for each row execute function private.queue_telegram_new_order();

-- A completed payout: the payee's chats.
create function private.queue_telegram_payout_completed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'payout_completed', jsonb_build_object(
    'amount_cents', new.amount_cents,
    'aba_reference', new.aba_reference)
  from public.telegram_chats c
  where c.user_id = new.user_id and c.notify_payouts;
  return null;
end;
$$;
revoke execute on function private.queue_telegram_payout_completed() from public;
create trigger payout_requests_queue_telegram after update of status on public.payout_requests
  for each row when (old.status = 'pending' and new.status = 'completed')
  execute function private.queue_telegram_payout_completed();

-- A sign-up: every admin's chats that want sign-ups.
create function private.queue_telegram_new_signup() returns trigger
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
revoke execute on function private.queue_telegram_new_signup() from public;
create trigger users_queue_telegram after insert on public.users
  for each row when (new.user_type <> 'admin')
  execute function private.queue_telegram_new_signup();

-- The drain takes due notices under a one-minute lease (a drain that dies mid-send leaves them
-- to the next one); two drains at once never take the same notice.
create function private.claim_telegram_outbox(p_limit integer)
returns table (id bigint, kind public.telegram_notice_kind, payload jsonb, attempts integer,
               chat_id bigint, language text)
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
    returning o.id, o.kind, o.payload, o.attempts, o.telegram_chat_id
  )
  select claimed.id, claimed.kind, claimed.payload, claimed.attempts, c.chat_id, c.language
  from claimed join public.telegram_chats c on c.id = claimed.telegram_chat_id
  order by claimed.id
$$;
revoke execute on function private.claim_telegram_outbox(integer) from public;
grant execute on function private.claim_telegram_outbox(integer) to service_role;
