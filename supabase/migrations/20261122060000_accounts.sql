-- Accounts: one public.users row per account (profile, type, approval status), credentials and
-- sign-in and sign-up attempts in the private schema no client role can read, and the security
-- definer functions the api function calls for registration, sign-in and admin decisions.
--
-- Hosted Supabase serves the public schema through PostgREST to the very tokens the api function
-- issues, so every rule the API applies to a column a client may write is also a constraint here
-- (lengths, http(s)-only URLs): a direct write cannot store what the API would refuse.

create schema if not exists private;
comment on schema private is 'Helpers and secrets; never exposed through the API, no table granted to client roles.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- An http(s) URL of at most p_max_length characters without control characters: never
-- javascript:, data: or any other scheme a browser would run or render as a page.
create function private.is_http_url(p_url text, p_max_length integer) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url ~* '^https?:' and length(p_url) <= p_max_length and p_url !~ '[[:cntrl:]]'
$$;
comment on function private.is_http_url is 'True for an http(s) URL within the length, as the API''s URL fields accept them.';

create function private.are_http_urls(p_urls text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(private.is_http_url(url, 2000)), true) from unnest(p_urls) as url
$$;
comment on function private.are_http_urls is 'True when every element is an http(s) URL of at most 2000 characters.';

-- Constraints evaluate their functions as the writer, so the roles that write need EXECUTE.
revoke execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) from public;
grant execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) to authenticated, service_role;

-- users ----------------------------------------------------------------------------------------

create type public.user_type as enum ('business', 'influencer', 'admin');
create type public.account_status as enum ('pending_approval', 'approved', 'rejected');
create type public.social_platform as enum ('instagram', 'facebook');

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
  decided_by uuid references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_logo_only_for_businesses check (business_logo_url is null or user_type = 'business'),
  -- The profile columns a user may update on their own row, limited as the API limits them.
  constraint users_bank_name_length check (bank_name is null or length(bank_name) <= 100),
  constraint users_account_name_length check (account_name is null or length(account_name) <= 120),
  constraint users_account_number_digits check (account_number is null or account_number ~ '^[0-9 ]{0,30}$'),
  constraint users_business_logo_url_http check (business_logo_url is null or private.is_http_url(business_logo_url, 500))
);
comment on table public.users is 'Every account (business, influencer, admin) with its profile and approval status.';

create unique index users_email_key on public.users (lower(email));
create index users_status_idx on public.users (status);
create index users_created_at_idx on public.users (created_at desc);
create index users_decided_by_idx on public.users (decided_by);

alter table public.users enable row level security;

-- Clients read and write only through policies; nobody inserts or deletes accounts directly
-- (registration goes through private.register_user), and the only columns a user can change on
-- their own row are the profile ones, never type, status or email.
revoke all on public.users from anon, authenticated;
grant select on public.users to authenticated;
grant update (business_logo_url, bank_name, account_name, account_number) on public.users to authenticated;
grant all on public.users to service_role;

-- The one role helper of every policy and function: is the caller (auth.uid()) an approved
-- account of this type? Policies call it as `(select private.has_role('admin'))`, evaluated once
-- per statement.
create function private.has_role(p_user_type public.user_type) returns boolean
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

create function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.touch_updated_at() from public;

create trigger users_touch_updated_at before update on public.users
  for each row execute function private.touch_updated_at();

alter publication supabase_realtime add table public.users;

-- credentials and login attempts ---------------------------------------------------------------

create table private.credentials (
  user_id uuid primary key references public.users (id) on delete cascade,
  password_hash text not null,
  updated_at timestamptz not null default now()
);
comment on table private.credentials is 'bcrypt password hashes; readable only by the owner role through the functions below.';
alter table private.credentials enable row level security;

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
comment on table private.login_failures is 'Sign-in attempts that failed (or are still being checked), counted per email and address and per address.';
alter table private.login_failures enable row level security;
create index login_failures_pair_idx on private.login_failures (client_ip, lower(email), failed_at);
create index login_failures_ip_idx on private.login_failures (client_ip, failed_at);
create index login_failures_failed_at_idx on private.login_failures (failed_at);

create table private.signup_attempts (
  signup_attempt_id bigint generated always as identity primary key,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);
comment on table private.signup_attempts is 'Sign-up attempts per address, counted to limit them (each costs a bcrypt hash and an approval card).';
alter table private.signup_attempts enable row level security;
create index signup_attempts_ip_idx on private.signup_attempts (client_ip, attempted_at);
create index signup_attempts_attempted_at_idx on private.signup_attempts (attempted_at);

-- functions the api function calls with the service role ----------------------------------------

create function private.register_user(
  p_email text,
  p_password text,
  p_user_type text,
  p_social_media_page text default null,
  p_store_phone text default null,
  p_full_name text default null,
  p_platform text default null
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
  insert into public.users (email, user_type, social_media_page, store_phone, full_name, platform)
  values (lower(trim(p_email)), p_user_type::public.user_type, p_social_media_page, p_store_phone, p_full_name,
    p_platform::public.social_platform)
  returning * into new_user;
  insert into private.credentials (user_id, password_hash)
  values (new_user.id, extensions.crypt(p_password, extensions.gen_salt('bf', 10)));
  return new_user;
end
$$;
comment on function private.register_user is 'Creates a pending business or influencer account with a bcrypt password.';

create function private.verify_login(p_email text, p_password text) returns public.users
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
create function private.begin_login_attempt(p_email text, p_client_ip text)
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
create function private.login_succeeded(p_attempt_id bigint, p_email text, p_client_ip text) returns void
language sql security definer set search_path = ''
as $$
  delete from private.login_failures
  where login_failure_id = p_attempt_id
     or (client_ip = p_client_ip and lower(email) = lower(trim(p_email)));
$$;
comment on function private.login_succeeded is 'Clears a successful attempt and the failures of that email from that address.';

-- Counts a sign-up attempt of an address, refusing the 11th within an hour (P0429).
create function private.note_signup_attempt(p_client_ip text) returns void
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

create function private.create_admin(p_email text, p_password text) returns public.users
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

revoke execute on function private.register_user, private.verify_login, private.begin_login_attempt,
  private.login_succeeded, private.note_signup_attempt, private.create_admin from public;
grant execute on function private.register_user, private.verify_login, private.begin_login_attempt,
  private.login_succeeded, private.note_signup_attempt to service_role;

-- admin decisions ---------------------------------------------------------------------------------

create function public.set_user_status(p_user_id uuid, p_status text) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected') then
    raise exception 'status must be approved or rejected' using errcode = '22023';
  end if;
  select * into target from public.users where id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if target.status <> 'pending_approval' then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status, decided_at = now(), decided_by = (select auth.uid())
  where id = p_user_id
  returning * into target;
  return target;
end
$$;
comment on function public.set_user_status is 'An admin approves or rejects a pending account (once).';
revoke execute on function public.set_user_status from public, anon;
grant execute on function public.set_user_status to authenticated, service_role;
