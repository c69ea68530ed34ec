-- Accounts: one public.users row per account (profile, type, approval status), credentials and
-- sign-in and sign-up attempts in the private schema no client role can read, and the security
-- definer functions the api function calls for registration, sign-in and admin decisions. This
-- file also holds the private schema and the small helpers every later file uses (URL checks,
-- Cambodia's date, the KHQR checks, touch_updated_at, has_role), so it applies first.
--
-- Hosted Supabase serves the public schema through PostgREST to the very tokens the api function
-- issues, so every rule the API applies to a column a client may write is also a constraint here
-- (lengths, http(s)-only URLs, shop names, phones, a KHQR's frame, checksum and fields): a direct
-- write cannot store what the API would refuse.
--
-- A business names its shop at signup (or later in its profile): users.business_name, trimmed,
-- 1-100 characters, businesses only. Rejecting an account needs a reason of 1-500 characters,
-- which the rejected person reads: users.rejection_reason, readable only by the account itself
-- and admins. Approving stores no reason.
--
-- A user may save the KHQR of their bank app's "Receive" code; payouts are paid to it. The api
-- function checks it in full (contract/khqr.ts, checkKhqr); the database refuses, whoever writes,
-- anything without the KHQR frame and a matching CRC-16/CCITT-FALSE checksum, and any code whose
-- top-level tags repeat or that carries both account tags: a code whose tags repeat (two `54`
-- amounts, two `53` currencies, two `29` accounts) would let a bank app that reads the last copy
-- pay a different amount or payee than the first.

create schema if not exists private;
comment on schema private is 'Helpers and secrets; never exposed through the API, no table granted to client roles.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- shared helpers ----------------------------------------------------------------------------------
-- Constraints evaluate their functions as the writer, so the roles that write need EXECUTE on the
-- ones that checks call (is_http_url, are_http_urls, khqr_crc, khqr_fields_once).

-- An http(s) URL of at most p_max_length characters without control characters: never
-- javascript:, data: or any other scheme a browser would run or render as a page.
create or replace function private.is_http_url(p_url text, p_max_length integer) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url ~* '^https?:' and length(p_url) <= p_max_length and p_url !~ '[[:cntrl:]]'
$$;

create or replace function private.are_http_urls(p_urls text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(private.is_http_url(url, 2000)), true) from unnest(p_urls) as url
$$;

-- Campaign dates (03_campaigns_and_links.sql) are calendar days in Cambodia (Asia/Phnom_Penh),
-- both ends included. No SET clause, like private.campaign_closed_reason: one would stop inlining
-- and cost a settings save and restore on every call, three per checkout (about 8% of place_order
-- under pgbench). It reads no table, names what it calls by schema and is not security definer,
-- so the search path cannot make it do anything the caller could not.
create or replace function private.cambodia_today() returns date
language sql stable
as $$
  select (now() at time zone 'Asia/Phnom_Penh')::date
$$;

-- A secret for a link or a refresh token: p_bytes random bytes in base64url without padding, safe
-- in a URL as it is. Callers keep only its SHA-256. No SET clause, as above: it names what it
-- calls by schema and is not security definer.
create or replace function private.random_token(p_bytes integer) returns text
language sql volatile
as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(p_bytes), 'base64'), '+/', '-_'), '=')
$$;

-- KHQR checksum: CRC-16/CCITT-FALSE, as KHQR tag 63 carries it.
create or replace function private.khqr_crc(p_text text) returns text
language plpgsql immutable strict set search_path = ''
as $$
declare
  bytes bytea := convert_to(p_text, 'UTF8');
  crc integer := 65535;
begin
  -- CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, over the UTF-8 bytes.
  for i in 0 .. length(bytes) - 1 loop
    crc := crc # (get_byte(bytes, i) << 8);
    for bit in 1 .. 8 loop
      if crc & 32768 <> 0 then
        crc := ((crc << 1) # 4129) & 65535;
      else
        crc := (crc << 1) & 65535;
      end if;
    end loop;
  end loop;
  return upper(lpad(to_hex(crc), 4, '0'));
end
$$;

-- A KHQR says each thing once, the rule of contract/khqr.ts checkKhqr: well-formed top-level
-- tag-length-value fields, no tag twice, and not both account tags 29 (individual) and 30
-- (merchant).
create or replace function private.khqr_fields_once(p_text text) returns boolean
language plpgsql immutable strict set search_path = ''
as $$
declare
  total integer := char_length(p_text);
  at integer := 1;
  tag text;
  size text;
  tags text[] := '{}';
begin
  -- Lengths count characters, as contract/khqr.ts parseTlv does (a Khmer name in tag 64 is as
  -- long as its letters): substr and char_length count characters in a UTF-8 database.
  while at <= total loop
    tag := substr(p_text, at, 2);
    size := substr(p_text, at + 2, 2);
    if tag !~ '^[0-9]{2}$' or size !~ '^[0-9]{2}$' or size = '00'
       or at + 3 + size::integer > total then
      return false;
    end if;
    if tag = any (tags) then
      return false;
    end if;
    tags := tags || tag;
    at := at + 4 + size::integer;
  end loop;
  return not ('29' = any (tags) and '30' = any (tags));
end
$$;

-- The first top-level field of a tag in a TLV string, null when absent or the structure breaks
-- (read by private.account_identifiers, 10_audit.sql, for the self-dealing check).
create or replace function private.tlv_value(p_text text, p_tag text) returns text
language plpgsql immutable strict set search_path = ''
as $$
declare
  total integer := char_length(p_text);
  at integer := 1;
  size text;
begin
  while at + 3 <= total loop
    size := substr(p_text, at + 2, 2);
    if size !~ '^[0-9]{2}$' then
      return null;
    end if;
    if substr(p_text, at, 2) = p_tag then
      return substr(p_text, at + 4, size::integer);
    end if;
    at := at + 4 + size::integer;
  end loop;
  return null;
end
$$;

comment on function private.is_http_url is 'True for an http(s) URL within the length, as the API''s URL fields accept them.';
comment on function private.are_http_urls is 'True when every element is an http(s) URL of at most 2000 characters.';
comment on function private.random_token is 'p_bytes random bytes as base64url without padding: a token for a link or a session.';
comment on function private.cambodia_today is 'Today''s date in Phnom Penh, the calendar campaign dates are written in.';
comment on function private.khqr_crc is 'CRC-16/CCITT-FALSE of a text''s UTF-8 bytes, as KHQR tag 63 carries it (4 upper-case hex digits).';
comment on function private.khqr_fields_once is
  'True when a KHQR is well-formed top-level TLV carrying each tag once and at most one account tag (29 or 30); the rule of contract/khqr.ts checkKhqr.';
comment on function private.tlv_value is 'The value of the first top-level field with this tag in a KHQR-style tag-length-value string (lengths in characters), or null.';

revoke execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) from public;
grant execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) to authenticated, service_role;
revoke execute on function private.random_token(integer) from public;
revoke execute on function private.cambodia_today() from public;
grant execute on function private.cambodia_today() to service_role;
revoke execute on function private.khqr_crc(text) from public;
grant execute on function private.khqr_crc(text) to authenticated, service_role;
revoke execute on function private.khqr_fields_once(text) from public;
grant execute on function private.khqr_fields_once(text) to authenticated, service_role;
revoke execute on function private.tlv_value(text, text) from public;

-- types -------------------------------------------------------------------------------------------

create type public.user_type as enum ('business', 'influencer', 'admin');
create type public.account_status as enum ('pending_approval', 'approved', 'rejected', 'suspended');
create type public.social_platform as enum ('instagram', 'facebook');

-- tables ------------------------------------------------------------------------------------------

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  user_type public.user_type not null,
  status public.account_status not null default 'pending_approval',
  is_approved boolean not null generated always as (status = 'approved') stored,
  full_name text,
  business_name text,
  social_media_page text,
  platform public.social_platform,
  store_phone text,
  business_logo_url text,
  bank_name text,
  account_name text,
  account_number text,
  decided_at timestamptz,
  decided_by uuid constraint users_decided_by_fkey references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  khqr text,
  rejection_reason text,
  -- Why an admin suspended the account: the account reads it on every refusal. Null unless suspended.
  suspension_reason text,
  -- An influencer's own phone: an order from it is flagged self_order (05_orders.sql).
  phone text constraint users_phone_format check (phone ~ '^\+855[1-9][0-9]{7,8}$'),
  -- An influencer's storefront address, APP_URL/s/<store_handle> (03_storefronts.sql): lower-case
  -- so that one handle is never two stores by case alone.
  store_handle text constraint users_store_handle_format check (store_handle ~ '^[a-z0-9._]{3,30}$'),
  constraint users_logo_only_for_businesses check (business_logo_url is null or user_type = 'business'),
  -- The profile columns a user may update on their own row, limited as the API limits them.
  constraint users_bank_name_length check (bank_name is null or length(bank_name) <= 100),
  constraint users_account_name_length check (account_name is null or length(account_name) <= 120),
  constraint users_account_number_digits check (account_number is null or account_number ~ '^[0-9 ]{0,30}$'),
  constraint users_business_logo_url_http check (business_logo_url is null or private.is_http_url(business_logo_url, 500)),
  constraint users_khqr_checksum check (
    khqr is null or (
      length(khqr) <= 512
      and khqr like '000201%'
      and khqr ~ '6304[0-9A-F]{4}$'
      and private.khqr_crc(left(khqr, -4)) = right(khqr, 4))),
  constraint users_business_name_length check (
    business_name is null or (char_length(business_name) between 1 and 100 and business_name = btrim(business_name))
  ),
  constraint users_business_name_only_for_businesses check (business_name is null or user_type = 'business'),
  constraint users_store_handle_only_for_influencers check (store_handle is null or user_type = 'influencer'),
  constraint users_rejection_reason_length check (
    rejection_reason is null or char_length(btrim(rejection_reason)) between 1 and 500
  ),
  constraint users_rejection_reason_only_when_rejected check (rejection_reason is null or status = 'rejected'),
  constraint users_suspension_reason_length check (
    suspension_reason is null or char_length(btrim(suspension_reason)) between 1 and 500
  ),
  constraint users_suspension_reason_when_suspended check ((status = 'suspended') = (suspension_reason is not null)),
  constraint users_khqr_fields_once check (khqr is null or private.khqr_fields_once(khqr))
);

create table private.credentials (
  user_id uuid primary key constraint credentials_user_id_fkey references public.users (id) on delete cascade,
  password_hash text not null,
  updated_at timestamptz not null default now()
);

-- Sign-in attempts that failed (or are still being checked). They are counted per email and
-- address together, and per address: a guesser is stopped where it guesses, the owner still signs
-- in from their own address, and a password spray over many emails from one address is slowed and
-- then refused. Counting per email alone would let strangers lock anyone out, admins included.
create table private.login_failures (
  login_failure_id bigint generated always as identity primary key,
  email text not null,
  client_ip text not null,
  failed_at timestamptz not null default now()
);

create table private.signup_attempts (
  signup_attempt_id bigint generated always as identity primary key,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.users is 'Every account (business, influencer, admin) with its profile and approval status.';
comment on column public.users.khqr is 'The KHQR string of the user''s bank app "Receive" code, validated by the API; payouts are paid to it.';
comment on column public.users.rejection_reason is 'Why an admin rejected the account; shown to the account itself. Null unless rejected.';
comment on column public.users.suspension_reason is 'Why an admin suspended the account; shown to the account on every refusal. Null unless suspended.';
comment on column public.users.phone is 'An influencer''s own phone (+855...), optional: an order from it is flagged self_order.';
comment on constraint users_khqr_fields_once on public.users is
  'A saved KHQR carries each top-level tag once and one account (tag 29 or 30): one amount, one currency, one payee.';
comment on table private.credentials is 'bcrypt password hashes; readable only by the owner role through the functions below.';
comment on table private.login_failures is 'Sign-in attempts that failed (or are still being checked), counted per email and address and per address.';
comment on table private.signup_attempts is 'Sign-up attempts per address, counted to limit them (each costs a bcrypt hash and an approval card).';

-- indexes -----------------------------------------------------------------------------------------

create unique index users_email_key on public.users (lower(email));
create unique index users_store_handle_key on public.users (store_handle);
create index users_status_idx on public.users (status);
create index users_decided_by_idx on public.users (decided_by);
-- The admin's User Approvals list is read newest first by (created_at, id) in descending order,
-- a page at a time (keyset paging), so each page is one range scan of an index on exactly that
-- order; filtered by status on the server, it leads with status, which keeps that order inside
-- each status.
create index users_created_at_id_idx on public.users (created_at desc, id desc);
create index users_status_created_at_id_idx on public.users (status, created_at desc, id desc);

create index login_failures_pair_idx on private.login_failures (client_ip, lower(email), failed_at);
create index login_failures_ip_idx on private.login_failures (client_ip, failed_at);
create index login_failures_failed_at_idx on private.login_failures (failed_at);

create index signup_attempts_ip_idx on private.signup_attempts (client_ip, attempted_at);
create index signup_attempts_attempted_at_idx on private.signup_attempts (attempted_at);

-- row level security, grants and policies ---------------------------------------------------------

alter table public.users enable row level security;

-- Clients read and write only through policies; nobody inserts or deletes accounts directly
-- (registration goes through private.register_user), and the only columns a user can change on
-- their own row are the profile ones, never type, status, email or rejection reason.
revoke all on public.users from anon, authenticated;
grant select on public.users to authenticated;
grant update (business_logo_url, bank_name, account_name, account_number, khqr, business_name, phone, store_handle)
  on public.users to authenticated;
grant all on public.users to service_role;

alter table private.credentials enable row level security;
alter table private.login_failures enable row level security;
alter table private.signup_attempts enable row level security;

-- The one role helper of every policy and function: is the caller (auth.uid()) an approved
-- account of this type? Policies call it as `(select private.has_role('admin'))`, evaluated once
-- per statement. Written here, before the first policies that call it.
--
-- This function and the other small helpers that run on every request or order change are
-- PL/pgSQL, not SQL: PostgreSQL (before 18) never inlines a SQL function that is security definer
-- or has a SET clause, and plans its body again each time a statement calls it (46 µs for this
-- one, against 7 µs as PL/pgSQL, whose plans are kept): docs/architecture.md, "Small database
-- functions in PL/pgSQL".
create or replace function private.has_role(p_user_type public.user_type) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (
    select 1 from public.users
    where id = (select auth.uid()) and user_type = p_user_type and status = 'approved'
  );
end
$$;
comment on function private.has_role is 'True when the caller (auth.uid()) is an approved account of the given type; used by policies.';
revoke execute on function private.has_role(public.user_type) from public;
grant execute on function private.has_role(public.user_type) to authenticated, service_role;

create policy "Users can read their own account" on public.users
  for select to authenticated using (id = (select auth.uid()));

create policy "Admins can read every account" on public.users
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can update their own profile" on public.users
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- functions ---------------------------------------------------------------------------------------

-- Stamps updated_at on every update; the touch triggers of later files call it too.
create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- The functions the api function calls with the service role.

-- The new account's insert also fires users_queue_telegram (09_telegram.sql): a new_signup notice
-- for every admin chat that wants sign-ups.
create or replace function private.register_user(
  p_email text,
  p_password text,
  p_user_type text,
  p_social_media_page text default null,
  p_store_phone text default null,
  p_full_name text default null,
  p_platform text default null,
  p_business_name text default null
) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  new_user public.users;
begin
  -- No path leads to an admin account: those are made by private.create_admin only.
  if p_user_type is null or p_user_type not in ('business', 'influencer') then
    raise exception 'user_type must be business or influencer' using errcode = '22023';
  end if;
  insert into public.users (email, user_type, social_media_page, store_phone, full_name, platform, business_name)
  values (lower(trim(p_email)), p_user_type::public.user_type, p_social_media_page, p_store_phone, p_full_name,
    p_platform::public.social_platform, nullif(btrim(p_business_name), ''))
  returning * into new_user;
  insert into private.credentials (user_id, password_hash)
  values (new_user.id, extensions.crypt(p_password, extensions.gen_salt('bf', 10)));
  return new_user;
end
$$;
comment on function private.register_user is 'Creates a pending business (with its shop name when given) or influencer account with a bcrypt password.';

create or replace function private.verify_login(p_email text, p_password text) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  found_user public.users;
  stored_hash text;
begin
  select * into found_user from public.users where lower(email) = lower(trim(p_email));
  select password_hash into stored_hash from private.credentials where user_id = found_user.id;
  -- Hash even when the email is unknown so the answer time does not reveal which part was wrong.
  if stored_hash is null then
    perform extensions.crypt(p_password, '$2a$10$abcdefghijklmnopqrstuu');
    return null;
  end if;
  if extensions.crypt(p_password, stored_hash) <> stored_hash then
    return null;
  end if;
  return found_user;
end
$$;
comment on function private.verify_login is 'The account whose email and password match, else null.';

-- Starts a sign-in attempt from an address: refused when that email has failed 10 times from there,
-- or the address 50 times, in 15 minutes. Otherwise the attempt is recorded as a failure at once
-- (login_succeeded removes it) and the counts before it are returned, for the caller's delay. The
-- check and the count are one step under a per-address lock, so parallel guesses cannot all slip
-- through.
create or replace function private.begin_login_attempt(p_email text, p_client_ip text)
returns table (refused boolean, pair_failures integer, address_failures integer, attempt_id bigint)
language plpgsql security definer set search_path = ''
as $$
declare
  v_email text := lower(trim(p_email));
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('login:ip:' || p_client_ip, 0));
  select count(*) filter (where lower(f.email) = v_email), count(*)
    into pair_failures, address_failures
  from private.login_failures f
  where f.client_ip = p_client_ip and f.failed_at > now() - interval '15 minutes';
  refused := pair_failures >= 10 or address_failures >= 50;
  if not refused then
    insert into private.login_failures (email, client_ip) values (v_email, p_client_ip)
    returning login_failure_id into attempt_id;
    -- Keep the table small: nothing older than a day matters.
    delete from private.login_failures where failed_at < now() - interval '1 day';
  end if;
  return next;
end
$$;
comment on function private.begin_login_attempt is 'Sign-in throttle: refuses or records an attempt (as failed until it succeeds), per email and address and per address.';

-- The attempt succeeded: it and that email's earlier failures from the same address are forgotten.
create or replace function private.login_succeeded(p_attempt_id bigint, p_email text, p_client_ip text) returns void
language sql security definer set search_path = ''
as $$
  delete from private.login_failures
  where login_failure_id = p_attempt_id
     or (client_ip = p_client_ip and lower(email) = lower(trim(p_email)));
$$;
comment on function private.login_succeeded is 'Clears a successful attempt and the failures of that email from that address.';

-- Counts a sign-up attempt of an address, refusing the 11th within an hour (P0429).
create or replace function private.note_signup_attempt(p_client_ip text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('signup:ip:' || p_client_ip, 0));
  if (select count(*) from private.signup_attempts
      where client_ip = p_client_ip and attempted_at > now() - interval '1 hour') >= 10 then
    raise exception 'Too many sign-ups from this network. Please wait an hour and try again.' using errcode = 'P0429';
  end if;
  insert into private.signup_attempts (client_ip) values (p_client_ip);
  delete from private.signup_attempts where attempted_at < now() - interval '1 day';
end
$$;
comment on function private.note_signup_attempt is 'Sign-up throttle: at most 10 attempts an hour from one address.';

-- Run by the operator, never by the API. An admin's insert does not fire users_queue_telegram
-- (09_telegram.sql), which skips admins.
create or replace function private.create_admin(p_email text, p_password text) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  admin_user public.users;
begin
  insert into public.users (email, user_type, status, decided_at)
  values (lower(trim(p_email)), 'admin', 'approved', now())
  on conflict (lower(email)) do update
    set status = 'approved', decided_at = coalesce(public.users.decided_at, now())
    where public.users.user_type = 'admin'
  returning * into admin_user;
  -- Never promote an existing business or influencer: whoever registered that email first
  -- would otherwise become an admin with the token they already hold.
  if not found then
    raise exception 'An account with this email exists and is not an admin' using errcode = '23505';
  end if;
  insert into private.credentials (user_id, password_hash)
  values (admin_user.id, extensions.crypt(p_password, extensions.gen_salt('bf', 10)))
  on conflict (user_id) do update set password_hash = excluded.password_hash, updated_at = now();
  return admin_user;
end
$$;
comment on function private.create_admin is 'Creates or resets the seed admin; run by the operator (npm start or the SQL editor), never by the API.';

-- An admin's decision on an account:
--   pending_approval -> approved, or rejected with a reason the rejected person reads;
--   approved -> suspended with a reason (an account that abuses the marketplace), and back:
--   suspended -> approved (reinstated).
-- Suspending ends every session of the account at once, and drops the Telegram notices still
-- waiting for its chats; everything else a suspended account could do is refused where it is
-- checked (private.has_role, the api's requireUser, the checkout, keyword replies). Admin accounts
-- are not suspended here: an operator removes an admin. A reason's length is the table's check to
-- refuse (23514). The update also fires users_audit_status (10_audit.sql), which records
-- user.approve, user.reject, user.suspend or user.reinstate in the audit log.
create or replace function public.set_user_status(p_user_id uuid, p_status text, p_reason text default null)
returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected', 'suspended') then
    raise exception 'status must be approved, rejected or suspended' using errcode = '22023';
  end if;
  if p_status in ('rejected', 'suspended') and v_reason is null then
    raise exception 'A reason is required to % an account', case p_status when 'rejected' then 'reject' else 'suspend' end
      using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for no key update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if p_status = 'suspended' then
    if target.user_type = 'admin' then
      raise exception 'Admin accounts cannot be suspended' using errcode = '55000';
    end if;
    if target.status = 'suspended' then
      raise exception 'User is already suspended' using errcode = '55000';
    elsif target.status <> 'approved' then
      raise exception 'Only an approved account can be suspended' using errcode = '55000';
    end if;
  elsif target.status = 'suspended' and p_status = 'rejected' then
    raise exception 'A suspended account is reinstated or stays suspended' using errcode = '55000';
  elsif target.status not in ('pending_approval', 'suspended') then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status,
      decided_at = case when target.status = 'pending_approval' then now() else decided_at end,
      decided_by = case when target.status = 'pending_approval' then (select auth.uid()) else decided_by end,
      rejection_reason = case when p_status = 'rejected' then v_reason end,
      suspension_reason = case when p_status = 'suspended' then v_reason end
  where id = p_user_id
  returning * into target;
  if p_status = 'suspended' then
    update private.sessions set ended_at = now(), end_reason = 'suspended'
    where user_id = p_user_id and ended_at is null;
    update private.telegram_outbox o set failed_at = now(), last_error = 'The account was suspended'
    from public.telegram_chats c
    where c.id = o.telegram_chat_id and c.user_id = p_user_id and o.sent_at is null and o.failed_at is null;
  end if;
  return target;
end
$$;
comment on function public.set_user_status is 'An admin approves or rejects a pending account, suspends an approved one, or reinstates a suspended one (a reason to reject or suspend).';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.touch_updated_at() from public;
revoke execute on function private.register_user, private.verify_login, private.begin_login_attempt,
  private.login_succeeded, private.note_signup_attempt, private.create_admin from public;
grant execute on function private.register_user, private.verify_login, private.begin_login_attempt,
  private.login_succeeded, private.note_signup_attempt to service_role;
revoke execute on function public.set_user_status from public, anon;
grant execute on function public.set_user_status to authenticated, service_role;

-- triggers ----------------------------------------------------------------------------------------
-- Also on public.users: users_queue_telegram (09_telegram.sql) and users_audit_status (10_audit.sql).

create trigger users_touch_updated_at before update on public.users
  for each row execute function private.touch_updated_at();
