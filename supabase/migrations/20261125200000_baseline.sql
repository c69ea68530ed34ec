-- The baseline: the whole schema as it stood when the pre-release history (30 migrations, from
-- 20261122060000 to 20261125120100) was folded into one, before any production data existed. It
-- is the files of supabase/schemas/ concatenated in name order. Those files hold the current
-- definition of every object: change one there, then `npm run db:diff -- <name>` writes the next
-- migration (docs/architecture.md, "The declarative schema").

-- ==== supabase/schemas/01_accounts.sql ====

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
comment on function private.cambodia_today is 'Today''s date in Phnom Penh, the calendar campaign dates are written in.';
comment on function private.khqr_crc is 'CRC-16/CCITT-FALSE of a text''s UTF-8 bytes, as KHQR tag 63 carries it (4 upper-case hex digits).';
comment on function private.khqr_fields_once is
  'True when a KHQR is well-formed top-level TLV carrying each tag once and at most one account tag (29 or 30); the rule of contract/khqr.ts checkKhqr.';
comment on function private.tlv_value is 'The value of the first top-level field with this tag in a KHQR-style tag-length-value string (lengths in characters), or null.';

revoke execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) from public;
grant execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) to authenticated, service_role;
revoke execute on function private.cambodia_today() from public;
grant execute on function private.cambodia_today() to service_role;
revoke execute on function private.khqr_crc(text) from public;
grant execute on function private.khqr_crc(text) to authenticated, service_role;
revoke execute on function private.khqr_fields_once(text) from public;
grant execute on function private.khqr_fields_once(text) to authenticated, service_role;
revoke execute on function private.tlv_value(text, text) from public;

-- types -------------------------------------------------------------------------------------------

create type public.user_type as enum ('business', 'influencer', 'admin');
create type public.account_status as enum ('pending_approval', 'approved', 'rejected');
create type public.social_platform as enum ('instagram', 'facebook');

-- tables ------------------------------------------------------------------------------------------

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  user_type public.user_type not null,
  status public.account_status not null default 'pending_approval',
  is_approved boolean generated always as (status = 'approved') stored,
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
  -- An influencer's own phone: an order from it is flagged self_order (05_orders.sql).
  phone text constraint users_phone_format check (phone ~ '^\+855[1-9][0-9]{7,8}$'),
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
  constraint users_rejection_reason_length check (
    rejection_reason is null or char_length(btrim(rejection_reason)) between 1 and 500
  ),
  constraint users_rejection_reason_only_when_rejected check (rejection_reason is null or status = 'rejected'),
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
comment on column public.users.phone is 'An influencer''s own phone (+855...), optional: an order from it is flagged self_order.';
comment on constraint users_khqr_fields_once on public.users is
  'A saved KHQR carries each top-level tag once and one account (tag 29 or 30): one amount, one currency, one payee.';
comment on table private.credentials is 'bcrypt password hashes; readable only by the owner role through the functions below.';
comment on table private.login_failures is 'Sign-in attempts that failed (or are still being checked), counted per email and address and per address.';
comment on table private.signup_attempts is 'Sign-up attempts per address, counted to limit them (each costs a bcrypt hash and an approval card).';

-- indexes -----------------------------------------------------------------------------------------

create unique index users_email_key on public.users (lower(email));
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
grant update (business_logo_url, bank_name, account_name, account_number, khqr, business_name, phone)
  on public.users to authenticated;
grant all on public.users to service_role;

alter table private.credentials enable row level security;
alter table private.login_failures enable row level security;
alter table private.signup_attempts enable row level security;

-- The one role helper of every policy and function: is the caller (auth.uid()) an approved
-- account of this type? Policies call it as `(select private.has_role('admin'))`, evaluated once
-- per statement. Written here, before the first policies that call it.
create or replace function private.has_role(p_user_type public.user_type) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.users
    where id = (select auth.uid()) and user_type = p_user_type and status = 'approved'
  )
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

-- An admin's decision. Rejecting needs a reason of 1-500 characters, which the rejected person
-- reads; approving stores none. The update also fires users_audit_status (10_audit.sql), which
-- records user.approve or user.reject in the audit log.
create or replace function public.set_user_status(p_user_id uuid, p_status text, p_reason text default null)
returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
  v_reason text := nullif(btrim(p_reason), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected') then
    raise exception 'status must be approved or rejected' using errcode = '22023';
  end if;
  if p_status = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject an account' using errcode = '22023', column = 'reason';
  end if;
  if p_status = 'rejected' and char_length(v_reason) > 500 then
    raise exception 'Reason must be at most 500 characters' using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if target.status <> 'pending_approval' then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status, decided_at = now(), decided_by = (select auth.uid()),
      rejection_reason = case when p_status = 'rejected' then v_reason end
  where id = p_user_id
  returning * into target;
  return target;
end
$$;
comment on function public.set_user_status is 'An admin approves or rejects (with a reason) a pending account, once.';

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

-- publication -------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.users;

-- ==== supabase/schemas/02_settings.sql ====

-- Marketplace settings: values an admin changes without a deploy, in one row (public.marketplace_settings):
--   riel_per_usd               the riel exchange rate the checkout page uses to show riel beside
--                              dollars (docs/money.md: riel is shown for the customer's convenience
--                              only; every price and amount stays integer USD cents);
--   commission_hold_days       the holding period after delivery before a commission and business
--                              net can be requested as a payout (06_ledger_and_payouts.sql);
--   repeat_phone_orders, repeat_phone_hours, refusal_flag_percent, refusal_flag_min_finished
--                              the thresholds of the checkout's fraud flags (05_orders.sql);
--   max_commission_rate        the ceiling on a campaign's commission rate (03_campaigns_and_links.sql).
--
-- No client role writes the table, not even an admin's token at PostgREST: a change goes through
-- public.update_marketplace_settings, which checks the caller and the values as the API does.
-- Admins read the row (GET /admin/settings); the checkout, whose customers are anonymous, reads
-- the rate through the api function's service connection; readers that may not read the row (a
-- user's own summary, request_payout, the campaigns trigger) get their value from the security
-- definer helpers private.commission_hold and private.commission_ceiling.
--
-- The row is always there: a constraint allows only one, and triggers refuse its deletion and
-- truncation.

-- tables ------------------------------------------------------------------------------------------

create table public.marketplace_settings (
  -- Always true: with the primary key, the table can hold one row at most.
  id boolean primary key default true constraint marketplace_settings_single_row check (id),
  riel_per_usd integer not null default 4100
    constraint marketplace_settings_riel_per_usd_range check (riel_per_usd between 1000 and 10000),
  updated_at timestamptz not null default now(),
  -- The admin who saved the settings last (null until one does). The settings outlive the account.
  -- No index: the table has one row.
  updated_by uuid constraint marketplace_settings_updated_by_fkey references public.users (id) on delete set null,
  commission_hold_days integer not null default 7
    constraint marketplace_settings_commission_hold_days_range check (commission_hold_days between 0 and 90),
  repeat_phone_orders integer not null default 3
    constraint marketplace_settings_repeat_phone_orders_range check (repeat_phone_orders between 2 and 100),
  repeat_phone_hours integer not null default 24
    constraint marketplace_settings_repeat_phone_hours_range check (repeat_phone_hours between 1 and 720),
  refusal_flag_percent integer not null default 30
    constraint marketplace_settings_refusal_flag_percent_range check (refusal_flag_percent between 1 and 100),
  refusal_flag_min_finished integer not null default 10
    constraint marketplace_settings_refusal_flag_min_finished_range check (refusal_flag_min_finished between 1 and 1000),
  -- The 15% platform fee is taken from what the shop keeps after commission (docs/money.md), so a
  -- rate near 1 would leave almost nothing to take it from (a $100 sale at 0.99 would pay the
  -- platform $0.15). A campaign already above the ceiling keeps its rate until its rate is changed.
  max_commission_rate numeric(3, 2) not null default 0.50
    constraint marketplace_settings_max_commission_rate_range check (max_commission_rate between 0.05 and 0.90)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.marketplace_settings is 'The marketplace''s settings, one row: the riel exchange rate shown at checkout (and later settings as further columns).';
comment on column public.marketplace_settings.riel_per_usd is 'Riel per US dollar, for showing riel beside dollars at checkout only; no price, fee or payout uses it.';
comment on column public.marketplace_settings.commission_hold_days is 'Days after delivery before a commission and business net can be requested as a payout (0 to 90).';
comment on column public.marketplace_settings.repeat_phone_orders is 'repeat_phone flag: this many orders from one phone (the new one included) within repeat_phone_hours.';
comment on column public.marketplace_settings.repeat_phone_hours is 'repeat_phone flag: the window, in hours.';
comment on column public.marketplace_settings.refusal_flag_percent is 'high_refusal_link flag: the link''s customer_refused share of finished orders, in percent, at or above which new orders are flagged.';
comment on column public.marketplace_settings.refusal_flag_min_finished is 'high_refusal_link flag: the finished orders a link needs before its share counts.';
comment on column public.marketplace_settings.max_commission_rate is
  'The highest commission rate a campaign may be given (0.05 to 0.90, default 0.50): the platform fee is 15% of what the shop keeps after commission, so a higher rate leaves little to take it from.';

-- row level security, grants and policies ---------------------------------------------------------

alter table public.marketplace_settings enable row level security;
revoke all on public.marketplace_settings from anon, authenticated, service_role;
grant select on public.marketplace_settings to authenticated, service_role;

create policy "Admins can read the marketplace settings" on public.marketplace_settings
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

-- Every reader (the checkout above all) counts on the row being there, so it is never deleted,
-- not even by the owner; its values are changed instead.
create or replace function private.keep_marketplace_settings_row() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The marketplace settings row is never deleted; change its values instead' using errcode = '55000';
end
$$;
comment on function private.keep_marketplace_settings_row is 'Trigger: the single marketplace_settings row cannot be deleted or truncated.';

-- The hold as an interval, for readers that may not read the settings row (a user's own summary,
-- request_payout). The hold is computed when read, from the delivery transaction's time, so no
-- job moves money and a change of the setting applies at once to everything not yet requested.
create or replace function private.commission_hold() returns interval
language sql stable security definer set search_path = ''
as $$
  select make_interval(days => commission_hold_days) from public.marketplace_settings where id
$$;
comment on function private.commission_hold is 'The holding period after delivery, from the marketplace settings.';

-- Businesses cannot read the settings row (admins only), so the campaigns trigger
-- (private.check_commission_ceiling, 03_campaigns_and_links.sql) reads the ceiling here.
create or replace function private.commission_ceiling() returns numeric
language sql stable security definer set search_path = ''
as $$
  select s.max_commission_rate from public.marketplace_settings s where s.id
$$;
comment on function private.commission_ceiling is
  'The marketplace''s max_commission_rate, for the campaigns trigger (businesses cannot read the settings row).';

-- The admin's change (PUT /admin/settings): any of the settings, each within its range; a null
-- parameter keeps its value. It repeats the API's rules with the API's messages, so a direct call
-- gets the same answer; the CHECK constraints stay as the last line of defence. updated_at is
-- stamped by the touch trigger. `where id` names the one row: an update without a where clause is
-- refused where pg-safeupdate is loaded. The update also fires marketplace_settings_audit
-- (10_audit.sql), which records the changed values in the audit log.
create or replace function public.update_marketplace_settings(
  p_riel_per_usd integer default null,
  p_commission_hold_days integer default null,
  p_repeat_phone_orders integer default null,
  p_repeat_phone_hours integer default null,
  p_refusal_flag_percent integer default null,
  p_refusal_flag_min_finished integer default null,
  p_max_commission_rate numeric default null
) returns public.marketplace_settings
language plpgsql security definer set search_path = ''
as $$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if num_nonnulls(p_riel_per_usd, p_commission_hold_days, p_repeat_phone_orders, p_repeat_phone_hours,
                  p_refusal_flag_percent, p_refusal_flag_min_finished, p_max_commission_rate) = 0 then
    raise exception 'Nothing to change: send at least one setting' using errcode = '22023';
  end if;
  if p_riel_per_usd not between 1000 and 10000 then
    raise exception 'riel_per_usd must be a whole number from 1000 to 10000'
      using errcode = '22023', column = 'riel_per_usd';
  end if;
  if p_commission_hold_days not between 0 and 90 then
    raise exception 'commission_hold_days must be a whole number from 0 to 90'
      using errcode = '22023', column = 'commission_hold_days';
  end if;
  if p_repeat_phone_orders not between 2 and 100 then
    raise exception 'repeat_phone_orders must be a whole number from 2 to 100'
      using errcode = '22023', column = 'repeat_phone_orders';
  end if;
  if p_repeat_phone_hours not between 1 and 720 then
    raise exception 'repeat_phone_hours must be a whole number from 1 to 720'
      using errcode = '22023', column = 'repeat_phone_hours';
  end if;
  if p_refusal_flag_percent not between 1 and 100 then
    raise exception 'refusal_flag_percent must be a whole number from 1 to 100'
      using errcode = '22023', column = 'refusal_flag_percent';
  end if;
  if p_refusal_flag_min_finished not between 1 and 1000 then
    raise exception 'refusal_flag_min_finished must be a whole number from 1 to 1000'
      using errcode = '22023', column = 'refusal_flag_min_finished';
  end if;
  if p_max_commission_rate not between 0.05 and 0.90 or p_max_commission_rate <> round(p_max_commission_rate, 2) then
    raise exception 'max_commission_rate must be from 0.05 to 0.90 with at most two decimals'
      using errcode = '22023', column = 'max_commission_rate';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      max_commission_rate = coalesce(p_max_commission_rate, max_commission_rate),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period, the fraud-flag thresholds and the commission ceiling (each within its range; null keeps it), and records who and when.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.keep_marketplace_settings_row() from public;
revoke execute on function private.commission_hold() from public;
grant execute on function private.commission_hold() to authenticated, service_role;
revoke execute on function private.commission_ceiling() from public;
grant execute on function private.commission_ceiling() to authenticated, service_role;
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric) to authenticated;

-- triggers ----------------------------------------------------------------------------------------
-- Also on public.marketplace_settings: marketplace_settings_audit (10_audit.sql).

create trigger marketplace_settings_touch_updated_at before update on public.marketplace_settings
  for each row execute function private.touch_updated_at();
create trigger marketplace_settings_keep_row before delete on public.marketplace_settings
  for each row execute function private.keep_marketplace_settings_row();
create trigger marketplace_settings_no_truncate before truncate on public.marketplace_settings
  for each statement execute function private.keep_marketplace_settings_row();

-- reference data ----------------------------------------------------------------------------------

-- The one row, with the defaults. The triggers above keep it.
insert into public.marketplace_settings default values;

-- ==== supabase/schemas/03_campaigns_and_links.sql ====

-- Campaigns and affiliate links: a business's campaign (a product with a commission rate, open
-- between optional dates) and the public bucket for its images; the links influencers apply for;
-- an admin's decision on an application (an approval gives the link its short code and its
-- keyword trigger, a rejection keeps its reason); and the admin's self-dealing check.
--
-- Rules this area keeps:
-- - Every rule the API applies to what a business writes is a constraint here too (name and
--   description lengths, price at most $1,000,000, two-decimal rates, 1 to 5 http(s) images,
--   dates in order), so a direct PostgREST write cannot store what the API would refuse.
-- - A client's new commission rate is at most marketplace_settings.max_commission_rate
--   (02_settings.sql); a campaign already above it keeps its rate (and its orders their snapshot)
--   until its rate is changed.
-- - Deactivation is one-way and switches off the campaign's keyword triggers (08_instagram.sql).
-- - One link per influencer and campaign, at most 10 approved links per campaign; only admins
--   decide, and only admins learn whether an application looks like self-dealing.
-- - Campaign dates are calendar days in Cambodia (private.cambodia_today, 01_accounts.sql), both
--   ends included; a campaign without dates is open while active.

-- types -------------------------------------------------------------------------------------------

create type public.campaign_status as enum ('active', 'inactive');
create type public.link_status as enum ('pending', 'approved', 'rejected');

-- tables ------------------------------------------------------------------------------------------

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references public.users (id),
  product_name text not null check (length(trim(product_name)) between 1 and 200),
  -- At most $1,000,000: far above any product, far below bigint.
  price_cents bigint not null check (price_cents > 0),
  -- A fraction (0.15 = 15%). The API accepts two decimals; the column allows finer rates so
  -- money calculations can be tested with odd ones.
  commission_rate numeric(6, 4) not null check (commission_rate > 0 and commission_rate < 1),
  description text not null default '' check (length(description) <= 5000),
  image_urls text[] not null check (cardinality(image_urls) between 1 and 5),
  status public.campaign_status not null default 'active',
  is_active boolean generated always as (status = 'active') stored,
  start_date date,
  end_date date,
  deactivated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_dates_in_order check (end_date is null or start_date is null or end_date >= start_date),
  constraint campaigns_price_at_most_a_million check (price_cents <= 100000000),
  constraint campaigns_image_urls_http check (private.are_http_urls(image_urls))
);

create table public.affiliate_links (
  id uuid primary key default gen_random_uuid(),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  status public.link_status not null default 'pending',
  is_approved boolean generated always as (status = 'approved') stored,
  decided_at timestamptz,
  decided_by uuid references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set on approval. Seven letters and digits (62^7, about 3.5e12 codes): short enough to read
  -- out, too many to guess one another's.
  short_code text constraint affiliate_links_short_code_key unique
    constraint affiliate_links_short_code_check check (short_code ~ '^[A-Za-z0-9]{7}$'),
  constraint affiliate_links_one_per_campaign unique (influencer_id, campaign_id)
);

-- A link's rejection reason lives in its own table, not on the link: businesses read the links to
-- their campaigns (and receive them over Realtime) but must not read why an influencer was turned
-- down. Approving stores no reason.
create table public.affiliate_link_rejections (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  -- Repeated from the link so the policy reads one indexed column.
  influencer_id uuid not null references public.users (id),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  created_at timestamptz not null default now()
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.campaigns is 'A business''s product listed for affiliates: price in cents, commission rate as a fraction.';
comment on table public.affiliate_links is 'An influencer''s application for (and, once approved, link to) one campaign.';
comment on column public.affiliate_links.short_code is 'Set on approval: APP_URL/r/<short_code> leads to the checkout.';
comment on table public.affiliate_link_rejections is 'Why an admin rejected a link application; readable by the influencer who applied and by admins, never by the business.';

-- indexes -----------------------------------------------------------------------------------------

create index campaigns_business_id_idx on public.campaigns (business_id, created_at desc);
create index campaigns_active_idx on public.campaigns (created_at desc) where status = 'active';

create index affiliate_links_campaign_id_idx on public.affiliate_links (campaign_id, status);
create index affiliate_links_decided_by_idx on public.affiliate_links (decided_by);
-- The admin's Link Applications board reads newest first by (created_at, id), a page at a time
-- (keyset paging), so each page is one range scan of an index in exactly that order; ties between
-- links created in the same microsecond stay ordered by id. Filtered by status on the server, it
-- uses the second index: leading with status keeps that order inside each status, and it also
-- serves the pending list.
create index affiliate_links_created_at_id_idx on public.affiliate_links (created_at desc, id desc);
create index affiliate_links_status_created_at_id_idx on public.affiliate_links (status, created_at desc, id desc);

create index affiliate_link_rejections_influencer_id_idx on public.affiliate_link_rejections (influencer_id);

-- row level security and grants -------------------------------------------------------------------

alter table public.campaigns enable row level security;
revoke all on public.campaigns from anon, authenticated;
grant select on public.campaigns to authenticated;
grant insert (business_id, product_name, price_cents, commission_rate, description, image_urls, start_date, end_date)
  on public.campaigns to authenticated;
grant update (product_name, price_cents, commission_rate, description, image_urls, status, start_date, end_date)
  on public.campaigns to authenticated;
grant all on public.campaigns to service_role;

alter table public.affiliate_links enable row level security;
revoke all on public.affiliate_links from anon, authenticated;
grant select on public.affiliate_links to authenticated;
grant insert (influencer_id, campaign_id) on public.affiliate_links to authenticated;
grant all on public.affiliate_links to service_role;

alter table public.affiliate_link_rejections enable row level security;
revoke all on public.affiliate_link_rejections from anon, authenticated;
grant select on public.affiliate_link_rejections to authenticated;
grant all on public.affiliate_link_rejections to service_role;

-- The functions the policies below call come first. Neither campaign_closed_reason nor
-- private.cambodia_today has a SET clause: one would stop inlining and cost a settings save and
-- restore on every call, three per checkout (about 8% of place_order under pgbench). They read no
-- table, name what they call by schema and are not security definer, so the search path cannot
-- make them do anything the caller could not.

-- Why a campaign takes nothing new today, or null when it is open. One wording for the checkout,
-- the link application and the order.
create or replace function private.campaign_closed_reason(p_status public.campaign_status, p_start_date date, p_end_date date)
returns text
language sql stable
as $$
  select case
    when p_status is distinct from 'active' then 'This campaign is no longer accepting new orders'
    when p_start_date > private.cambodia_today()
      then format('This campaign has not started yet. It opens on %s.', to_char(p_start_date, 'FMDD FMMonth YYYY'))
    when p_end_date < private.cambodia_today()
      then format('This campaign ended on %s and no longer takes orders.', to_char(p_end_date, 'FMDD FMMonth YYYY'))
  end
$$;
comment on function private.campaign_closed_reason is 'Null when a campaign takes applications and orders today; else the reason, for the caller.';

-- Open for link applications: active and within its dates.
create or replace function private.campaign_is_active(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.campaigns
    where id = p_campaign_id
      and private.campaign_closed_reason(status, start_date, end_date) is null)
$$;

create or replace function private.owns_campaign(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.campaigns where id = p_campaign_id and business_id = (select auth.uid()))
$$;

create policy "Businesses can read their own campaigns" on public.campaigns
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Admins can read every campaign" on public.campaigns
  for select to authenticated using ((select private.has_role('admin')));

create policy "Approved influencers can read active campaigns" on public.campaigns
  for select to authenticated using (status = 'active' and (select private.has_role('influencer')));

-- Influencers may also read the campaigns they hold links to, even once inactive, so their
-- cards keep the product name and show the campaign as ended.
create policy "Influencers can read campaigns they hold links to" on public.campaigns
  for select to authenticated
  using (exists (
    select 1 from public.affiliate_links l
    where l.campaign_id = campaigns.id and l.influencer_id = (select auth.uid())
  ));

create policy "Approved businesses can create their own campaigns" on public.campaigns
  for insert to authenticated
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

create policy "Approved businesses can update their own campaigns" on public.campaigns
  for update to authenticated
  using (business_id = (select auth.uid()) and (select private.has_role('business')))
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

create policy "Influencers can read their own links" on public.affiliate_links
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every link" on public.affiliate_links
  for select to authenticated using ((select private.has_role('admin')));

create policy "Businesses can read links to their campaigns" on public.affiliate_links
  for select to authenticated using ((select private.owns_campaign(campaign_id)));

create policy "Approved influencers can apply to active campaigns" on public.affiliate_links
  for insert to authenticated
  with check (
    influencer_id = (select auth.uid())
    and (select private.has_role('influencer'))
    and private.campaign_is_active(campaign_id)
  );

create policy "Influencers can read why their links were rejected" on public.affiliate_link_rejections
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every link rejection" on public.affiliate_link_rejections
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

-- A client writes rates with at most two decimals (0.15 for 15%), as the API takes them. The
-- owner may store finer ones: the money tests use odd rates to exercise rounding.
create or replace function private.check_client_commission_rate() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and new.commission_rate <> round(new.commission_rate, 2) then
    raise exception 'Commission rate must have at most two decimals, e.g. 0.15 for 15%%'
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_client_commission_rate is 'Refuses a client''s commission rate with more than two decimals.';

-- The commission ceiling. The 15% platform fee is taken from what the shop keeps after commission
-- (docs/money.md), so a rate near 1 leaves almost nothing to take it from: a $100 sale at 0.99
-- would pay the platform $0.15, and a shop that signs its owner up as an influencer would pay
-- almost no fee. The database refuses a new rate above marketplace_settings.max_commission_rate,
-- whoever writes through the API or PostgREST; it reads the ceiling through
-- private.commission_ceiling (02_settings.sql) because businesses cannot read the settings row.
-- Not security definer: current_user is the writer's role.
create or replace function private.check_commission_ceiling() returns trigger
language plpgsql set search_path = ''
as $$
declare
  ceiling numeric;
begin
  -- The owner (migrations, the money tests' fixtures with odd rates such as 0.9999) may store any
  -- rate in (0, 1), as with the two-decimal rule; every client role meets the ceiling.
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  -- An update that keeps the rate (an edit of other fields that sends it too) sets no new rate.
  if tg_op = 'UPDATE' and new.commission_rate = old.commission_rate then
    return new;
  end if;
  -- A rate outside (0, 1) is the column's CHECK's to refuse, with its own message.
  if new.commission_rate is null or new.commission_rate <= 0 or new.commission_rate >= 1 then
    return new;
  end if;
  ceiling := private.commission_ceiling();
  if new.commission_rate > ceiling then
    raise exception '%', format('Commission rate can be at most %s (%s%%), the marketplace''s ceiling',
                                to_char(ceiling, 'FM0.00'), round(ceiling * 100))
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_commission_ceiling is
  'Trigger: refuses a client''s new campaign commission rate above marketplace_settings.max_commission_rate (SQLSTATE 23514, column commission_rate); the owner is exempt.';

-- Deactivation is one-way and ends the campaign's keyword triggers (public.keyword_triggers,
-- 08_instagram.sql).
create or replace function private.guard_campaign_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.status = 'inactive' and new.status = 'active' then
    raise exception 'An inactive campaign cannot be reactivated' using errcode = '55000';
  end if;
  if old.status = 'active' and new.status = 'inactive' then
    new.deactivated_at := now();
    update public.keyword_triggers set is_active = false where campaign_id = new.id and is_active;
  end if;
  return new;
end
$$;

-- An unused keyword for the influencer: the product name's first word (letters and digits,
-- up to 10), numbered when already taken (SCARF, SCARF2, SCARF3, ...).
create or replace function private.next_keyword(p_influencer_id uuid, p_product_name text) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  base text;
  candidate text;
  n int := 1;
begin
  base := left(upper(regexp_replace(split_part(trim(p_product_name), ' ', 1), '[^A-Za-z0-9]', '', 'g')), 10);
  if length(base) < 2 then
    base := 'LINK';
  end if;
  candidate := base;
  while exists (
    select 1 from public.keyword_triggers
    where influencer_id = p_influencer_id and keyword = candidate and is_active
  ) loop
    n := n + 1;
    candidate := base || n;
  end loop;
  return candidate;
end
$$;

-- An approved link's short code: the app serves APP_URL/r/<code>, which records the click
-- (07_attribution.sql) and redirects to the checkout. Seven letters and digits from a random
-- uuid; a collision, unlikely as it is, is simply drawn again.
create or replace function private.new_short_code() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  code text;
begin
  loop
    code := left(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 7);
    exit when length(code) = 7
      and not exists (select 1 from public.affiliate_links where short_code = code);
  end loop;
  return code;
end
$$;

-- The DM reply a new keyword trigger starts with, in Khmer and English: a follower who sends the
-- keyword may read either, and the reply is one message. It holds {product} and {link}, filled
-- when the reply is sent (with the short link), so an influencer can reword it without breaking
-- the link.
create or replace function private.default_dm_template() returns text
language sql immutable
as $$
  select E'សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ {product}។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ {link}\n\n'
    'Hi! Thanks for asking about {product}. Order here and pay cash on delivery: {link}'
$$;
comment on function private.default_dm_template() is 'The DM reply a new keyword trigger starts with: Khmer, then English; {product} and {link} are filled when it is sent.';

-- An admin's decision on a pending link application. Approving gives the link its short code and
-- creates its keyword trigger (public.keyword_triggers, 08_instagram.sql) with the default
-- template; rejecting needs a reason of 1-500 characters, which the influencer reads, stored in
-- public.affiliate_link_rejections. Triggers complete it: affiliate_links_touch_updated_at (here)
-- stamps updated_at, and the deferred constraint trigger affiliate_links_audit_decision
-- (10_audit.sql) writes the link.approve or link.reject audit entry at commit.
create or replace function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text default null)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
  v_reason text := nullif(btrim(p_reason), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
  end if;
  if p_decision = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject a link' using errcode = '22023', column = 'reason';
  end if;
  if p_decision = 'rejected' and char_length(v_reason) > 500 then
    raise exception 'Reason must be at most 500 characters' using errcode = '22023', column = 'reason';
  end if;
  select * into link from public.affiliate_links where id = p_link_id;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  -- Lock the campaign first: concurrent approvals for one campaign queue here, so the cap of
  -- 10 approved links cannot be overrun.
  select * into campaign from public.campaigns where id = link.campaign_id for update;
  select * into link from public.affiliate_links where id = p_link_id for update;
  if link.status <> 'pending' then
    raise exception 'Affiliate link is already %', link.status using errcode = '55000';
  end if;
  if p_decision = 'approved' then
    if campaign.status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    select count(*) into approved_count from public.affiliate_links
    where campaign_id = link.campaign_id and status = 'approved';
    if approved_count >= 10 then
      raise exception 'This campaign already has the maximum of 10 approved links' using errcode = '55000';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid()),
      short_code = case when p_decision = 'approved' then private.new_short_code() end
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw, private.default_dm_template()
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  else
    insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason)
    values (link.id, link.influencer_id, v_reason);
  end if;
  return link;
end
$$;
comment on function public.decide_affiliate_link is 'An admin approves (within the cap of 10 per campaign, giving the link its short code and keyword trigger) or rejects (with a reason) a pending link.';

-- Self-dealing on link applications. A shop that signs its owner up as an influencer and approves
-- "commission" to itself moves money past the platform fee (docs/money.md, the commission
-- ceiling). Before an admin approves a link application, its card says `self_dealing` when the
-- influencer and the shop (the campaign's business) share one of:
--   phone         a phone of one (users.phone, users.store_phone) is a phone of the other;
--   bank_account  an account number of one (users.account_number, or the account number a KHQR
--                 carries in sub-tag 01 of tag 29/30, as ABA's "Receive" codes do) is one of the
--                 other's, digits compared;
--   khqr_account  their saved KHQRs pay the same account: the same Bakong id (sub-tag 00 of tag
--                 29/30) with the same account information (sub-tag 01). ABA puts its own Bakong
--                 id in every personal code, so the id alone would match every two ABA users.
-- The pairs come from private.account_identifiers (10_audit.sql). Like order_flags, it is for
-- admins only: it refuses anyone else, so neither the influencer nor the shop learns that, or
-- why, an application was flagged. The admin's check (GET /admin/affiliate-links/*) gets the
-- shared kinds, sorted ('bank_account', 'khqr_account', 'phone'); empty when nothing, and empty
-- for an id of no link.
create or replace function public.link_self_dealing(p_link_id uuid) returns text[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  shared text[];
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can see the flags of link applications' using errcode = '42501';
  end if;
  with parties as (
    select l.influencer_id, c.business_id
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = p_link_id
  ), influencer as (
    select i.kind, i.value from parties p join public.users u on u.id = p.influencer_id
    cross join lateral private.account_identifiers(u) i
  ), shop as (
    select i.kind, i.value from parties p join public.users u on u.id = p.business_id
    cross join lateral private.account_identifiers(u) i
  )
  select coalesce(array_agg(distinct influencer.kind order by influencer.kind), '{}')
    into shared
  from influencer join shop using (kind, value);
  return shared;
end
$$;
comment on function public.link_self_dealing is 'Admin: what a link application''s influencer shares with the campaign''s shop (phone, bank_account, khqr_account); non-empty means the application is flagged self_dealing. Refuses everyone but approved admins (42501).';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.campaign_closed_reason(public.campaign_status, date, date) from public;
-- The api function reads the reason as service_role; policies reach it through campaign_is_active.
grant execute on function private.campaign_closed_reason(public.campaign_status, date, date) to service_role;
revoke execute on function private.campaign_is_active(uuid) from public;
grant execute on function private.campaign_is_active(uuid) to authenticated, service_role;
revoke execute on function private.owns_campaign(uuid) from public;
grant execute on function private.owns_campaign(uuid) to authenticated, service_role;
revoke execute on function private.check_client_commission_rate() from public;
revoke execute on function private.check_commission_ceiling() from public;
revoke execute on function private.guard_campaign_status() from public;
revoke execute on function private.next_keyword(uuid, text) from public;
revoke execute on function private.new_short_code() from public;
revoke execute on function private.default_dm_template() from public;
revoke execute on function public.decide_affiliate_link(uuid, text, text) from public, anon;
grant execute on function public.decide_affiliate_link(uuid, text, text) to authenticated, service_role;
revoke execute on function public.link_self_dealing(uuid) from public, anon, service_role;
grant execute on function public.link_self_dealing(uuid) to authenticated;

-- triggers ----------------------------------------------------------------------------------------

create trigger campaigns_client_commission_rate before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_client_commission_rate();

create trigger campaigns_commission_ceiling before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_commission_ceiling();

create trigger campaigns_touch_updated_at before update on public.campaigns
  for each row execute function private.touch_updated_at();

create trigger campaigns_guard_status before update of status on public.campaigns
  for each row execute function private.guard_campaign_status();

create trigger affiliate_links_touch_updated_at before update on public.affiliate_links
  for each row execute function private.touch_updated_at();

-- realtime ----------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.campaigns;
alter publication supabase_realtime add table public.affiliate_links;

-- reference data: the campaign images bucket ------------------------------------------------------

-- Only the api function stores campaign images: it checks the caller (an approved business),
-- sniffs the bytes (PNG, JPEG or GIF, whatever the upload claims) and stores them as service_role
-- under a name it makes. Clients get no insert policy on storage.objects: a business calling
-- Storage directly could otherwise store any bytes labelled image/png under any name (an
-- `evil.html`), skipping the sniffing.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('campaign-images', 'campaign-images', true, 10485760, array['image/png', 'image/jpeg', 'image/gif'])
on conflict (id) do nothing;

-- ==== supabase/schemas/04_zones.sql ====

-- Delivery zones: the khans (districts) and sangkats (communes) of Phnom Penh with a delivery
-- fee each, kept as data so an admin can change a fee without a deploy. Names follow the
-- English transliteration used by the municipality since the 2019 reorganisation (which
-- created Khan Boeng Keng Kang and Khan Kamboul). Inner khans cost less than outer ones.
--
-- Rules kept here:
-- - Anyone (the anonymous checkout included) reads the zones; the checkout (private.place_order,
--   05_orders.sql) charges the fee of the order's zone, never one taken from the request.
-- - The only write a client role may make is an approved admin's change of fee_cents (column
--   grant plus policy); every such change is recorded in the audit log by the trigger
--   delivery_zones_audit (10_audit.sql).

create table public.delivery_zones (
  id smallint generated always as identity primary key,
  district text not null constraint delivery_zones_district_check check (length(trim(district)) between 1 and 100),
  commune text not null constraint delivery_zones_commune_check check (length(trim(commune)) between 1 and 100),
  fee_cents integer not null constraint delivery_zones_fee_cents_check check (fee_cents between 0 and 10000),
  updated_at timestamptz not null default now(),
  constraint delivery_zones_commune_in_district unique (district, commune)
);
comment on table public.delivery_zones is 'Phnom Penh khans and sangkats with the delivery fee (cents) charged to the customer.';

create index delivery_zones_commune_idx on public.delivery_zones (commune, district);

alter table public.delivery_zones enable row level security;
revoke all on public.delivery_zones from anon, authenticated;
grant select on public.delivery_zones to anon, authenticated;
grant update (fee_cents) on public.delivery_zones to authenticated;
grant all on public.delivery_zones to service_role;

create policy "Anyone can read delivery zones" on public.delivery_zones
  for select to anon, authenticated using (true);

-- Admins change fees with their token through this policy; no function wraps it, so the audit
-- trigger on the table (delivery_zones_audit, 10_audit.sql) is what records the change.
create policy "Admins can change delivery fees" on public.delivery_zones
  for update to authenticated
  using ((select private.has_role('admin')))
  with check ((select private.has_role('admin')));

create trigger delivery_zones_touch_updated_at before update on public.delivery_zones
  for each row execute function private.touch_updated_at();

-- reference data: every zone with its fee ----------------------------------------------------------

insert into public.delivery_zones (district, commune, fee_cents)
select district, commune, fee_cents
from (values
  -- inner khans: $1.00
  ('Doun Penh', array['Phsar Thmei Muoy', 'Phsar Thmei Pir', 'Phsar Thmei Bei', 'Boeng Reang',
    'Phsar Kandal Muoy', 'Phsar Kandal Pir', 'Chakto Mukh', 'Chey Chumneah', 'Phsar Chas',
    'Srah Chak', 'Voat Phnum'], 100),
  ('Prampir Meakkakra', array['Ou Ruessei Muoy', 'Ou Ruessei Pir', 'Ou Ruessei Bei', 'Ou Ruessei Buon',
    'Monourom', 'Mittapheap', 'Veal Vong', 'Boeng Proluet'], 100),
  ('Chamkar Mon', array['Tonle Basak', 'Boeng Trabaek', 'Phsar Daeum Thkov', 'Tuol Tumpung Muoy',
    'Tuol Tumpung Pir'], 100),
  ('Boeng Keng Kang', array['Boeng Keng Kang Muoy', 'Boeng Keng Kang Pir', 'Boeng Keng Kang Bei',
    'Olympic', 'Tuol Svay Prey Muoy', 'Tuol Svay Prey Pir', 'Tumnob Tuek'], 100),
  -- middle khans: $1.50
  ('Tuol Kouk', array['Phsar Depou Muoy', 'Phsar Depou Pir', 'Phsar Depou Bei', 'Tuek L''ak Muoy',
    'Tuek L''ak Pir', 'Tuek L''ak Bei', 'Boeng Kak Muoy', 'Boeng Kak Pir', 'Phsar Daeum Kor',
    'Boeng Salang'], 150),
  ('Mean Chey', array['Stueng Mean Chey Muoy', 'Stueng Mean Chey Pir', 'Stueng Mean Chey Bei',
    'Boeng Tumpun Muoy', 'Boeng Tumpun Pir', 'Chak Angrae Leu', 'Chak Angrae Kraom'], 150),
  ('Chbar Ampov', array['Chbar Ampov Muoy', 'Chbar Ampov Pir', 'Nirouth', 'Preaek Pra', 'Veal Sbov',
    'Preaek Aeng', 'Kbal Kaoh', 'Preaek Thmei'], 150),
  ('Chroy Changvar', array['Chrouy Changvar', 'Preaek Lieb', 'Preaek Ta Sek', 'Kaoh Dach',
    'Bak Kaeng'], 150),
  ('Russey Keo', array['Tuol Sangkae Muoy', 'Tuol Sangkae Pir', 'Svay Pak', 'Kilomaetr Lekh Prammuoy',
    'Ruessei Kaev', 'Chrang Chamreh Muoy', 'Chrang Chamreh Pir'], 150),
  -- outer khans: $2.00 to $2.50
  ('Saensokh', array['Phnom Penh Thmei', 'Tuek Thla', 'Khmuonh', 'Krang Thnong', 'Ou Baek K''am',
    'Kouk Khleang'], 200),
  ('Pou Senchey', array['Trapeang Krasang', 'Samraong Kraom', 'Chaom Chau Muoy', 'Chaom Chau Pir',
    'Chaom Chau Bei', 'Kakab Muoy', 'Kakab Pir'], 200),
  ('Dangkao', array['Dangkao', 'Pong Tuek', 'Prey Veaeng', 'Prey Sa', 'Krang Pongro', 'Sak Sampov',
    'Cheung Aek', 'Kong Noy', 'Preaek Kampues', 'Roluos', 'Spean Thma', 'Tien'], 250),
  ('Kamboul', array['Kamboul', 'Kantaok', 'Ovlaok', 'Snaor', 'Phleung Chheh Roteh', 'Boeng Thum',
    'Prateah Lang'], 250),
  ('Prek Pnov', array['Preaek Phnov', 'Ponhea Pon', 'Samraong', 'Kouk Roka', 'Ponsang'], 250)
) as khans (district, communes, fee_cents),
lateral unnest(communes) as commune;

-- ==== supabase/schemas/05_orders.sql ====

-- Orders: cash-on-delivery orders placed by anonymous customers through an approved affiliate
-- link, with their numbers, the customer's phone (kept apart), the status history, cancellations
-- with a reason, fraud flags held for review, the checkout's rate limit and Idempotency-Keys, and
-- what the admin's board reads (phone search, totals).
--
-- Rules kept here:
-- - Amounts are snapshots in cents computed by the checkout, never taken from the request, and
--   the money rules of an order are its generated columns (docs/money.md).
-- - Orders change only through the security definer functions below: checkout (anon, through the
--   api function) and an admin's status change (one step forward, a listed revert, a cancellation
--   before delivery, or reopening; serialised per order; posting to the ledger of
--   06_ledger_and_payouts.sql in the same transaction).
-- - The customer's phone lives in private.order_contacts, readable only through admin functions.
-- - Which fraud rule fired is for admins only (public.order_flags); the parties see only
--   orders.review_status, so an influencer learns "held for review", never why.
--
-- Cancelling (docs/product.md, "Orders"): a cash-on-delivery order often ends at the door, the
-- customer refuses it or cannot be reached. An admin cancels it from new_order, ready_for_pickup
-- or out_for_delivery with one of the reasons of public.order_cancellation_reason; a delivered
-- order must be reverted first (its revert posts the ledger reversal), so a cancelled order never
-- has money in the ledger. A cancelled order can be reopened as a new order and to nothing else.
-- The order carries the reason while cancelled; the history keeps it for ever.
--
-- Fraud flags (docs/product.md, "Fraud flags"; docs/money.md, "Held for review (fraud flags)").
-- At checkout an order is flagged when:
--   self_order         the customer's phone is the shop's store phone or the influencer's own phone;
--   repeat_phone       the phone ordered `repeat_phone_orders` times or more (this order included)
--                      within `repeat_phone_hours`, across all links;
--   high_refusal_link  the link's customer_refused share is at least `refusal_flag_percent` over at
--                      least `refusal_flag_min_finished` finished (delivered or cancelled) orders.
-- The thresholds are columns of public.marketplace_settings (02_settings.sql). A flagged order is
-- `held` for review: its commission stays unavailable even after delivery and after the holding
-- period, until an admin clears it (public.review_order) or cancels the order as suspected_fraud
-- (a cancelled order earns nothing). The business's net is not held: the goods were sold and the
-- cash collected whoever ordered them.
--
-- Elsewhere: the foreign key orders.click_id -> public.link_clicks (orders_click_id_fkey) is in
-- 07_attribution.sql, which creates link_clicks; the triggers orders_queue_telegram
-- (09_telegram.sql), orders_audit_review and order_status_history_audit (10_audit.sql) act on
-- these tables too.

-- The customer's phone is searched by any run of at least four of its digits: a trigram index
-- answers `like '%1234%'` from the index (a digits-suffix column would only find the last digits,
-- and a customer who calls often reads the middle of their number).
create extension if not exists pg_trgm with schema extensions;

-- types ------------------------------------------------------------------------------------------

create type public.order_status as enum ('new_order', 'ready_for_pickup', 'out_for_delivery', 'delivered', 'cancelled');

create type public.order_cancellation_reason as enum (
  'customer_refused', 'customer_unreachable', 'out_of_stock', 'duplicate', 'suspected_fraud', 'other'
);
comment on type public.order_cancellation_reason is 'Why an order was cancelled: refused or unreachable at the door, out of stock, ordered twice, suspected fraud, or other.';

create type public.order_flag as enum ('self_order', 'repeat_phone', 'high_refusal_link');

-- order numbers ----------------------------------------------------------------------------------

-- A number a customer can read out on the phone: SL- and the sequence's value, in the order the
-- orders were placed. The sequence is the only source, so two parallel checkouts never get the
-- same number; a rolled-back checkout leaves a gap, which is harmless. Six digits with leading
-- zeros up to SL-999999, then every digit (SL-1000000, SL-1000001, ...), nine at most (the
-- sequence's maxvalue and orders_order_number_format's ^SL-[0-9]{6,9}$, 12 characters). Nothing
-- sorts by order number text (the board sorts by placement time), and a search for "SL-1000000"
-- or "1000000" looks the number up exactly (contract/orders.ts orderNumberOf).
create sequence public.orders_number_seq as bigint minvalue 1 maxvalue 999999999;
revoke all on sequence public.orders_number_seq from public, anon, authenticated;

-- Defined before public.orders, whose order_number default calls it. lpad alone would cut a
-- longer text to the length given (1000000 would become SL-100000, a duplicate): it is used only
-- below a million.
create or replace function private.order_number(p_sequence_value bigint) returns text
language sql immutable strict set search_path = ''
as $$
  select 'SL-' || case when p_sequence_value < 1000000 then lpad(p_sequence_value::text, 6, '0')
                       else p_sequence_value::text end
$$;
comment on function private.order_number is
  'The order number of a sequence value: SL- and six digits with leading zeros (SL-004213), or every digit from 1,000,000 on (SL-1000000); never cut short.';

-- tables -----------------------------------------------------------------------------------------

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null constraint orders_campaign_id_fkey references public.campaigns (id),
  affiliate_link_id uuid not null constraint orders_affiliate_link_id_fkey references public.affiliate_links (id),
  business_id uuid not null constraint orders_business_id_fkey references public.users (id),
  influencer_id uuid not null constraint orders_influencer_id_fkey references public.users (id),
  product_name text not null,
  unit_price_cents bigint not null constraint orders_unit_price_cents_check check (unit_price_cents > 0),
  commission_rate numeric(6, 4) not null
    constraint orders_commission_rate_check check (commission_rate > 0 and commission_rate < 1),
  quantity integer not null constraint orders_quantity_check check (quantity between 1 and 10),
  delivery_fee_cents integer not null constraint orders_delivery_fee_cents_check check (delivery_fee_cents >= 0),
  subtotal_cents bigint generated always as (unit_price_cents * quantity) stored,
  total_cents bigint generated always as (unit_price_cents * quantity + delivery_fee_cents) stored,
  -- The money rules of an order. round() of a numeric rounds half away from zero: half up for
  -- these positive amounts. Generated columns cannot refer to each other, so the sale and the
  -- commission are spelled out again.
  commission_cents bigint generated always as
    (round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  business_gross_cents bigint generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  platform_fee_cents bigint generated always as
    (round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  business_net_cents bigint generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint
     - round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  delivery_district text not null,
  delivery_commune text not null,
  status public.order_status not null default 'new_order',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The short-link click the order came through and its source. The foreign key to
  -- public.link_clicks (orders_click_id_fkey) is added in 07_attribution.sql, after that table.
  click_id uuid,
  source text constraint orders_source_check check (source in ('qr', 'dm', 'comment', 'link')),
  cancellation_reason public.order_cancellation_reason,
  order_number text not null default private.order_number(nextval('public.orders_number_seq'))
    constraint orders_order_number_format check (order_number ~ '^SL-[0-9]{6,9}$')
    constraint orders_order_number_key unique,
  review_status text constraint orders_review_status_values check (review_status in ('held', 'cleared')),
  constraint orders_source_with_click check ((click_id is null) = (source is null)),
  constraint orders_cancellation_reason_check check ((status = 'cancelled') = (cancellation_reason is not null))
);
alter sequence public.orders_number_seq owned by public.orders.order_number;

-- The customer's phone per order, apart from public.orders so influencers and Realtime never see it.
create table private.order_contacts (
  order_id uuid primary key constraint order_contacts_order_id_fkey references public.orders (id),
  customer_phone text not null
    constraint order_contacts_customer_phone_check check (customer_phone ~ '^\+855[1-9][0-9]{7,8}$')
);

create table public.order_status_history (
  id bigint generated always as identity primary key,
  order_id uuid not null constraint order_status_history_order_id_fkey references public.orders (id),
  from_status public.order_status,
  to_status public.order_status not null,
  changed_by uuid constraint order_status_history_changed_by_fkey references public.users (id),
  note text,
  changed_at timestamptz not null default now(),
  cancellation_reason public.order_cancellation_reason,
  constraint order_status_history_cancellation_reason_check
    check ((to_status = 'cancelled') = (cancellation_reason is not null))
);

-- Checkout attempts, to refuse orders placed faster than a person could.
create table private.checkout_attempts (
  id bigint generated always as identity primary key,
  customer_phone text not null,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);

create table public.order_flags (
  order_id uuid primary key constraint order_flags_order_id_fkey references public.orders (id),
  flags public.order_flag[] not null constraint order_flags_not_empty check (cardinality(flags) > 0),
  reviewed_by uuid constraint order_flags_reviewed_by_fkey references public.users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);

-- Checkout exactly once (docs/architecture.md, "Checkout exactly once"): POST /checkout/order
-- takes an Idempotency-Key, and the same key within 24 hours answers the first order again and
-- creates nothing. A key is bound to its request (a hash of the order's inputs): the same key with
-- another request is refused (P0422, the api function's 422 naming Idempotency-Key).
create table private.checkout_idempotency_keys (
  idempotency_key text primary key
    constraint checkout_idempotency_keys_idempotency_key_check check (idempotency_key ~ '^[A-Za-z0-9_-]{8,100}$'),
  request_hash text not null
    constraint checkout_idempotency_keys_request_hash_check check (request_hash ~ '^[0-9a-f]{64}$'),
  order_id uuid not null
    constraint checkout_idempotency_keys_order_id_fkey references public.orders (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- comments ---------------------------------------------------------------------------------------

comment on table public.orders is 'A cash-on-delivery order through an affiliate link, with price, rate and fee snapshots in cents.';
comment on column public.orders.commission_cents is 'C = round_half_up(sale * rate): the influencer''s commission.';
comment on column public.orders.business_gross_cents is 'G = sale - C: the business''s share before the platform fee.';
comment on column public.orders.platform_fee_cents is 'F = round_half_up(G * 0.15): the platform fee, paid by the business.';
comment on column public.orders.business_net_cents is 'N = G - F: what the business is paid.';
comment on column public.orders.click_id is 'The short-link click the customer came through (the checkout''s ref), when it was on this order''s link.';
comment on column public.orders.source is 'The source of that click, copied so the stats group orders without a join; null: no click.';
comment on column public.orders.cancellation_reason is 'Why the order was cancelled; set exactly while the status is cancelled.';
comment on column public.orders.order_number is
  'The short number people say on the phone, e.g. SL-004213: sequential, six digits with leading zeros up to SL-999999, then every digit (SL-1000000); at most 12 characters.';
comment on column public.orders.review_status is 'null: never flagged; held: flagged, its commission waits for an admin; cleared: an admin released it.';

comment on table private.order_contacts is 'The customer''s phone per order, kept out of public.orders so influencers and realtime never see it.';

comment on table public.order_status_history is 'Every status an order entered: who, when, from, to and the note.';
comment on column public.order_status_history.cancellation_reason is 'The reason given when this change cancelled the order; null for every other change.';

comment on table private.checkout_attempts is 'Recent checkouts per phone and per address, for the checkout rate limit.';

comment on table public.order_flags is 'The rules a flagged order fired at checkout and who cleared it; admins only, so the parties never learn the rule.';

comment on table private.checkout_idempotency_keys is 'Idempotency-Key of POST /checkout/order: the key, the hash of its request and the order it placed; kept 24 hours. Only private.place_order_once reads or writes it.';
comment on column private.checkout_idempotency_keys.request_hash is 'sha256 of the order''s inputs (link, phone, place, quantity, click): a key answers only the request it was first sent with.';

-- indexes ----------------------------------------------------------------------------------------

-- The boards read every list newest first by (created_at, id) in descending order, a page at a
-- time (keyset paging), so each page is one range scan of an index on exactly that order, with the
-- list's filter column in front where a list is filtered. The id orders rows created in the same
-- microsecond, which the time alone leaves unordered.
create index orders_created_at_id_idx on public.orders (created_at desc, id desc);
create index orders_business_id_idx on public.orders (business_id, created_at desc, id desc);
create index orders_influencer_id_idx on public.orders (influencer_id, created_at desc, id desc);
create index orders_status_idx on public.orders (status, created_at desc, id desc);
create index orders_campaign_id_idx on public.orders (campaign_id);
create index orders_affiliate_link_id_idx on public.orders (affiliate_link_id);
create index orders_click_id_idx on public.orders (click_id);
-- The stats count cancellations by reason per business and per influencer.
create index orders_cancellation_reason_idx on public.orders (cancellation_reason) where cancellation_reason is not null;
-- high_refusal_link reads a link's finished orders.
create index orders_link_status_idx on public.orders (affiliate_link_id, status);
-- The admin's stats summary (GET /orders/stats/summary, the admin board's filter counts) counts
-- every order per status and cancellation reason, with its sales: public.all_order_totals reads
-- them from this index alone (an index-only scan).
create index orders_stats_idx on public.orders (status, cancellation_reason) include (subtotal_cents);

-- repeat_phone reads every order of a phone in a window.
create index order_contacts_customer_phone_idx on private.order_contacts (customer_phone);
-- The admin's search by any run of a phone's digits (public.search_order_ids_by_phone).
create index order_contacts_phone_trgm_idx on private.order_contacts
  using gin (customer_phone extensions.gin_trgm_ops);

create index order_status_history_order_id_idx on public.order_status_history (order_id, id);
create index order_status_history_changed_by_idx on public.order_status_history (changed_by);

create index checkout_attempts_phone_idx on private.checkout_attempts (customer_phone, attempted_at);
create index checkout_attempts_ip_idx on private.checkout_attempts (client_ip, attempted_at);
create index checkout_attempts_attempted_at_idx on private.checkout_attempts (attempted_at);

-- The sweep of keys past 24 hours.
create index checkout_idempotency_keys_created_at_idx on private.checkout_idempotency_keys (created_at);
-- The order's key, for the foreign key's cascade.
create index checkout_idempotency_keys_order_id_idx on private.checkout_idempotency_keys (order_id);

-- row-level security and grants ------------------------------------------------------------------

alter table public.orders enable row level security;
revoke all on public.orders from anon, authenticated;
grant select on public.orders to authenticated;
-- Orders are meant to be written only by the functions below (running as their owner), even by
-- the API's own service connection. NOTE: the revoke above does not name service_role, so it keeps
-- the privileges the default privileges gave it (all of them); this grant adds nothing.
grant select on public.orders to service_role;

create policy "Businesses can read their own orders" on public.orders
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Influencers can read orders through their links" on public.orders
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every order" on public.orders
  for select to authenticated using ((select private.has_role('admin')));

-- No grants and no policies: only the functions below (as their owner) read or write it.
alter table private.order_contacts enable row level security;

alter table public.order_status_history enable row level security;
revoke all on public.order_status_history from anon, authenticated;
grant select on public.order_status_history to authenticated;
-- As for orders, service_role keeps its default privileges (all): this grant adds nothing.
grant select on public.order_status_history to service_role;

create policy "Admins can read every order history" on public.order_status_history
  for select to authenticated using ((select private.has_role('admin')));

create policy "Businesses can read the history of their orders" on public.order_status_history
  for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.business_id = (select auth.uid())));

alter table private.checkout_attempts enable row level security;

alter table public.order_flags enable row level security;
revoke all on public.order_flags from anon, authenticated;
grant select on public.order_flags to authenticated;
-- As for orders, service_role keeps its default privileges (all): this grant adds nothing.
grant select on public.order_flags to service_role;
create policy "Admins can read order flags" on public.order_flags
  for select to authenticated using ((select private.has_role('admin')));

alter table private.checkout_idempotency_keys enable row level security;
revoke all on private.checkout_idempotency_keys from public, anon, authenticated, service_role;

-- checkout ---------------------------------------------------------------------------------------

-- The checkout. The click the customer came through (p_click_id, the `ref` of the short link's
-- redirect) is kept only when it is a click on this very link (same influencer and campaign); any
-- other id (unknown, another link's, malformed upstream) places the order as it would without
-- one, unattributed, so a stale or copied ref never stops a sale.
-- Side effects: inserting the order gives it its number (the order_number default,
-- private.order_number) and queues the Telegram new-order notice (trigger orders_queue_telegram,
-- 09_telegram.sql); inserting its contact runs order_contacts_flag_new_order (this file), which
-- records the fraud flags and marks the order held. Its first history row has no changed_by, so
-- order_status_history_audit (10_audit.sql) skips it.
-- It declares a variable of type public.link_clicks, which 07_attribution.sql creates after this
-- file: PL/pgSQL resolves declared types when a function is created, so the body is not checked
-- here (it is checked when first called, as always).
set check_function_bodies = off;
create or replace function private.place_order(
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  fee integer;
  new_order public.orders;
  closed_reason text;
  click public.link_clicks;
begin
  if p_quantity is null or p_quantity not between 1 and 10 then
    raise exception 'Quantity must be between 1 and 10' using errcode = '22023';
  end if;
  if p_customer_phone is null or p_customer_phone !~ '^\+855[1-9][0-9]{7,8}$' then
    raise exception 'Phone number must be a Cambodian number such as 012 345 678' using errcode = '22023';
  end if;
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  -- A person places an order in tens of seconds; scripts do not get to flood a shop. The locks
  -- make parallel checkouts from one phone or address count one after another.
  perform pg_advisory_xact_lock(hashtextextended('checkout:phone:' || p_customer_phone, 0));
  perform pg_advisory_xact_lock(hashtextextended('checkout:ip:' || p_client_ip, 0));
  if (select count(*) from private.checkout_attempts
      where customer_phone = p_customer_phone and attempted_at > now() - interval '1 minute') >= 3
     or (select count(*) from private.checkout_attempts
      where client_ip = p_client_ip and attempted_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many orders in a short time. Please wait a minute and try again.' using errcode = 'P0429';
  end if;

  select * into link from public.affiliate_links
  where influencer_id = p_influencer_id and campaign_id = p_campaign_id and status = 'approved';
  if not found then
    raise exception 'This affiliate link is not valid' using errcode = 'P0002';
  end if;
  select * into campaign from public.campaigns where id = p_campaign_id;
  closed_reason := private.campaign_closed_reason(campaign.status, campaign.start_date, campaign.end_date);
  if closed_reason is not null then
    raise exception '%', closed_reason using errcode = '55000';
  end if;
  select fee_cents into fee from public.delivery_zones where district = p_district and commune = p_commune;
  if not found then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  if p_click_id is not null then
    select * into click from public.link_clicks where id = p_click_id and affiliate_link_id = link.id;
  end if;

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    click_id, source)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee, p_district, p_commune,
    click.id, click.source)
  returning * into new_order;
  insert into private.order_contacts (order_id, customer_phone) values (new_order.id, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$$;
reset check_function_bodies;
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), zone and rate limit, and creates the order with server-side amounts, attributed to the given click when it was on the same link.';

-- Checkout with an Idempotency-Key: places the order through private.place_order in the same
-- transaction, so the key and its order commit together or not at all. A transaction-scoped
-- advisory lock on the key makes a second request with the same key wait for the first: it then
-- finds the key and answers the first's order, so two submits in one instant make one order. If
-- the first fails (a refused phone, a rate limit), nothing is kept and the second places the order
-- itself. Answers the order and whether it was placed earlier (replayed); without a key (null) it
-- is private.place_order.
create or replace function private.place_order_once(
  p_idempotency_key text,
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null
) returns table (order_id uuid, replayed boolean)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is not null and p_idempotency_key !~ '^[A-Za-z0-9_-]{8,100}$' then
    raise exception 'Idempotency-Key must be 8 to 100 letters, digits, - or _'
      using errcode = '22023', column = 'Idempotency-Key';
  end if;
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id);
    return query select new_order.id, false;
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
    return query select earlier.order_id, true;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false;
end
$$;
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';

-- fraud flags ------------------------------------------------------------------------------------

create or replace function private.checkout_flags(p_link public.affiliate_links, p_business_id uuid, p_customer_phone text)
returns public.order_flag[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  settings public.marketplace_settings;
  flags public.order_flag[] := '{}';
  finished integer;
  refused integer;
begin
  select * into settings from public.marketplace_settings where id;
  if exists (select 1 from public.users
             where (id = p_business_id and store_phone = p_customer_phone)
                or (id = p_link.influencer_id and phone = p_customer_phone)) then
    flags := flags || 'self_order'::public.order_flag;
  end if;
  -- Called once the new order's contact is recorded, so the count includes the new order.
  if (select count(*) from private.order_contacts c join public.orders o on o.id = c.order_id
      where c.customer_phone = p_customer_phone
        and o.created_at > now() - make_interval(hours => settings.repeat_phone_hours))
     >= settings.repeat_phone_orders then
    flags := flags || 'repeat_phone'::public.order_flag;
  end if;
  select count(*) filter (where status in ('delivered', 'cancelled')),
         count(*) filter (where status = 'cancelled' and cancellation_reason = 'customer_refused')
    into finished, refused
  from public.orders where affiliate_link_id = p_link.id;
  if finished >= settings.refusal_flag_min_finished and refused * 100 >= settings.refusal_flag_percent * finished then
    flags := flags || 'high_refusal_link'::public.order_flag;
  end if;
  return flags;
end
$$;
comment on function private.checkout_flags is 'The fraud flags of a new order (its contact already recorded) on this link from this phone, with the thresholds of the marketplace settings.';

-- Flags are taken when the order's phone is recorded, in the checkout's transaction (place_order
-- inserts the order, then its contact). The order is then marked held for review; that update
-- runs orders_touch_updated_at (this file) and orders_audit_review (10_audit.sql), which records
-- nothing for a checkout (the caller is no admin).
create or replace function private.flag_new_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  placed public.orders;
  link public.affiliate_links;
  flags public.order_flag[];
begin
  select * into placed from public.orders where id = new.order_id;
  select * into link from public.affiliate_links where id = placed.affiliate_link_id;
  flags := private.checkout_flags(link, placed.business_id, new.customer_phone);
  if cardinality(flags) > 0 then
    insert into public.order_flags (order_id, flags) values (placed.id, flags);
    update public.orders set review_status = 'held' where id = placed.id;
  end if;
  return null;
end
$$;

-- An admin clears a held order; to refuse one, the admin cancels it as suspected_fraud instead.
-- Side effect: the trigger orders_audit_review (10_audit.sql) records the review in the audit log.
create or replace function public.review_order(p_order_id uuid, p_decision text) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  reviewed public.orders;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can review orders' using errcode = '42501';
  end if;
  if p_decision is distinct from 'clear' then
    raise exception 'decision must be clear (to refuse an order, cancel it as suspected_fraud)'
      using errcode = '22023', column = 'decision';
  end if;
  select * into reviewed from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if reviewed.review_status is distinct from 'held' then
    raise exception 'This order is not held for review' using errcode = '55000';
  end if;
  update public.order_flags set reviewed_by = (select auth.uid()), reviewed_at = now() where order_id = p_order_id;
  update public.orders set review_status = 'cleared' where id = p_order_id
  returning * into reviewed;
  return reviewed;
end
$$;
comment on function public.review_order is 'Admin: clears a flagged order held for review, so its commission follows the holding period like any other.';

-- status changes ---------------------------------------------------------------------------------

-- One step forward, a listed revert, cancelling before delivery, and reopening a cancelled order
-- as new (docs/product.md, "Orders").
create or replace function private.order_transition_allowed(p_from public.order_status, p_to public.order_status) returns boolean
language sql immutable set search_path = ''
as $$
  select (p_from, p_to) in (
    ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered'),
    ('ready_for_pickup', 'new_order'),
    ('out_for_delivery', 'ready_for_pickup'), ('out_for_delivery', 'new_order'),
    ('delivered', 'out_for_delivery'), ('delivered', 'ready_for_pickup'), ('delivered', 'new_order'),
    ('new_order', 'cancelled'), ('ready_for_pickup', 'cancelled'), ('out_for_delivery', 'cancelled'),
    ('cancelled', 'new_order')
  )
$$;
comment on function private.order_transition_allowed is 'The order status transitions: one step forward, a listed revert, cancelling before delivery, and reopening a cancelled order as new.';

-- An admin's change of an order's status, with a reason when it cancels.
-- Side effects: orders_touch_updated_at (this file) stamps the order; the history row it writes
-- runs order_status_history_audit (10_audit.sql), the audit log entry; entering or leaving
-- delivered posts to the ledger through private.on_order_delivered / private.on_order_undelivered
-- (06_ledger_and_payouts.sql).
create or replace function public.change_order_status(
  p_order_id uuid,
  p_new_status text,
  p_note text default null,
  p_reason text default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  current_order public.orders;
  previous_status public.order_status;
  new_status public.order_status;
  reason public.order_cancellation_reason;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change order status' using errcode = '42501';
  end if;
  if p_new_status is null or not p_new_status = any (enum_range(null::public.order_status)::text[]) then
    raise exception 'new_status must be one of %', array_to_string(enum_range(null::public.order_status), ', ')
      using errcode = '22023', column = 'new_status';
  end if;
  new_status := p_new_status::public.order_status;
  -- A cancellation says why; no other change has a reason to give.
  if new_status = 'cancelled' then
    if p_reason is null then
      raise exception 'reason is required to cancel an order' using errcode = '22023', column = 'reason';
    end if;
    if not p_reason = any (enum_range(null::public.order_cancellation_reason)::text[]) then
      raise exception 'reason must be one of %', array_to_string(enum_range(null::public.order_cancellation_reason), ', ')
        using errcode = '22023', column = 'reason';
    end if;
    reason := p_reason::public.order_cancellation_reason;
  elsif p_reason is not null then
    raise exception 'reason is only for cancelling an order' using errcode = '22023', column = 'reason';
  end if;
  -- The row lock makes concurrent changes of one order queue; each then sees the status the
  -- previous one left, so of two identical requests only the first applies.
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if not private.order_transition_allowed(current_order.status, new_status) then
    -- The two refusals an admin meets at the door get a message saying what to do instead.
    if current_order.status = 'delivered' and new_status = 'cancelled' then
      raise exception 'A delivered order cannot be cancelled: revert it to Out for Delivery first'
        using errcode = '55000';
    elsif current_order.status = 'cancelled' then
      raise exception 'A cancelled order can only be reopened as a New Order' using errcode = '55000';
    end if;
    raise exception 'Cannot change an order from % to %', current_order.status, p_new_status
      using errcode = '55000';
  end if;

  previous_status := current_order.status;
  update public.orders set status = new_status, cancellation_reason = reason
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note, cancellation_reason)
  values (p_order_id, previous_status, new_status, (select auth.uid()), p_note, reason);
  -- The ledger moves in the same transaction as the status: both happen or neither. Cancelling
  -- posts nothing: only delivered orders have ledger entries, and delivered cannot be cancelled.
  if new_status = 'delivered' then
    perform private.on_order_delivered(p_order_id);
  elsif previous_status = 'delivered' then
    perform private.on_order_undelivered(p_order_id);
  end if;
  return current_order;
end
$$;
comment on function public.change_order_status is 'An admin moves an order one step forward or back, cancels it with a reason or reopens it; recorded in the history and posted to the ledger.';

-- the admin's board ------------------------------------------------------------------------------

-- The customers' phones of the given orders, for the admin board only (delivery coordination and
-- the CSV export, which passes every matching id at once).
create or replace function public.order_customer_phones(p_order_ids uuid[])
returns table (order_id uuid, customer_phone text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can read customer phone numbers' using errcode = '42501';
  end if;
  return query select c.order_id, c.customer_phone from private.order_contacts c where c.order_id = any (p_order_ids);
end
$$;
comment on function public.order_customer_phones is 'Admin only: the customer phone of each given order.';

-- The phone stays in private.order_contacts: the search returns order ids, never phones.
create or replace function public.search_order_ids_by_phone(p_digits text)
returns setof uuid
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can search customer phone numbers' using errcode = '42501';
  end if;
  if p_digits is null or p_digits !~ '^[0-9]{4,12}$' then
    raise exception 'Search by phone needs at least 4 digits' using errcode = '22023', column = 'q';
  end if;
  -- Phones are stored as +855XXXXXXXX; a caller reads them as 0XX XXX XXX, so digits starting
  -- with 0 also match the number's start after the country code.
  return query
    select c.order_id from private.order_contacts c
    where c.customer_phone like '%' || p_digits || '%'
       or (p_digits like '0%' and c.customer_phone like '+855' || substr(p_digits, 2) || '%');
end
$$;
comment on function public.search_order_ids_by_phone is 'Admin only: the orders whose customer phone contains the given digits (at least 4; a leading 0 also stands for +855).';

-- Read through the orders policies, Postgres would check each row against them (about 60 ms for
-- 100,000 orders on a 2-core machine). An admin may read every row anyway, so this counts without
-- the per-row check, from orders_stats_idx (an index-only scan, about 18 ms): the same totals.
create or replace function public.all_order_totals()
returns table (status public.order_status, cancellation_reason public.order_cancellation_reason, orders bigint, sales_cents bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can count every order' using errcode = '42501';
  end if;
  return query
    select o.status, o.cancellation_reason, count(*), coalesce(sum(o.subtotal_cents), 0)::bigint
    from public.orders o group by o.status, o.cancellation_reason;
end
$$;
comment on function public.all_order_totals is 'Admin: orders and sales (subtotals) per status and cancellation reason over every order, without the per-row policy check.';

-- function grants --------------------------------------------------------------------------------

-- A column default runs as the role that inserts: orders are inserted only by private.place_order
-- (security definer, as the owner) and the owner itself, so no other role needs order_number.
revoke execute on function private.order_number(bigint) from public;
revoke execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid) to service_role;
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) to service_role;
revoke execute on function private.checkout_flags(public.affiliate_links, uuid, text) from public;
revoke execute on function private.flag_new_order() from public;
revoke execute on function public.review_order(uuid, text) from public, anon, service_role;
grant execute on function public.review_order(uuid, text) to authenticated;
revoke execute on function private.order_transition_allowed(public.order_status, public.order_status) from public;
revoke execute on function public.change_order_status(uuid, text, text, text) from public, anon;
grant execute on function public.change_order_status(uuid, text, text, text) to authenticated, service_role;
revoke execute on function public.order_customer_phones(uuid[]) from public, anon;
grant execute on function public.order_customer_phones(uuid[]) to authenticated, service_role;
revoke execute on function public.search_order_ids_by_phone(text) from public, anon;
grant execute on function public.search_order_ids_by_phone(text) to authenticated, service_role;
revoke execute on function public.all_order_totals() from public, anon, service_role;
grant execute on function public.all_order_totals() to authenticated;

-- triggers ---------------------------------------------------------------------------------------

create trigger orders_touch_updated_at before update on public.orders
  for each row execute function private.touch_updated_at();

create trigger order_contacts_flag_new_order after insert on private.order_contacts
  for each row execute function private.flag_new_order();

-- publication ------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.orders;

-- ==== supabase/schemas/06_ledger_and_payouts.sql ====

-- The earnings ledger and manual payouts (docs/money.md). Every amount is integer cents.
--
-- Rules kept here:
-- - The money rules of an order are generated columns of public.orders (05_orders.sql), so they
--   live in one place.
-- - A double-entry ledger: accounts, transactions and entries. Entries are never changed and every
--   transaction sums to zero (checked at commit). Entering `delivered` posts a delivery; leaving it
--   posts the reversal, in the same transaction as the status change (public.change_order_status,
--   05_orders.sql, calls the posting functions below).
-- - The holding period: a delivered order's commission and business net become available for a
--   payout only once `commission_hold_days` (public.marketplace_settings, 02_settings.sql) have
--   passed since its delivery; until then they are pending. A commission of an order held for
--   review (05_orders.sql) stays unavailable until an admin clears it.
-- - Payout requests cover exactly the ledger entries available when they are made, and keep the
--   bank details (and KHQR) the user had when asking: the admin pays what was requested to where it
--   was requested, whatever the profile says later. An admin completes them with an ABA reference,
--   which posts the payout.
--
-- Elsewhere: the triggers payout_requests_queue_telegram (09_telegram.sql) and
-- payout_requests_audit_completion (10_audit.sql) act on public.payout_requests too.

-- types ------------------------------------------------------------------------------------------

create type public.ledger_account_kind as enum ('influencer', 'business', 'platform_fees', 'delivery_cash');
create type public.ledger_transaction_kind as enum ('delivery', 'delivery_reversal', 'payout');
create type public.ledger_line as enum ('cash_collected', 'commission', 'gross', 'platform_fee', 'payout');
create type public.payout_status as enum ('pending', 'completed');

-- tables -----------------------------------------------------------------------------------------

create table public.ledger_accounts (
  id bigint generated always as identity primary key,
  kind public.ledger_account_kind not null,
  user_id uuid constraint ledger_accounts_user_id_fkey references public.users (id),
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check ((kind in ('influencer', 'business')) = (user_id is not null))
);

create table public.payout_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint payout_requests_user_id_fkey references public.users (id),
  status public.payout_status not null default 'pending',
  amount_cents bigint not null constraint payout_requests_amount_cents_check check (amount_cents > 0),
  gross_cents bigint not null,
  -- Not signed: a reversed fee (after its payout) can outweigh the fees of later sales.
  fee_cents bigint not null,
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  completed_by uuid constraint payout_requests_completed_by_fkey references public.users (id),
  aba_reference text constraint payout_requests_aba_reference_check
    check (aba_reference = btrim(aba_reference, E' \t\n\r\f\x0B') and aba_reference <> '' and length(aba_reference) <= 64),
  -- The bank details and KHQR of the requester when the request was made (a snapshot).
  bank_name text,
  account_name text,
  account_number text,
  khqr text,
  constraint payout_requests_net check (amount_cents = gross_cents - fee_cents),
  constraint payout_requests_completion check (
    (status = 'completed') = (completed_at is not null and completed_by is not null and aba_reference is not null))
);

create table public.ledger_transactions (
  id bigint generated always as identity primary key,
  kind public.ledger_transaction_kind not null,
  order_id uuid constraint ledger_transactions_order_id_fkey references public.orders (id),
  -- The n-th delivery of an order, and for a reversal the number of the delivery it reverses.
  delivery_number integer constraint ledger_transactions_delivery_number_check check (delivery_number > 0),
  reverses_transaction_id bigint
    constraint ledger_transactions_reverses_transaction_id_key unique
    constraint ledger_transactions_reverses_transaction_id_fkey references public.ledger_transactions (id),
  payout_request_id uuid
    constraint ledger_transactions_payout_request_id_key unique
    constraint ledger_transactions_payout_request_id_fkey references public.payout_requests (id),
  created_by uuid constraint ledger_transactions_created_by_fkey references public.users (id),
  created_at timestamptz not null default now(),
  constraint ledger_transactions_shape check (case kind
    when 'delivery' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is null and payout_request_id is null
    when 'delivery_reversal' then order_id is not null and delivery_number is not null
      and reverses_transaction_id is not null and payout_request_id is null
    else order_id is null and delivery_number is null and reverses_transaction_id is null
      and payout_request_id is not null
  end)
);

create table public.ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null constraint ledger_entries_transaction_id_fkey references public.ledger_transactions (id),
  account_id bigint not null constraint ledger_entries_account_id_fkey references public.ledger_accounts (id),
  line public.ledger_line not null,
  -- Positive: the marketplace owes the account holder more.
  amount_cents bigint not null constraint ledger_entries_amount_cents_check check (amount_cents <> 0),
  created_at timestamptz not null default now()
);

create table public.payout_request_entries (
  ledger_entry_id bigint primary key
    constraint payout_request_entries_ledger_entry_id_fkey references public.ledger_entries (id),
  payout_request_id uuid not null
    constraint payout_request_entries_payout_request_id_fkey references public.payout_requests (id)
);

-- comments ---------------------------------------------------------------------------------------

comment on table public.ledger_accounts is 'Ledger accounts: one per influencer and per business, the platform''s fee revenue, and cash collected on delivery.';

comment on table public.payout_requests is 'A request to be paid the available balance; an admin completes it by ABA transfer, recording the reference.';
comment on column public.payout_requests.bank_name is 'The requester''s bank name when the request was made (a snapshot).';
comment on column public.payout_requests.account_name is 'The requester''s account name when the request was made (a snapshot).';
comment on column public.payout_requests.account_number is 'The requester''s account number when the request was made (a snapshot).';
comment on column public.payout_requests.khqr is 'The requester''s saved KHQR when the request was made (a snapshot), null if none.';

comment on table public.ledger_transactions is 'A delivery, its reversal, or a payout: a set of ledger entries that sums to zero.';

comment on table public.ledger_entries is 'Signed cents on one ledger account; never updated or deleted.';

comment on table public.payout_request_entries is 'The ledger entries a payout request covers; an entry is covered by one request at most.';

-- indexes ----------------------------------------------------------------------------------------

create unique index ledger_accounts_user_id_key on public.ledger_accounts (user_id);
create unique index ledger_accounts_system_kind_key on public.ledger_accounts (kind) where user_id is null;

-- One pending request per user, whatever the timing of the requests.
create unique index payout_requests_one_pending_key on public.payout_requests (user_id) where status = 'pending';
-- The boards read newest first by (requested_at, id), a page at a time (keyset paging): each page
-- is one range scan of an index on exactly that order (the user's id in front for one user's list).
create index payout_requests_requested_at_id_idx on public.payout_requests (requested_at desc, id desc);
create index payout_requests_user_id_idx on public.payout_requests (user_id, requested_at desc, id desc);
create index payout_requests_status_idx on public.payout_requests (status, requested_at);
create index payout_requests_completed_by_idx on public.payout_requests (completed_by);

-- Each delivery of an order is numbered, and each number is delivered and reversed at most once.
create unique index ledger_transactions_order_key on public.ledger_transactions (order_id, kind, delivery_number);
create index ledger_transactions_created_by_idx on public.ledger_transactions (created_by);

create index ledger_entries_account_id_idx on public.ledger_entries (account_id, id);
create index ledger_entries_transaction_id_idx on public.ledger_entries (transaction_id);

create index payout_request_entries_request_idx on public.payout_request_entries (payout_request_id);

-- row-level security: read your own, admins read all; nobody writes directly ----------------------

alter table public.ledger_accounts enable row level security;
alter table public.ledger_transactions enable row level security;
alter table public.ledger_entries enable row level security;
alter table public.payout_requests enable row level security;
alter table public.payout_request_entries enable row level security;

revoke all on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries from anon, authenticated, service_role;
grant select on public.ledger_accounts, public.ledger_transactions, public.ledger_entries,
  public.payout_requests, public.payout_request_entries to authenticated, service_role;

create policy "Users can read their own ledger account" on public.ledger_accounts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every ledger account" on public.ledger_accounts
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read entries on their own ledger account" on public.ledger_entries
  for select to authenticated
  using (exists (select 1 from public.ledger_accounts a where a.id = account_id and a.user_id = (select auth.uid())));
create policy "Admins can read every ledger entry" on public.ledger_entries
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read ledger transactions touching their account" on public.ledger_transactions
  for select to authenticated
  using (exists (
    select 1 from public.ledger_entries e join public.ledger_accounts a on a.id = e.account_id
    where e.transaction_id = ledger_transactions.id and a.user_id = (select auth.uid())));
create policy "Admins can read every ledger transaction" on public.ledger_transactions
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read their own payout requests" on public.payout_requests
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read every payout request" on public.payout_requests
  for select to authenticated using ((select private.has_role('admin')));

create policy "Users can read what their payout requests cover" on public.payout_request_entries
  for select to authenticated
  using (exists (select 1 from public.payout_requests r where r.id = payout_request_id and r.user_id = (select auth.uid())));
create policy "Admins can read what every payout request covers" on public.payout_request_entries
  for select to authenticated using ((select private.has_role('admin')));

-- integrity --------------------------------------------------------------------------------------

create or replace function private.refuse_ledger_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception '% rows are never changed or deleted; post a reversing transaction instead', tg_table_name
    using errcode = '55000';
end
$$;
comment on function private.refuse_ledger_change is 'Trigger: ledger rows are append-only.';

-- Checked at commit, once all of a transaction's entries are written.
create or replace function private.check_ledger_transaction_balanced() returns trigger
language plpgsql set search_path = ''
as $$
declare
  balance bigint;
begin
  select sum(amount_cents) into balance from public.ledger_entries where transaction_id = new.transaction_id;
  if balance <> 0 then
    raise exception 'Ledger transaction % does not balance: its entries sum to % cents', new.transaction_id, balance
      using errcode = '23514';
  end if;
  return null;
end
$$;
comment on function private.check_ledger_transaction_balanced is 'Constraint trigger: the entries of a ledger transaction sum to zero.';

-- A request only moves from pending to completed, once; its amounts and bank snapshot never change.
create or replace function private.guard_payout_request_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if old.status <> 'pending' or new.status <> 'completed'
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$$;
comment on function private.guard_payout_request_change is 'Trigger: a payout request only goes from pending to completed.';

-- posting ----------------------------------------------------------------------------------------

-- The ledger account of a user (made on first use) or of the platform ('platform_fees',
-- 'delivery_cash').
create or replace function private.ledger_account_id(p_kind public.ledger_account_kind, p_user_id uuid default null) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  account public.ledger_accounts;
begin
  if p_user_id is null then
    select * into account from public.ledger_accounts where kind = p_kind and user_id is null;
  else
    insert into public.ledger_accounts (kind, user_id) values (p_kind, p_user_id)
    on conflict (user_id) do nothing;
    select * into account from public.ledger_accounts where user_id = p_user_id;
  end if;
  if account.id is null or account.kind <> p_kind then
    raise exception 'No % ledger account for %', p_kind, coalesce(p_user_id::text, 'the platform') using errcode = 'P0002';
  end if;
  return account.id;
end
$$;
comment on function private.ledger_account_id is 'The ledger account of a user (created on first use) or a platform account.';

-- Called by change_order_status under the order's row lock, so deliveries of one order are
-- posted one after another; the count check and the unique numbering make a second posting of
-- the same delivery fail instead of paying twice. The constraint trigger ledger_entries_balanced
-- (below) checks the transaction at commit.
create or replace function private.on_order_delivered(p_order_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  delivered_order public.orders;
  deliveries integer;
  reversals integer;
  new_transaction_id bigint;
begin
  select * into delivered_order from public.orders where id = p_order_id for update;
  if not found or delivered_order.status <> 'delivered' then
    raise exception 'Order % is not delivered', p_order_id using errcode = '55000';
  end if;
  select count(*) filter (where kind = 'delivery'), count(*) filter (where kind = 'delivery_reversal')
    into deliveries, reversals
    from public.ledger_transactions where order_id = p_order_id;
  if deliveries <> reversals then
    raise exception 'Order % already has its delivery posted', p_order_id using errcode = '55000';
  end if;

  insert into public.ledger_transactions (kind, order_id, delivery_number, created_by)
  values ('delivery', p_order_id, deliveries + 1, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, entry.account_id, entry.line, entry.amount_cents
  from (values
    -- The first row's cast types the column (a VALUES list would otherwise make its lines text).
    (private.ledger_account_id('delivery_cash'), 'cash_collected'::public.ledger_line, -delivered_order.subtotal_cents),
    (private.ledger_account_id('influencer', delivered_order.influencer_id), 'commission', delivered_order.commission_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'gross', delivered_order.business_gross_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'platform_fee', -delivered_order.platform_fee_cents),
    (private.ledger_account_id('platform_fees'), 'platform_fee', delivered_order.platform_fee_cents)
  ) as entry (account_id, line, amount_cents)
  where entry.amount_cents <> 0;
end
$$;
comment on function private.on_order_delivered is 'Posts the delivery transaction of an order entering delivered.';

create or replace function private.on_order_undelivered(p_order_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  delivery public.ledger_transactions;
  new_transaction_id bigint;
begin
  perform 1 from public.orders where id = p_order_id for update;
  select t.* into delivery from public.ledger_transactions t
  where t.order_id = p_order_id and t.kind = 'delivery'
    and not exists (select 1 from public.ledger_transactions r where r.reverses_transaction_id = t.id)
  order by t.delivery_number desc
  limit 1;
  if not found then
    raise exception 'Order % has no delivery to reverse', p_order_id using errcode = '55000';
  end if;

  insert into public.ledger_transactions (kind, order_id, delivery_number, reverses_transaction_id, created_by)
  values ('delivery_reversal', p_order_id, delivery.delivery_number, delivery.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, e.account_id, e.line, -e.amount_cents
  from public.ledger_entries e where e.transaction_id = delivery.id;
end
$$;
comment on function private.on_order_undelivered is 'Posts the reversal of an order''s delivery when it leaves delivered.';

-- what the hold releases -------------------------------------------------------------------------

-- One rule for the payout summary and request_payout: an earning entry (of a delivery, or of the
-- reversal of one, held with the delivery it reverses) is
--   review     a commission of an order held for review;
--   pending    younger than the holding period;
--   available  otherwise.
-- Computed when read, from the delivery transaction's time, so no job moves money and a change of
-- the setting applies at once to everything not yet requested. A revert inside the hold leaves
-- nothing pending, and a revert after the hold (or after a payout) is available at once (a
-- negative balance).
create or replace function private.earning_state(p_transaction_id bigint, p_line public.ledger_line) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_line = 'commission' and o.review_status = 'held' then 'review'
    when coalesce(d.created_at, t.created_at) > now() - private.commission_hold() then 'pending'
    else 'available'
  end
  from public.ledger_transactions t
  left join public.ledger_transactions d on d.id = t.reverses_transaction_id
  left join public.orders o on o.id = t.order_id
  where t.id = p_transaction_id
$$;
comment on function private.earning_state is 'review, pending or available: whether an earning entry may be requested yet (docs/money.md).';

-- payouts ----------------------------------------------------------------------------------------

create or replace function public.request_payout() returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  caller public.users;
  covered bigint[];
  gross bigint;
  fee bigint;
  request public.payout_requests;
begin
  select * into caller from public.users where id = (select auth.uid());
  if not found or caller.user_type not in ('business', 'influencer') then
    raise exception 'Only businesses and influencers can request payouts' using errcode = '42501';
  end if;
  if coalesce(btrim(caller.bank_name), '') = '' or coalesce(btrim(caller.account_name), '') = ''
     or coalesce(btrim(caller.account_number), '') = '' then
    raise exception 'Please complete your bank account information in your profile before requesting a payout.'
      using errcode = '22023', column = 'bank_details';
  end if;
  -- One user's requests queue here; each then sees the request the one before it made.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || caller.id::text, 0));
  if exists (select 1 from public.payout_requests where user_id = caller.id and status = 'pending') then
    raise exception 'You already have a pending payout request.' using errcode = '55000';
  end if;

  -- The earning entries no request covers yet that are available (private.earning_state), read
  -- once so the amount is exactly their sum.
  select array_agg(e.id),
         coalesce(sum(e.amount_cents) filter (where e.line <> 'platform_fee'), 0),
         coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)
    into covered, gross, fee
  from public.ledger_entries e
  join public.ledger_accounts a on a.id = e.account_id
  where a.user_id = caller.id and e.line <> 'payout'
    and private.earning_state(e.transaction_id, e.line) = 'available'
    and not exists (select 1 from public.payout_request_entries c where c.ledger_entry_id = e.id);
  if gross - fee <= 0 then
    raise exception 'You have no available balance to request a payout.' using errcode = '55000';
  end if;

  -- The bank details and KHQR are kept as they are now: later profile edits do not change where
  -- this request is paid.
  insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents,
                                      bank_name, account_name, account_number, khqr)
  values (caller.id, gross - fee, gross, fee,
          btrim(caller.bank_name), btrim(caller.account_name), btrim(caller.account_number), caller.khqr)
  returning * into request;
  insert into public.payout_request_entries (ledger_entry_id, payout_request_id)
  select entry_id, request.id from unnest(covered) as entry_id;
  return request;
end
$$;
comment on function public.request_payout is 'The caller requests everything available (past the holding period, not held for review, not yet requested): needs bank details, no pending request, and a positive amount; the request keeps the bank details and KHQR of that moment.';

-- Side effects: payout_requests_guard (this file) lets only pending -> completed through; each
-- completion runs payout_requests_queue_telegram (09_telegram.sql), the payee's Telegram notice,
-- and payout_requests_audit_completion (10_audit.sql), the audit log entry; ledger_entries_balanced
-- (this file) checks each payout transaction at commit.
create or replace function public.complete_payouts(p_user_id uuid, p_aba_reference text)
returns setof public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  pending public.payout_requests;
  completed public.payout_requests;
  new_transaction_id bigint;
  any_completed boolean := false;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can complete payouts' using errcode = '42501';
  end if;
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  if length(reference) > 64 then
    raise exception 'ABA reference number must be at most 64 characters' using errcode = '22023', column = 'aba_reference';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  -- The row locks make a second completion wait, then find nothing pending: it never pays twice.
  for pending in
    select * from public.payout_requests where user_id = p_user_id and status = 'pending'
    order by requested_at for update
  loop
    update public.payout_requests
    set status = 'completed', completed_at = now(), completed_by = (select auth.uid()), aba_reference = reference
    where id = pending.id
    returning * into completed;
    insert into public.ledger_transactions (kind, payout_request_id, created_by)
    values ('payout', pending.id, (select auth.uid()))
    returning id into new_transaction_id;
    insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
    select new_transaction_id, a.id, 'payout'::public.ledger_line, -pending.amount_cents
    from public.ledger_accounts a where a.user_id = p_user_id
    union all
    select new_transaction_id, private.ledger_account_id('delivery_cash'), 'payout', pending.amount_cents;
    any_completed := true;
    return next completed;
  end loop;
  if not any_completed then
    raise exception 'There is no pending payout request for this user.' using errcode = '55000';
  end if;
end
$$;
comment on function public.complete_payouts is 'Admin: completes all of a user''s pending payout requests with an ABA reference, posting the payouts.';

-- function grants --------------------------------------------------------------------------------

revoke execute on function private.refuse_ledger_change() from public;
revoke execute on function private.check_ledger_transaction_balanced() from public;
revoke execute on function private.guard_payout_request_change() from public;
revoke execute on function private.ledger_account_id(public.ledger_account_kind, uuid) from public;
revoke execute on function private.on_order_delivered(uuid) from public;
revoke execute on function private.on_order_undelivered(uuid) from public;
revoke execute on function private.earning_state(bigint, public.ledger_line) from public;
grant execute on function private.earning_state(bigint, public.ledger_line) to authenticated, service_role;
revoke execute on function public.request_payout() from public, anon, service_role;
grant execute on function public.request_payout() to authenticated;
revoke execute on function public.complete_payouts(uuid, text) from public, anon, service_role;
grant execute on function public.complete_payouts(uuid, text) to authenticated;

-- triggers ---------------------------------------------------------------------------------------

create trigger ledger_entries_append_only before update or delete on public.ledger_entries
  for each row execute function private.refuse_ledger_change();
create trigger ledger_entries_no_truncate before truncate on public.ledger_entries
  for each statement execute function private.refuse_ledger_change();
create trigger ledger_transactions_append_only before update or delete on public.ledger_transactions
  for each row execute function private.refuse_ledger_change();
create trigger ledger_transactions_no_truncate before truncate on public.ledger_transactions
  for each statement execute function private.refuse_ledger_change();
create trigger payout_request_entries_append_only before update or delete on public.payout_request_entries
  for each row execute function private.refuse_ledger_change();
create trigger payout_request_entries_no_truncate before truncate on public.payout_request_entries
  for each statement execute function private.refuse_ledger_change();

create constraint trigger ledger_entries_balanced after insert on public.ledger_entries
  deferrable initially deferred
  for each row execute function private.check_ledger_transaction_balanced();

create trigger payout_requests_guard before update or delete on public.payout_requests
  for each row execute function private.guard_payout_request_change();

-- publication ------------------------------------------------------------------------------------

-- A new request appears on the admin board, and its completion on the user's screen, live.
alter publication supabase_realtime add table public.payout_requests;

-- reference data ---------------------------------------------------------------------------------

-- The platform's two accounts; users' accounts are made on first use (private.ledger_account_id).
insert into public.ledger_accounts (kind) values ('platform_fees'), ('delivery_cash');

-- ==== supabase/schemas/07_attribution.sql ====

-- Attribution: clicks on short links, the live click counts, and the orders they lead to.
--
-- GET /r/<code> (the api function) counts the request against the address's rate limit
-- (private.note_short_link_request), records a click through private.record_click and redirects
-- the person to the checkout with `ref=<click id>`; the checkout passes that ref to place_order
-- (05_orders.sql), which keeps the click and its source on the order when the click was on the
-- same link.
--
-- Rules this area keeps:
-- - Who clicked is kept only as salted SHA-256 hashes (of the client address and user agent, and
--   of the address alone), never the address itself. The salt is generated when the schema is
--   built, lives in the private schema and no client role can read it, so the hashes cannot be
--   reversed by hashing the (small) IPv4 space.
-- - A click counts once per visitor (address and user agent) and link a minute, and at most 3
--   times per address and link an hour, whatever its user agents: a script cannot inflate the
--   counts.
-- - Every GET /r/* of an address is counted per minute and the 61st in a minute is refused
--   (P0429), so no one can walk the code space or hammer a link.
-- - Clients read clicks without the two hashes; clicks are written only by record_click.
-- - No scheduled job serves this area: short_link_requests is swept by note_short_link_request
--   itself, and clicks are kept.

-- tables ------------------------------------------------------------------------------------------

create table private.click_salt (
  id boolean primary key default true check (id),
  salt bytea not null check (octet_length(salt) >= 32)
);

create table public.link_clicks (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null references public.affiliate_links (id),
  -- The link's influencer, campaign and business, copied when the click is recorded (they never
  -- change for a link): the policies and the stats then filter on an indexed column of the click
  -- itself instead of joining the link for every row.
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  business_id uuid not null references public.users (id),
  source text not null check (source in ('qr', 'dm', 'comment', 'link')),
  referrer_host text check (char_length(referrer_host) between 1 and 255),
  device_class text not null check (device_class in ('mobile', 'tablet', 'desktop')),
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  address_hash text constraint link_clicks_address_hash_check check (address_hash ~ '^[0-9a-f]{64}$')
);

-- Click totals per link, kept by a trigger and published to Realtime, so dashboards update their
-- figures the moment a short link is clicked. link_clicks itself is not published: a change event
-- would carry every column, the visitor hash included. The stats paths still count link_clicks;
-- this table is the live signal (and a cheap total).
create table public.link_click_counts (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  business_id uuid not null references public.users (id),
  clicks integer not null default 0 check (clicks >= 0),
  last_click_at timestamptz not null
);

-- GET /r/* requests per address and minute: one row per address hash and minute, upserted, so the
-- rate limit costs one index-backed write.
create table private.short_link_requests (
  address_hash text not null check (address_hash ~ '^[0-9a-f]{64}$'),
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  requests integer not null default 1 check (requests > 0),
  primary key (address_hash, minute)
);

-- An order keeps the click it came through: orders.click_id is 05_orders.sql's column, its
-- reference waits for link_clicks.
alter table public.orders add constraint orders_click_id_fkey foreign key (click_id) references public.link_clicks (id);

-- comments ----------------------------------------------------------------------------------------

comment on table private.click_salt is 'The secret salt of link_clicks.visitor_hash: one row, random per database, read only by record_click.';
comment on table public.link_clicks is 'A person''s visit of a short link (crawlers, one visitor''s repeats within a minute and an address''s clicks past 3 per link an hour are not recorded).';
comment on column public.link_clicks.source is 'Where the link was shared: ?s= of the short URL (qr, dm, comment), else link.';
comment on column public.link_clicks.referrer_host is 'The host of the Referer header, without path or query; null when none was sent.';
comment on column public.link_clicks.visitor_hash is 'sha256(salt || client address || user agent) in hex: tells one visitor''s repeats apart, identifies no one.';
comment on column public.link_clicks.address_hash is 'sha256(salt || client address) in hex: caps one address at 3 counted clicks per link an hour; null on clicks recorded before the cap.';
comment on table public.link_click_counts is 'Clicks per short link, kept by a trigger on link_clicks: what Realtime tells the dashboards (no visitor hash).';
comment on table private.short_link_requests is 'GET /r/* requests per address (salted hash) and minute, for the rate limit; rows older than a few minutes are deleted.';

-- indexes -----------------------------------------------------------------------------------------

-- The dedupe lookup (one link, one visitor, the last minute) and every per-link query.
create index link_clicks_link_visitor_idx on public.link_clicks (affiliate_link_id, visitor_hash, created_at desc);
-- The cap's lookup: one link, one address, the last hour.
create index link_clicks_link_address_idx on public.link_clicks (affiliate_link_id, address_hash, created_at desc);
-- The stats of an influencer, a business and the platform, each over time.
create index link_clicks_influencer_id_idx on public.link_clicks (influencer_id, created_at);
create index link_clicks_business_id_idx on public.link_clicks (business_id, created_at);
create index link_clicks_campaign_id_idx on public.link_clicks (campaign_id);
create index link_clicks_created_at_idx on public.link_clicks (created_at);

create index link_click_counts_influencer_id_idx on public.link_click_counts (influencer_id);
create index link_click_counts_business_id_idx on public.link_click_counts (business_id);

create index short_link_requests_minute_idx on private.short_link_requests (minute);

-- row level security and grants -------------------------------------------------------------------

alter table private.click_salt enable row level security;
revoke all on private.click_salt from public, anon, authenticated, service_role;

alter table public.link_clicks enable row level security;
revoke all on public.link_clicks from anon, authenticated, service_role;
-- Everything but the two hashes: they serve the dedupe and the cap, nothing a person needs to see.
grant select (id, affiliate_link_id, influencer_id, campaign_id, business_id, source, referrer_host, device_class,
              created_at)
  on public.link_clicks to authenticated;
-- Clicks are written only by record_click (running as its owner), even by the API's own service
-- connection.
grant select on public.link_clicks to service_role;

create policy "Influencers can read clicks on their links" on public.link_clicks
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Businesses can read clicks on their campaigns" on public.link_clicks
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Admins can read every click" on public.link_clicks
  for select to authenticated using ((select private.has_role('admin')));

alter table public.link_click_counts enable row level security;
revoke all on public.link_click_counts from anon, authenticated, service_role;
grant select on public.link_click_counts to authenticated, service_role;

create policy "Influencers can read the click counts of their links" on public.link_click_counts
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Businesses can read the click counts of their campaigns' links" on public.link_click_counts
  for select to authenticated using (business_id = (select auth.uid()));
create policy "Admins can read every click count" on public.link_click_counts
  for select to authenticated using ((select private.has_role('admin')));

alter table private.short_link_requests enable row level security;
revoke all on private.short_link_requests from public, anon, authenticated, service_role;

-- functions ---------------------------------------------------------------------------------------

-- The salted hash of an address, as the click cap and the request counter key on it.
create or replace function private.click_address_hash(p_client_address text) returns text
language sql stable security definer set search_path = ''
as $$
  select encode(sha256(s.salt || convert_to('address:' || p_client_address, 'UTF8')), 'hex') from private.click_salt s
$$;
comment on function private.click_address_hash is 'sha256(salt || address) in hex: the per-address key of the click cap and of the /r rate limit.';

-- Records a person's click on the short link `p_short_code` and answers where to send them: the
-- click id and the link's influencer and campaign (no row for an unknown code). The same visitor
-- (address and user agent) on the same link within a minute is the same click, so reloads, double
-- taps and a browser's prefetch count once; an address that already has 3 clicks on the link in
-- the last hour gets its latest one again. Either way nothing is recorded. One lock per link and
-- address queues simultaneous visits, so a burst from one address counts at most the cap. The
-- insert fires link_clicks_count (below), which adds the click to link_click_counts.
create or replace function private.record_click(
  p_short_code text,
  p_source text,
  p_referrer_host text,
  p_device_class text,
  p_client_address text,
  p_user_agent text
) returns table (click_id uuid, influencer_id uuid, campaign_id uuid)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  business uuid;
  hash text;
  address text;
  earlier uuid;
  recent integer;
  new_click uuid;
begin
  if p_source is null or p_source not in ('qr', 'dm', 'comment', 'link') then
    raise exception 'source must be one of qr, dm, comment, link' using errcode = '22023';
  end if;
  if p_device_class is null or p_device_class not in ('mobile', 'tablet', 'desktop') then
    raise exception 'device_class must be one of mobile, tablet, desktop' using errcode = '22023';
  end if;
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;

  select * into link from public.affiliate_links l where l.short_code = p_short_code and l.status = 'approved';
  if not found then
    return;
  end if;
  select c.business_id into business from public.campaigns c where c.id = link.campaign_id;

  -- A newline cannot occur in a header value, so address and user agent cannot run into each other.
  select encode(sha256(s.salt || convert_to(p_client_address || E'\n' || coalesce(p_user_agent, ''), 'UTF8')), 'hex')
  into hash from private.click_salt s;
  address := private.click_address_hash(p_client_address);

  -- Requests of one address at once (a double tap, or a script's burst) queue here, so each sees
  -- the ones before it.
  perform pg_advisory_xact_lock(hashtextextended('link_click:' || link.id::text || ':' || address, 0));
  select k.id into earlier from public.link_clicks k
  where k.affiliate_link_id = link.id and k.visitor_hash = hash and k.created_at > now() - interval '1 minute'
  order by k.created_at desc
  limit 1;
  if found then
    return query select earlier, link.influencer_id, link.campaign_id;
    return;
  end if;

  select count(*), (array_agg(k.id order by k.created_at desc))[1] into recent, earlier
  from (select c.id, c.created_at from public.link_clicks c
        where c.affiliate_link_id = link.id and c.address_hash = address and c.created_at > now() - interval '1 hour'
        order by c.created_at desc
        limit 3) k;
  if recent >= 3 then
    return query select earlier, link.influencer_id, link.campaign_id;
    return;
  end if;

  insert into public.link_clicks (affiliate_link_id, influencer_id, campaign_id, business_id, source,
                                  referrer_host, device_class, visitor_hash, address_hash)
  values (link.id, link.influencer_id, link.campaign_id, business, p_source,
          nullif(lower(trim(p_referrer_host)), ''), p_device_class, hash, address)
  returning id into new_click;
  return query select new_click, link.influencer_id, link.campaign_id;
end
$$;
comment on function private.record_click is 'A person''s click on a short link: recorded once per visitor and link a minute and at most 3 times per address and link an hour; answers the click id and the checkout target, or no row for an unknown code.';

-- Keeps link_click_counts: one more click on the link, and when.
create or replace function private.count_link_click() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, clicks, last_click_at)
  values (new.affiliate_link_id, new.influencer_id, new.business_id, 1, new.created_at)
  on conflict (affiliate_link_id) do update
  set clicks = public.link_click_counts.clicks + 1, last_click_at = excluded.last_click_at;
  return null;
end
$$;

-- Counts one GET /r/* of an address; the 61st in a minute is refused with P0429 and, as the hint,
-- the seconds until the minute ends (which the api function sends as Retry-After). A refused
-- request is not counted (the transaction rolls back).
create or replace function private.note_short_link_request(p_client_address text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  insert into private.short_link_requests as r (address_hash, minute)
  values (private.click_address_hash(p_client_address), this_minute)
  on conflict (address_hash, minute) do update set requests = r.requests + 1
  returning r.requests into counted;
  -- An address's first request of a minute sweeps the minutes that no longer matter.
  if counted = 1 then
    delete from private.short_link_requests where minute < this_minute - interval '5 minutes';
  end if;
  if counted > 60 then
    raise exception 'Too many requests from this network. Please wait a minute and try again.'
      using errcode = 'P0429',
            hint = greatest(1, ceil(extract(epoch from this_minute + interval '1 minute' - clock_timestamp())))::text;
  end if;
end
$$;
comment on function private.note_short_link_request is 'Rate limit of GET /r/*: at most 60 requests per address a minute (P0429 past that, the retry delay in seconds as the hint).';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.click_address_hash(text) from public;
revoke execute on function private.record_click(text, text, text, text, text, text) from public;
grant execute on function private.record_click(text, text, text, text, text, text) to service_role;
revoke execute on function private.count_link_click() from public;
revoke execute on function private.note_short_link_request(text) from public;
grant execute on function private.note_short_link_request(text) to service_role;

-- triggers ----------------------------------------------------------------------------------------

create trigger link_clicks_count after insert on public.link_clicks
  for each row execute function private.count_link_click();

-- realtime ----------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.link_click_counts;

-- reference data: the salt ------------------------------------------------------------------------

-- One random salt per database, drawn when the schema is built.
insert into private.click_salt (salt) values (extensions.gen_random_bytes(32));

-- ==== supabase/schemas/08_instagram.sql ====

-- Instagram keyword automation: the DM keyword trigger of each approved link, an influencer's
-- connected Instagram account (its token encrypted by the functions, never readable by a client
-- role), the single-use states of the connect step, every comment or DM the webhook received for a
-- connected account with what became of it, and the daily job that refreshes quiet accounts'
-- tokens.
--
-- Rules this area keeps:
-- - A keyword is unique among one influencer's active triggers; a trigger is created by an
--   admin's approval of its link (public.decide_affiliate_link, 03_campaigns_and_links.sql) and
--   switched off when its campaign is deactivated (private.guard_campaign_status, same file).
-- - A template always holds {link} (filled with the short link when the reply is sent) and is at
--   most 1000 characters.
-- - The token is never in a column a client role can select; its key is never in the database.
-- - A connect state works once, for its own user, within ten minutes.
-- - Meta may deliver an event more than once; a reply goes out exactly once per event.

-- tables ------------------------------------------------------------------------------------------

create table public.keyword_triggers (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null unique references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  keyword text not null check (keyword ~ '^[A-Z0-9]{2,20}$'),
  -- The DM reply, with {product} and {link} filled when it is sent, so the influencer can reword
  -- it without breaking the link.
  dm_template_text text not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint keyword_triggers_template_has_link check (dm_template_text like '%{link}%'),
  constraint keyword_triggers_template_length check (char_length(dm_template_text) between 1 and 1000)
);

create table public.instagram_accounts (
  influencer_id uuid primary key references public.users (id),
  -- Instagram's id of the professional account: the entry[].id of its webhooks.
  ig_user_id text not null unique check (ig_user_id ~ '^[0-9]{1,30}$'),
  username text not null check (char_length(username) between 1 and 30),
  -- AES-256-GCM by the functions with INSTAGRAM_TOKEN_KEY (iv and ciphertext, base64): the key
  -- is never in the database, so a leaked dump or backup holds no usable token.
  token_ciphertext text not null,
  token_expires_at timestamptz not null,
  -- Meta refreshes a long-lived token once it is a day old; this is when ours was issued.
  token_issued_at timestamptz not null,
  connected_at timestamptz not null default now()
);

-- The nonce inside the signed state of one connect attempt: consumed by the callback, so a state
-- works once, for its own user, within ten minutes.
create table private.instagram_connect_states (
  nonce uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id),
  expires_at timestamptz not null default now() + interval '10 minutes'
);

create table public.instagram_events (
  id uuid primary key default gen_random_uuid(),
  influencer_id uuid not null references public.users (id),
  ig_account_id text not null,
  kind text not null check (kind in ('comment', 'dm')),
  -- The comment id or the message mid: Meta may deliver an event more than once, and this
  -- uniqueness is what makes a reply go out exactly once.
  external_id text not null,
  -- Who wrote: the reply goes to them (a DM) or to their comment.
  sender_id text not null,
  from_username text,
  keyword_trigger_id uuid references public.keyword_triggers (id),
  keyword text,
  outcome text not null check (outcome in ('pending', 'sent', 'failed', 'skipped')),
  skip_reason text check (skip_reason in ('no_keyword', 'trigger_off', 'campaign_inactive')),
  error_code integer,
  error_subcode integer,
  error_message text,
  attempts integer not null default 0,
  reply_message_id text,
  received_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint instagram_events_ig_account_id_kind_external_id_key unique (ig_account_id, kind, external_id),
  -- A skipped event says why; any other outcome names the trigger it answered.
  constraint instagram_events_check check ((outcome = 'skipped') = (skip_reason is not null)),
  constraint instagram_events_check1 check (outcome = 'skipped' or keyword_trigger_id is not null)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.keyword_triggers is 'The DM keyword of an approved link: a follower who sends it gets the template with the link.';
comment on table public.instagram_accounts is 'The Instagram professional account an influencer connected; its token is readable by the functions only.';
comment on table private.instagram_connect_states is 'The nonce of each Instagram connect attempt: consumed once by its own user within ten minutes.';
comment on table public.instagram_events is 'A comment or DM received for a connected account, and the keyword reply it got (or why not). The text itself is not kept.';

-- indexes -----------------------------------------------------------------------------------------

-- A keyword is unique among one influencer's active triggers.
create unique index keyword_triggers_active_keyword_key on public.keyword_triggers (influencer_id, keyword) where is_active;
create index keyword_triggers_campaign_id_idx on public.keyword_triggers (campaign_id);
create index keyword_triggers_influencer_id_idx on public.keyword_triggers (influencer_id, created_at desc);

create index instagram_events_influencer_idx on public.instagram_events (influencer_id, received_at desc);

-- row level security and grants -------------------------------------------------------------------

alter table public.keyword_triggers enable row level security;
revoke all on public.keyword_triggers from anon, authenticated;
grant select on public.keyword_triggers to authenticated;
grant all on public.keyword_triggers to service_role;

create policy "Influencers can read their own keyword triggers" on public.keyword_triggers
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every keyword trigger" on public.keyword_triggers
  for select to authenticated using ((select private.has_role('admin')));

alter table public.instagram_accounts enable row level security;
revoke all on public.instagram_accounts from anon, authenticated;
-- Column grants: a client role can never select the token, whatever a policy allows.
grant select (influencer_id, ig_user_id, username, connected_at) on public.instagram_accounts to authenticated;
grant all on public.instagram_accounts to service_role;

create policy "Influencers can read their own Instagram account" on public.instagram_accounts
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every Instagram account" on public.instagram_accounts
  for select to authenticated using ((select private.has_role('admin')));

alter table private.instagram_connect_states enable row level security;
revoke all on private.instagram_connect_states from public, anon, authenticated;
grant all on private.instagram_connect_states to service_role;

alter table public.instagram_events enable row level security;
revoke all on public.instagram_events from anon, authenticated;
grant select on public.instagram_events to authenticated;
grant all on public.instagram_events to service_role;

create policy "Influencers can read their own Instagram events" on public.instagram_events
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every Instagram event" on public.instagram_events
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

create or replace function private.new_instagram_connect_state(p_user_id uuid) returns uuid
language sql volatile security definer set search_path = ''
as $$
  -- Expired states of anyone are cleared on the way: the table stays small.
  with cleared as (delete from private.instagram_connect_states where expires_at < now())
  insert into private.instagram_connect_states (user_id) values (p_user_id) returning nonce
$$;

create or replace function private.consume_instagram_connect_state(p_nonce uuid, p_user_id uuid) returns boolean
language sql volatile security definer set search_path = ''
as $$
  with used as (
    delete from private.instagram_connect_states
    where nonce = p_nonce and user_id = p_user_id and expires_at >= now()
    returning 1
  )
  select exists (select 1 from used)
$$;

-- The influencer edits the template of one of their keyword triggers and switches it on or off.
create or replace function public.update_keyword_trigger(p_trigger_id uuid, p_template text, p_is_active boolean)
returns public.keyword_triggers
language plpgsql security definer set search_path = ''
as $$
declare
  trigger_row public.keyword_triggers;
  link_status public.link_status;
  campaign_status public.campaign_status;
begin
  select * into trigger_row from public.keyword_triggers
  where id = p_trigger_id and influencer_id = (select auth.uid())
  for update;
  if not found then
    raise exception 'Keyword reply not found' using errcode = 'P0002';
  end if;
  if p_is_active and not trigger_row.is_active then
    select l.status, c.status into link_status, campaign_status
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = trigger_row.affiliate_link_id;
    if link_status <> 'approved' or campaign_status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    if exists (
      select 1 from public.keyword_triggers
      where influencer_id = trigger_row.influencer_id and keyword = trigger_row.keyword and is_active and id <> p_trigger_id
    ) then
      raise exception 'Another active keyword reply already uses this keyword' using errcode = '55000';
    end if;
  end if;
  update public.keyword_triggers
  set dm_template_text = coalesce(p_template, dm_template_text),
      is_active = coalesce(p_is_active, is_active)
  where id = p_trigger_id
  returning * into trigger_row;
  return trigger_row;
end
$$;
comment on function public.update_keyword_trigger is 'An influencer rewords the DM template of one of their keyword triggers, or switches it on or off (on only while its campaign is active and its keyword free).';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.new_instagram_connect_state(uuid) from public;
grant execute on function private.new_instagram_connect_state(uuid) to service_role;
revoke execute on function private.consume_instagram_connect_state(uuid, uuid) from public;
grant execute on function private.consume_instagram_connect_state(uuid, uuid) to service_role;
revoke execute on function public.update_keyword_trigger(uuid, text, boolean) from public, anon;
grant execute on function public.update_keyword_trigger(uuid, text, boolean) to authenticated;

-- realtime ----------------------------------------------------------------------------------------

alter publication supabase_realtime add table public.instagram_events;

-- scheduled jobs ----------------------------------------------------------------------------------

-- pg_cron runs each command in the database; pg_net sends the HTTP request after the command's
-- transaction commits, with an explicit timeout. Hosted Supabase has both extensions available
-- (pg_cron in pg_catalog with its schema `cron`; pg_net in `extensions` with its functions in
-- schema `net`). The local stack has neither: its bootstrap (local-stack/bootstrap.sql) creates
-- stand-ins of cron, net and vault instead, and local-stack/scheduler.ts runs the jobs and sends
-- the requests, so these same statements apply there. The Telegram jobs (09_telegram.sql) rely on
-- this block too.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- Where and with what key a job calls comes from Vault, set once per project (README, deploy
-- steps):
--   project_url  https://<ref>.supabase.co
--   secret_key   a secret API key (sb_secret_...), sent ONLY as the `apikey` header: it is not a
--                JWT, so as `Authorization: Bearer` the gateway would refuse it ("Invalid JWT").
-- No legacy service_role JWT is involved. Until the two secrets exist a run has no URL and sends
-- nothing, and the functions refuse any call without a secret key. cron.schedule(name, ...)
-- replaces a job of the same name, so a schedule is changed by scheduling the name again.

-- The refresh of quiet Instagram accounts' tokens (instagram-webhook /refresh-tokens): daily at
-- 03:00 UTC. It calls Meta once per ageing token: up to a minute for many.
select cron.schedule(
  'refresh-instagram-tokens',
  '0 3 * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/instagram-webhook/refresh-tokens',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
    ),
    timeout_milliseconds := 60000
  ) as request_id;
  $job$
);

-- ==== supabase/schemas/09_telegram.sql ====

-- Telegram alerts: the chats a business or an admin linked to the bot, the single-use tokens of
-- the t.me/<bot>?start=<token> link that links them, and an outbox of notices to send. The outbox
-- is filled by triggers in the same transaction as the event (a new order, a completed payout, a
-- sign-up), so the event never waits for Telegram and no notice is lost when Telegram is away;
-- the functions drain it after answering, and a scheduled call (below) drains whatever is left.
--
-- Notices never carry a customer's phone. Owners read, switch and unlink their own chats; the chat
-- and its owner are set by the webhook only (service role). Tokens and the outbox live in the
-- private schema, for the service role alone.

-- types -------------------------------------------------------------------------------------------

create type public.telegram_notice_kind as enum ('new_order', 'payout_completed', 'new_signup');

-- tables ------------------------------------------------------------------------------------------

create table public.telegram_chats (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint telegram_chats_user_id_fkey references public.users (id) on delete cascade,
  -- Telegram's chat id: private chats are positive, groups negative, up to 52 bits.
  chat_id bigint not null,
  -- What the owner sees in the list: the Telegram name or group title at linking time.
  title text not null constraint telegram_chats_title_check check (char_length(title) between 1 and 128),
  -- The language of the notices: the app's language when the link was made (en or km).
  language text not null default 'en' constraint telegram_chats_language_check check (language in ('en', 'km')),
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
  language text not null constraint telegram_link_tokens_language_check check (language in ('en', 'km')),
  expires_at timestamptz not null default now() + interval '15 minutes'
);

create table private.telegram_outbox (
  id bigint generated always as identity primary key,
  telegram_chat_id uuid not null constraint telegram_outbox_telegram_chat_id_fkey references public.telegram_chats (id) on delete cascade,
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
  created_at timestamptz not null default now()
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.telegram_chats is 'A Telegram chat a business or admin linked to the bot, with the notices it wants.';
comment on table private.telegram_link_tokens is 'Hashes of the single-use tokens of Link Telegram, valid for fifteen minutes.';
comment on table private.telegram_outbox is 'Telegram notices waiting to be sent, written in the transaction of their event.';

-- indexes -----------------------------------------------------------------------------------------

-- The drain unlinks a chat that blocked the bot by Telegram's chat id.
create index telegram_chats_chat_id_idx on public.telegram_chats (chat_id);
create index telegram_link_tokens_user_id_idx on private.telegram_link_tokens (user_id);
create index telegram_outbox_due_idx on private.telegram_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index telegram_outbox_telegram_chat_id_idx on private.telegram_outbox (telegram_chat_id);

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

alter table private.telegram_outbox enable row level security;
revoke all on private.telegram_outbox from public, anon, authenticated;
grant all on private.telegram_outbox to service_role;

-- functions ---------------------------------------------------------------------------------------

-- A token for t.me/<bot>?start=<token>: 32 characters of [A-Za-z0-9_-] (Telegram allows 64).
create or replace function private.new_telegram_link_token(p_user_id uuid, p_language text) returns text
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

-- A new order (trigger orders_queue_telegram, below; orders are placed by private.place_order in
-- 05_orders.sql): the shop's chats and every admin's, those that want new orders.
create or replace function private.queue_telegram_new_order() returns trigger
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
  where c.user_id = new.user_id and c.notify_payouts;
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

-- The drain takes due notices under a one-minute lease (a drain that dies mid-send leaves them
-- to the next one); two drains at once never take the same notice.
create or replace function private.claim_telegram_outbox(p_limit integer)
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

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.new_telegram_link_token(uuid, text) from public;
grant execute on function private.new_telegram_link_token(uuid, text) to service_role;
revoke execute on function private.link_telegram_chat(text, bigint, text) from public;
grant execute on function private.link_telegram_chat(text, bigint, text) to service_role;
revoke execute on function private.queue_telegram_new_order() from public;
revoke execute on function private.queue_telegram_payout_completed() from public;
revoke execute on function private.queue_telegram_new_signup() from public;
revoke execute on function private.claim_telegram_outbox(integer) from public;
grant execute on function private.claim_telegram_outbox(integer) to service_role;

-- triggers ----------------------------------------------------------------------------------------
-- On the tables of other areas: public.orders (05_orders.sql), public.payout_requests
-- (06_ledger_and_payouts.sql) and public.users (01_accounts.sql).

create trigger orders_queue_telegram after insert on public.orders
  for each row execute function private.queue_telegram_new_order();
create trigger payout_requests_queue_telegram after update of status on public.payout_requests
  for each row when (old.status = 'pending' and new.status = 'completed')
  execute function private.queue_telegram_payout_completed();
-- Admins are made by the operator (private.create_admin), not signed up: no notice.
create trigger users_queue_telegram after insert on public.users
  for each row when (new.user_type <> 'admin')
  execute function private.queue_telegram_new_signup();

-- scheduled jobs ----------------------------------------------------------------------------------
-- pg_cron runs the command in the database; pg_net sends the HTTP request after the command's
-- transaction commits, with an explicit timeout. Both extensions are created (where available) in
-- 08_instagram.sql, the first file that schedules a job; the local stack has stand-ins of cron,
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

-- ==== supabase/schemas/10_audit.sql ====

-- The audit log: every admin action, written in the same transaction as the action itself, so an
-- action and its entry are committed (or rolled back) together.
--
-- Entries are written by AFTER triggers on the tables the admin actions change, not by the
-- functions that change them: whatever path makes the change (the api function, a PostgREST call
-- with an admin's token, a later function) is recorded, and no function can forget to. A trigger
-- records only when the caller (auth.uid(), set per transaction by the api function as PostgREST
-- does) is an approved admin: a checkout, a payout request or an operator's maintenance is not an
-- admin action. Each entry holds the before and after values of the changed columns only. The
-- triggers sit on the tables of the other areas (users, affiliate_links, orders,
-- order_status_history, payout_requests, marketplace_settings, delivery_zones); this file applies
-- last, after all of them exist.
--
-- Append-only: no client role may insert, update or delete (no grants), and triggers refuse
-- update, delete and truncate to everyone, the table's owner included. Only admins read it (RLS).
--
-- This file also holds private.account_identifiers, what the self-dealing check of link
-- applications (public.link_self_dealing, 03_campaigns_and_links.sql) compares between parties.

-- tables ------------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity primary key,
  -- Accounts are never deleted, so the actor stays resolvable; the email is also snapshotted, so
  -- an entry keeps saying who acted even if the account's email changes later.
  actor_id uuid not null constraint audit_log_actor_id_fkey references public.users (id),
  actor_email text not null,
  action text not null constraint audit_log_action_format check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text not null constraint audit_log_target_type_format check (target_type ~ '^[a-z_]+$'),
  target_id text not null constraint audit_log_target_id_length check (char_length(target_id) between 1 and 100),
  -- {before: {...}, after: {...}} of the changed columns, plus the reason and what names the
  -- target for a person (an email, an order number) where the action has them.
  details jsonb not null default '{}' constraint audit_log_details_object check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null default now()
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.audit_log is 'Every admin action (decisions, order changes, payouts, settings, delivery fees) with before and after values; append-only, read by admins only.';
comment on column public.audit_log.actor_email is 'The actor''s email when they acted (a snapshot).';
comment on column public.audit_log.details is 'before/after of the changed columns, and the reason and names of the target where there are any.';

-- indexes -----------------------------------------------------------------------------------------

-- GET /admin/audit-log reads newest first (id desc) and keyset-pages on id, with or without one
-- of these filters.
create index audit_log_actor_id_idx on public.audit_log (actor_id, id desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email), id desc);
create index audit_log_action_idx on public.audit_log (action, id desc);
create index audit_log_target_idx on public.audit_log (target_type, target_id, id desc);

-- row level security, grants and policies ---------------------------------------------------------

alter table public.audit_log enable row level security;
-- Nobody writes it directly, not even the api function's service connection: the triggers below
-- (security definer, running as the owner) are the only writers.
revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated;

create policy "Admins can read the audit log" on public.audit_log
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

create or replace function private.refuse_audit_log_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only: its entries are never changed or deleted' using errcode = '55000';
end
$$;
comment on function private.refuse_audit_log_change is 'Trigger: audit log entries are never updated, deleted or truncated, by anyone.';

-- The columns whose values differ between two versions of a row, as {before, after}; the ignored
-- keys (updated_at and the like) are bookkeeping, not part of the change. Null when nothing changed.
create or replace function private.audit_changes(p_old jsonb, p_new jsonb, p_ignored text[] default '{}')
returns jsonb
language sql immutable set search_path = ''
as $$
  select case when count(*) = 0 then null else jsonb_build_object(
    'before', jsonb_object_agg(n.key, p_old -> n.key),
    'after', jsonb_object_agg(n.key, n.value)) end
  from jsonb_each(p_new) as n
  where not n.key = any (p_ignored) and (p_old -> n.key) is distinct from n.value
$$;
comment on function private.audit_changes is 'The changed columns of a row as {before, after}, or null when none changed.';

-- One entry by the calling admin; nothing when the caller is not an approved admin.
create or replace function private.record_admin_action(p_action text, p_target_type text, p_target_id text, p_details jsonb)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  actor public.users;
begin
  select * into actor from public.users
  where id = (select auth.uid()) and user_type = 'admin' and status = 'approved';
  if not found then
    return;
  end if;
  -- Keys without a value (no reason on an approval) are left out; nulls inside before and after
  -- stay, since "was empty" is part of a change.
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, details)
  select actor.id, actor.email, p_action, p_target_type, p_target_id,
         coalesce((select jsonb_object_agg(d.key, d.value) from jsonb_each(p_details) as d
                   where d.value <> 'null'::jsonb), '{}');
end
$$;
comment on function private.record_admin_action is 'Writes one audit log entry for the calling admin; does nothing for any other caller.';

-- Account decisions (public.set_user_status, 01_accounts.sql): user.approve, user.reject with the
-- reason.
create or replace function private.audit_user_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case new.status when 'approved' then 'user.approve' when 'rejected' then 'user.reject' else 'user.status_change' end,
    'user', new.id::text,
    private.audit_changes(
      jsonb_build_object('status', old.status, 'rejection_reason', old.rejection_reason),
      jsonb_build_object('status', new.status, 'rejection_reason', new.rejection_reason))
    || jsonb_build_object('reason', new.rejection_reason, 'email', new.email, 'user_type', new.user_type));
  return null;
end
$$;
comment on function private.audit_user_status is 'Trigger: records an admin''s approval or rejection of an account.';

-- Link decisions (public.decide_affiliate_link, 03_campaigns_and_links.sql): link.approve,
-- link.reject with the reason. The reason is inserted into affiliate_link_rejections after the
-- link's update, so this trigger is deferred to the end of the transaction, where both are there.
create or replace function private.audit_link_decision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  current_link public.affiliate_links;
begin
  -- The row as it is at commit (a deferred trigger's NEW is the row as that update left it).
  select * into current_link from public.affiliate_links where id = new.id;
  perform private.record_admin_action(
    case new.status when 'approved' then 'link.approve' when 'rejected' then 'link.reject' else 'link.status_change' end,
    'affiliate_link', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', old.status),
      'after', jsonb_build_object('status', new.status, 'short_code', new.short_code),
      'reason', (select r.reason from public.affiliate_link_rejections r where r.affiliate_link_id = new.id),
      'influencer_email', (select u.email from public.users u where u.id = new.influencer_id),
      'product_name', (select c.product_name from public.campaigns c where c.id = new.campaign_id)));
  return null;
end
$$;
comment on function private.audit_link_decision is 'Constraint trigger (deferred): records an admin''s approval or rejection (with its reason) of a link.';

-- Order status changes (public.change_order_status, 05_orders.sql), cancellations and reopenings
-- included: each one writes a history row, which carries from, to, the note and the cancellation
-- reason.
create or replace function private.audit_order_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('order.status_change', 'order', new.order_id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', new.from_status),
      'after', jsonb_build_object('status', new.to_status),
      'reason', new.cancellation_reason,
      'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id)));
  return null;
end
$$;
comment on function private.audit_order_status is 'Trigger: records an admin''s change of an order''s status, with the cancellation reason.';

-- Order reviews (public.review_order, 05_orders.sql: review_status held -> cleared). The flags
-- live in public.order_flags, not on the order.
create or replace function private.audit_order_review() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('order.review', 'order', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('review_status', old.review_status),
      'after', jsonb_build_object('review_status', new.review_status),
      'flags', (select to_jsonb(f.flags) from public.order_flags f where f.order_id = new.id),
      'order_number', new.order_number));
  return null;
end
$$;
comment on function private.audit_order_review is 'Trigger: records an admin''s review of a flagged order (review_status before and after).';

-- Payout completions (public.complete_payouts, 06_ledger_and_payouts.sql): one entry per
-- completed request.
create or replace function private.audit_payout_completion() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('payout.complete', 'payout_request', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', old.status),
      'after', jsonb_build_object('status', new.status, 'aba_reference', new.aba_reference),
      'amount_cents', new.amount_cents,
      'user_id', new.user_id,
      'email', (select u.email from public.users u where u.id = new.user_id)));
  return null;
end
$$;
comment on function private.audit_payout_completion is 'Trigger: records an admin''s completion of a payout request with its ABA reference.';

-- Marketplace settings (public.update_marketplace_settings, 02_settings.sql): the changed settings
-- only, so every settings column is recorded without naming it here. Saving unchanged values
-- records nothing.
create or replace function private.audit_settings_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb := private.audit_changes(to_jsonb(old), to_jsonb(new), array['id', 'updated_at', 'updated_by']);
begin
  if changes is not null then
    perform private.record_admin_action('settings.update', 'marketplace_settings', 'marketplace', changes);
  end if;
  return null;
end
$$;
comment on function private.audit_settings_update is 'Trigger: records an admin''s change of the marketplace settings (changed values only).';

-- Delivery fees (04_zones.sql): admins change them through the "Admins can change delivery fees"
-- policy (an admin's token at PostgREST), which no function wraps, so the table's trigger records
-- them.
create or replace function private.audit_delivery_zone_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb := private.audit_changes(to_jsonb(old), to_jsonb(new), array['id', 'updated_at']);
begin
  if changes is not null then
    perform private.record_admin_action('delivery_zone.update', 'delivery_zone', new.id::text,
      changes || jsonb_build_object('district', new.district, 'commune', new.commune));
  end if;
  return null;
end
$$;
comment on function private.audit_delivery_zone_update is 'Trigger: records an admin''s change of a delivery zone''s fee.';

-- What identifies where a user is reached and paid: (kind, value) pairs compared across parties by
-- public.link_self_dealing (03_campaigns_and_links.sql):
--   phone         users.phone, users.store_phone, digits only;
--   bank_account  users.account_number, or the account number a KHQR carries in sub-tag 01 of tag
--                 29/30 (as ABA's "Receive" codes do), digits only;
--   khqr_account  the Bakong id (sub-tag 00 of tag 29/30) with the account information (sub-tag
--                 01): ABA puts its own Bakong id in every personal code, so the id alone would
--                 match every two ABA users.
create or replace function private.account_identifiers(p_user public.users)
returns table (kind text, value text)
language sql immutable set search_path = ''
as $$
  with khqr as (
    select coalesce(private.tlv_value(p_user.khqr, '29'), private.tlv_value(p_user.khqr, '30')) as account
  ), khqr_account as (
    select lower(private.tlv_value(account, '00')) as bakong_id, btrim(private.tlv_value(account, '01')) as info
    from khqr
  )
  select 'phone', regexp_replace(phone, '[^0-9]', '', 'g')
  from unnest(array[p_user.phone, p_user.store_phone]) as phone
  where regexp_replace(phone, '[^0-9]', '', 'g') <> ''
  union
  select 'bank_account', digits
  from (select regexp_replace(p_user.account_number, '[^0-9]', '', 'g') as digits
        union all
        -- A KHQR's account information counts as an account number when it is one (digits, spaces, dashes).
        select regexp_replace(info, '[^0-9]', '', 'g') from khqr_account where info ~ '^[0-9 -]+$') numbers
  where digits <> ''
  union
  select 'khqr_account', bakong_id || '/' || coalesce(info, '')
  from khqr_account where bakong_id is not null
$$;
comment on function private.account_identifiers is 'A user''s phones, account numbers (profile and KHQR) and KHQR account, as (kind, value) pairs for the self-dealing check.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.refuse_audit_log_change() from public;
revoke execute on function private.audit_changes(jsonb, jsonb, text[]) from public;
revoke execute on function private.record_admin_action(text, text, text, jsonb) from public;
revoke execute on function private.audit_user_status() from public;
revoke execute on function private.audit_link_decision() from public;
revoke execute on function private.audit_order_status() from public;
revoke execute on function private.audit_order_review() from public;
revoke execute on function private.audit_payout_completion() from public;
revoke execute on function private.audit_settings_update() from public;
revoke execute on function private.audit_delivery_zone_update() from public;
revoke execute on function private.account_identifiers(public.users) from public;

-- triggers ----------------------------------------------------------------------------------------

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_log_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_log_change();

create trigger users_audit_status after update of status on public.users
  for each row when (old.status is distinct from new.status)
  execute function private.audit_user_status();

create constraint trigger affiliate_links_audit_decision after update of status on public.affiliate_links
  deferrable initially deferred
  for each row when (old.status is distinct from new.status)
  execute function private.audit_link_decision();

-- A history row without changed_by is a checkout's first status, never an admin's.
create trigger order_status_history_audit after insert on public.order_status_history
  for each row when (new.changed_by is not null)
  execute function private.audit_order_status();

create trigger orders_audit_review after update of review_status on public.orders
  for each row when (old.review_status is distinct from new.review_status)
  execute function private.audit_order_review();

create trigger payout_requests_audit_completion after update of status on public.payout_requests
  for each row when (old.status is distinct from new.status)
  execute function private.audit_payout_completion();

create trigger marketplace_settings_audit after update on public.marketplace_settings
  for each row execute function private.audit_settings_update();

create trigger delivery_zones_audit after update on public.delivery_zones
  for each row execute function private.audit_delivery_zone_update();
