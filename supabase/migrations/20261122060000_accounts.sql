-- Accounts: one public.users row per account (profile, type, approval status), credentials and
-- login attempts in the private schema no client role can read, and the security definer
-- functions the api function calls for registration, login and admin decisions.

create schema if not exists private;
comment on schema private is 'Helpers and secrets; never exposed through the API, no table granted to client roles.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- users ----------------------------------------------------------------------------------------

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  user_type text not null check (user_type in ('business', 'influencer', 'admin')),
  status text not null default 'pending_approval'
    check (status in ('pending_approval', 'approved', 'rejected')),
  is_approved boolean generated always as (status = 'approved') stored,
  full_name text,
  business_name text,
  social_media_page text,
  platform text check (platform in ('instagram', 'facebook')),
  store_phone text,
  business_logo_url text,
  bank_name text,
  account_name text,
  account_number text,
  decided_at timestamptz,
  decided_by uuid references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_logo_only_for_businesses check (business_logo_url is null or user_type = 'business')
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

create function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.users
    where id = (select auth.uid()) and user_type = 'admin' and status = 'approved'
  )
$$;
comment on function private.is_admin() is 'True when the caller (auth.uid()) is an approved admin; used by policies.';
revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated, service_role;

create policy "Users can read their own account" on public.users
  for select to authenticated using (id = (select auth.uid()));

create policy "Admins can read every account" on public.users
  for select to authenticated using ((select private.is_admin()));

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

create table private.login_failures (
  login_failure_id bigint generated always as identity primary key,
  email text not null,
  client_ip text not null,
  failed_at timestamptz not null default now()
);
comment on table private.login_failures is 'Failed sign-ins, counted to slow and then refuse guessing per email and per address.';
alter table private.login_failures enable row level security;
create index login_failures_email_idx on private.login_failures (lower(email), failed_at);
create index login_failures_ip_idx on private.login_failures (client_ip, failed_at);
create index login_failures_failed_at_idx on private.login_failures (failed_at);

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
  values (lower(trim(p_email)), p_user_type, p_social_media_page, p_store_phone, p_full_name, p_platform)
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

create function private.recent_login_failures(p_email text, p_client_ip text, p_window interval)
returns table (by_email bigint, by_ip bigint)
language sql stable security definer set search_path = ''
as $$
  select
    (select count(*) from private.login_failures
      where lower(email) = lower(trim(p_email)) and failed_at > now() - p_window),
    (select count(*) from private.login_failures
      where client_ip = p_client_ip and failed_at > now() - p_window)
$$;

create function private.record_login_failure(p_email text, p_client_ip text) returns void
language sql security definer set search_path = ''
as $$
  insert into private.login_failures (email, client_ip) values (lower(trim(p_email)), p_client_ip);
  -- Keep the table small: nothing older than a day matters.
  delete from private.login_failures where failed_at < now() - interval '1 day';
$$;

create function private.clear_login_failures(p_email text) returns void
language sql security definer set search_path = ''
as $$
  delete from private.login_failures where lower(email) = lower(trim(p_email));
$$;

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

revoke execute on function private.register_user, private.verify_login, private.recent_login_failures,
  private.record_login_failure, private.clear_login_failures, private.create_admin from public;
grant execute on function private.register_user, private.verify_login, private.recent_login_failures,
  private.record_login_failure, private.clear_login_failures to service_role;

-- admin decisions ---------------------------------------------------------------------------------

create function public.set_user_status(p_user_id uuid, p_status text) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
begin
  if not private.is_admin() then
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
  set status = p_status, decided_at = now(), decided_by = (select auth.uid())
  where id = p_user_id
  returning * into target;
  return target;
end
$$;
comment on function public.set_user_status is 'An admin approves or rejects a pending account (once).';
revoke execute on function public.set_user_status from public, anon;
grant execute on function public.set_user_status to authenticated, service_role;
