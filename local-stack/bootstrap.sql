-- Local-only bootstrap: recreates what a hosted Supabase project already has before any
-- migration runs (roles, the auth helpers, the extensions schema, the realtime publication and
-- the storage tables). It is idempotent and never a migration: hosted Supabase owns these.
--
-- It runs as a superuser (supabase_admin, as on hosted). Migrations then run as `postgres`, which
-- on hosted is NOT a superuser: it gets here the grants and ownerships hosted gives it (its role
-- attributes and the database's ownership are set where the stack makes its cluster,
-- local-stack/postgres.ts), so a migration hosted would refuse fails locally first.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
end
$$;

-- `postgres` acts as the API roles, as PostgREST does.
grant anon, authenticated, service_role to postgres;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- auth: the three helpers RLS policies use, reading the claims the api function (or the
-- realtime stand-in) sets with set_config('request.jwt.claims', ..., true).
create schema if not exists auth;
grant usage on schema auth to postgres, anon, authenticated, service_role;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'role', '')
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- public: hosted Supabase grants table privileges to the API roles by default and relies on
-- RLS; mirror that so migrations behave the same here.
-- RLS; mirror that so migrations behave the same here. The defaults are those of objects that
-- `postgres` creates, since migrations run as it.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
-- Owned by postgres, as on hosted, so migrations can add their tables to it.
alter publication supabase_realtime owner to postgres;

-- storage: the two tables of Supabase Storage the stand-in uses. Buckets are rows, so a
-- migration can create one exactly as it would on hosted Supabase.
-- Owned by supabase_storage_admin, as on hosted. Hosted lets `postgres` create policies on
-- storage.objects through supautils' policy_grants; membership in the owner role is the nearest
-- plain-Postgres equivalent (broader: hosted would also refuse postgres an ALTER TABLE there).
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
grant select on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to service_role, postgres;
grant supabase_storage_admin to postgres;

-- storage.foldername(name): the folder segments of an object name, which hosted Supabase
-- provides for storage policies such as "first folder is the uploader's id".
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:cardinality(string_to_array(name, '/')) - 1]
$$;
grant execute on function storage.foldername(text) to postgres, anon, authenticated, service_role;
