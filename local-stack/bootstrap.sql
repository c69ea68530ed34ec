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
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
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

-- realtime: what Supabase Realtime creates in a project for Broadcast from the database (its
-- tenant migrations, server 2.129): realtime.messages, partitioned by day on inserted_at (the
-- Realtime server, here the stand-in in local-stack/realtime, creates the partitions of
-- yesterday to three days ahead and drops those older than three days), realtime.topic(),
-- realtime.send() and realtime.broadcast_changes(), and the publication the server streams
-- inserted messages from. RLS is on and there are no policies: a project's migrations add them
-- (who may join which private topic). Owned by supabase_realtime_admin, as on hosted; `postgres`
-- is a member so migrations can create policies on realtime.messages (hosted allows that too).
create schema if not exists realtime authorization supabase_realtime_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
) partition by range (inserted_at);
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to postgres;
grant supabase_realtime_admin to postgres;

-- The topic of the channel a policy is checked for: the server sets it (without the "realtime:"
-- prefix) before it checks a join, and realtime.send sets it before its insert.
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Sends one message to a topic's subscribers once the transaction commits. It runs as the caller
-- (so RLS on realtime.messages applies to the insert) and never fails the caller: any error, a
-- missing partition included, becomes a WARNING and the message is lost.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;

-- A row trigger's change as one message: {old_record, record, operation, table, schema}.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                   'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages;
  end if;
end
$$;

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

-- cron, net and vault: stand-ins for pg_cron, pg_net and Supabase Vault, which hosted projects
-- have and a plain PostgreSQL does not. Only the parts the migrations use, with the same names
-- and signatures, so the scheduled jobs of supabase/schemas/ apply unchanged; the local
-- scheduler (local-stack/scheduler.ts) plays pg_cron's and pg_net's background workers.
create schema if not exists cron;
grant usage on schema cron to postgres;

-- pg_cron's job table (its columns; `active` and `jobname` as in pg_cron 1.3+).
create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text unique
);
create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
grant select, insert, update, delete on cron.job to postgres;
grant usage on sequence cron.job_jobid_seq to postgres;
grant select on cron.job_run_details to postgres;

-- cron.schedule(job_name, schedule, command): creates the job, or replaces the schedule and
-- command of the job with that name (pg_cron's behaviour), and returns its id. The caller
-- (current_user) becomes the job's user: the role its command runs as.
create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql set search_path = ''
as $$
declare
  id bigint;
begin
  if array_length(regexp_split_to_array(trim(schedule), '\s+'), 1) <> 5 then
    raise exception 'invalid schedule: %', schedule using hint = 'five fields: minute hour day month weekday';
  end if;
  insert into cron.job (jobname, schedule, command, username)
  values (job_name, schedule, command, current_user)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid into id;
  return id;
end
$$;
create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql set search_path = ''
as $$
begin
  delete from cron.job where jobname = job_name;
  return found;
end
$$;
revoke all on function cron.schedule(text, text, text), cron.unschedule(text) from public;
grant execute on function cron.schedule(text, text, text), cron.unschedule(text) to postgres;

-- pg_net: net.http_post queues the request (its own table names) and returns its id; nothing is
-- sent before the transaction commits, as with pg_net. The scheduler sends queued requests from
-- Node with the request's timeout and records the answer in net._http_response.
create schema if not exists net;
grant usage on schema net to postgres;
create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);
create table if not exists net._http_response (
  id bigint primary key,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
grant select on net.http_request_queue, net._http_response to postgres;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  id bigint;
begin
  if url is null then
    raise exception 'url must not be null';
  end if;
  -- The migrations send no query parameters; the stand-in does not encode them.
  if params is not null and params <> '{}'::jsonb then
    raise exception 'the local net.http_post stand-in does not support params';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', url, coalesce(headers, '{}'::jsonb), convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'),
          timeout_milliseconds)
  returning http_request_queue.id into id;
  -- Wakes the scheduler once this transaction commits (a notification is held until then).
  perform pg_notify('net_http_request', id::text);
  return id;
end
$$;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres;

-- Vault: named secrets, read through vault.decrypted_secrets. Hosted encrypts them at rest; this
-- local stand-in keeps the (public, local) values as they are.
create schema if not exists vault;
grant usage on schema vault to postgres;
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
  from vault.secrets;
grant select on vault.decrypted_secrets to postgres;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
language sql security definer set search_path = ''
as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;
create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
) returns void
language sql security definer set search_path = ''
as $$
  update vault.secrets
  set secret = coalesce(new_secret, secret),
      name = coalesce(new_name, name),
      description = coalesce(new_description, description),
      key_id = coalesce(new_key_id, key_id),
      updated_at = now()
  where id = secret_id
$$;
revoke all on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  from public;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  to postgres;
