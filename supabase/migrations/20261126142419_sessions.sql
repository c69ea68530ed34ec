-- sessions: written by npm run db:diff from supabase/schemas/. Reviewed by: the session that wrote it (privileges and comments added by hand).

create type "public"."session_end_reason" as enum ('signed_out', 'signed_out_everywhere', 'refresh_token_reused', 'idle', 'password_changed', 'password_reset');


  create table "private"."password_reset_requests" (
    "password_reset_request_id" bigint generated always as identity not null,
    "email" text not null,
    "client_ip" text not null,
    "requested_at" timestamp with time zone not null default now()
      );


alter table "private"."password_reset_requests" enable row level security;


  create table "private"."password_resets" (
    "token_hash" bytea not null,
    "user_id" uuid not null,
    "created_at" timestamp with time zone not null default now(),
    "expires_at" timestamp with time zone not null default (now() + '00:30:00'::interval),
    "used_at" timestamp with time zone
      );


alter table "private"."password_resets" enable row level security;


  create table "private"."refresh_tokens" (
    "token_hash" bytea not null,
    "session_id" uuid not null,
    "issued_at" timestamp with time zone not null default now(),
    "rotated_at" timestamp with time zone
      );


alter table "private"."refresh_tokens" enable row level security;


  create table "private"."sessions" (
    "session_id" uuid not null default gen_random_uuid(),
    "user_id" uuid not null,
    "device" text not null default ''::text,
    "created_at" timestamp with time zone not null default now(),
    "last_used_at" timestamp with time zone not null default now(),
    "ended_at" timestamp with time zone,
    "end_reason" session_end_reason
      );


alter table "private"."sessions" enable row level security;

CREATE INDEX password_reset_requests_email_idx ON private.password_reset_requests USING btree (lower(email), requested_at);

CREATE INDEX password_reset_requests_ip_idx ON private.password_reset_requests USING btree (client_ip, requested_at);

CREATE UNIQUE INDEX password_reset_requests_pkey ON private.password_reset_requests USING btree (password_reset_request_id);

CREATE UNIQUE INDEX password_resets_pkey ON private.password_resets USING btree (token_hash);

CREATE INDEX password_resets_user_id_idx ON private.password_resets USING btree (user_id);

CREATE UNIQUE INDEX refresh_tokens_pkey ON private.refresh_tokens USING btree (token_hash);

CREATE INDEX refresh_tokens_session_id_idx ON private.refresh_tokens USING btree (session_id);

CREATE UNIQUE INDEX sessions_pkey ON private.sessions USING btree (session_id);

CREATE INDEX sessions_user_id_idx ON private.sessions USING btree (user_id, last_used_at DESC);

alter table "private"."password_reset_requests" add constraint "password_reset_requests_pkey" PRIMARY KEY using index "password_reset_requests_pkey";

alter table "private"."password_resets" add constraint "password_resets_pkey" PRIMARY KEY using index "password_resets_pkey";

alter table "private"."refresh_tokens" add constraint "refresh_tokens_pkey" PRIMARY KEY using index "refresh_tokens_pkey";

alter table "private"."sessions" add constraint "sessions_pkey" PRIMARY KEY using index "sessions_pkey";

alter table "private"."password_resets" add constraint "password_resets_user_id_fkey" FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE not valid;

alter table "private"."password_resets" validate constraint "password_resets_user_id_fkey";

alter table "private"."refresh_tokens" add constraint "refresh_tokens_session_id_fkey" FOREIGN KEY (session_id) REFERENCES private.sessions(session_id) ON DELETE CASCADE not valid;

alter table "private"."refresh_tokens" validate constraint "refresh_tokens_session_id_fkey";

alter table "private"."sessions" add constraint "sessions_device_length" CHECK ((char_length(device) <= 100)) not valid;

alter table "private"."sessions" validate constraint "sessions_device_length";

alter table "private"."sessions" add constraint "sessions_ended_with_reason" CHECK (((ended_at IS NULL) = (end_reason IS NULL))) not valid;

alter table "private"."sessions" validate constraint "sessions_ended_with_reason";

alter table "private"."sessions" add constraint "sessions_user_id_fkey" FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE not valid;

alter table "private"."sessions" validate constraint "sessions_user_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.caller_session_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
  select case when s ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then s::uuid end
  from (select (select auth.jwt()) ->> 'session_id' as s) as claim
$function$
;

CREATE OR REPLACE FUNCTION private.issue_refresh_token(p_session_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := private.random_token(32);
begin
  insert into private.refresh_tokens (token_hash, session_id)
  values (extensions.digest(token, 'sha256'), p_session_id);
  return token;
end
$function$
;

CREATE OR REPLACE FUNCTION private.password_reset_email(p_token text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.email
  from private.password_resets r join public.users u on u.id = r.user_id
  where r.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and r.used_at is null and r.expires_at > now()
$function$
;

CREATE OR REPLACE FUNCTION private.random_token(p_bytes integer)
 RETURNS text
 LANGUAGE sql
AS $function$
  select rtrim(translate(encode(extensions.gen_random_bytes(p_bytes), 'base64'), '+/', '-_'), '=')
$function$
;

CREATE OR REPLACE FUNCTION private.refresh_session(p_refresh_token text)
 RETURNS TABLE(outcome text, user_id uuid, session_id uuid, refresh_token text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  presented private.refresh_tokens;
  session private.sessions;
begin
  select * into presented from private.refresh_tokens t
  where t.token_hash = extensions.digest(coalesce(p_refresh_token, ''), 'sha256');
  if not found then
    outcome := 'unknown';
    return next;
    return;
  end if;
  select * into session from private.sessions s where s.session_id = presented.session_id for update;
  -- Read again under the lock: a refresh that held it may have swapped this token meanwhile.
  select * into presented from private.refresh_tokens t where t.token_hash = presented.token_hash;
  user_id := session.user_id;
  session_id := session.session_id;

  if not private.session_is_active(session) then
    update private.sessions s set ended_at = now(), end_reason = 'idle'
    where s.session_id = session.session_id and s.ended_at is null;
    outcome := 'ended';
  elsif presented.rotated_at < now() - interval '10 seconds' then
    update private.sessions s set ended_at = now(), end_reason = 'refresh_token_reused'
    where s.session_id = session.session_id;
    outcome := 'reused';
  else
    update private.refresh_tokens t set rotated_at = now()
    where t.session_id = session.session_id and t.rotated_at is null;
    -- Tokens swapped over a day ago are forgotten: the table keeps about a day of each session.
    delete from private.refresh_tokens t
    where t.session_id = session.session_id and t.rotated_at < now() - interval '1 day';
    update private.sessions s set last_used_at = now() where s.session_id = session.session_id;
    refresh_token := private.issue_refresh_token(session.session_id);
    outcome := 'rotated';
  end if;
  return next;
end
$function$
;

CREATE OR REPLACE FUNCTION private.request_password_reset(p_email text, p_client_ip text)
 RETURNS TABLE(user_id uuid, email text, reset_token text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_email text := lower(trim(coalesce(p_email, '')));
  account public.users;
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('password-reset:ip:' || p_client_ip, 0));
  perform pg_advisory_xact_lock(hashtextextended('password-reset:email:' || v_email, 0));
  if (select count(*) from private.password_reset_requests r
      where r.client_ip = p_client_ip and r.requested_at > now() - interval '1 hour') >= 20 then
    raise exception 'Too many password reset requests from this network. Please wait an hour and try again.'
      using errcode = 'P0429';
  end if;
  if (select count(*) from private.password_reset_requests r
      where lower(r.email) = v_email and r.requested_at > now() - interval '1 hour') >= 5 then
    raise exception 'Too many password reset requests for this email. Please wait an hour and try again.'
      using errcode = 'P0429';
  end if;
  insert into private.password_reset_requests (email, client_ip) values (v_email, p_client_ip);
  delete from private.password_reset_requests r where r.requested_at < now() - interval '1 day';

  select * into account from public.users u where lower(u.email) = v_email;
  if not found then
    return;
  end if;
  delete from private.password_resets r where r.user_id = account.id and r.used_at is null;
  reset_token := private.random_token(32);
  insert into private.password_resets (token_hash, user_id) values (extensions.digest(reset_token, 'sha256'), account.id);
  user_id := account.id;
  email := account.email;
  return next;
end
$function$
;

CREATE OR REPLACE FUNCTION private.reset_password(p_token text, p_new_password text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reset private.password_resets;
begin
  if char_length(coalesce(p_new_password, '')) < 8 or octet_length(p_new_password) > 72 then
    raise exception 'Password must be 8 characters to 72 bytes' using errcode = '22023';
  end if;
  update private.password_resets r set used_at = now()
  where r.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256') and r.used_at is null and r.expires_at > now()
  returning * into reset;
  if not found then
    return false;
  end if;
  update private.credentials c
  set password_hash = extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), updated_at = now()
  where c.user_id = reset.user_id;
  update private.sessions s set ended_at = now(), end_reason = 'password_reset'
  where s.user_id = reset.user_id and s.ended_at is null;
  return true;
end
$function$
;

CREATE OR REPLACE FUNCTION private.session_is_active(p_session private.sessions)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  select p_session.ended_at is null and p_session.last_used_at > now() - interval '30 days'
$function$
;

CREATE OR REPLACE FUNCTION private.session_is_live()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller_session uuid := private.caller_session_id();
begin
  return coalesce((
    select private.session_is_active(s)
    from private.sessions s
    where s.session_id = caller_session and s.user_id = (select auth.uid())
  ), false);
end
$function$
;

CREATE OR REPLACE FUNCTION private.start_session(p_user_id uuid, p_device text)
 RETURNS TABLE(session_id uuid, refresh_token text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  delete from private.sessions s
  where s.user_id = p_user_id and coalesce(s.ended_at, s.last_used_at) < now() - interval '30 days';
  insert into private.sessions (user_id, device)
  values (p_user_id, left(coalesce(p_device, ''), 100))
  returning sessions.session_id into session_id;
  refresh_token := private.issue_refresh_token(session_id);
  return next;
end
$function$
;

CREATE OR REPLACE FUNCTION public.change_my_password(p_current_password text, p_new_password text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  stored_hash text;
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in to continue' using errcode = '42501';
  end if;
  if char_length(coalesce(p_new_password, '')) < 8 or octet_length(p_new_password) > 72 then
    raise exception 'Password must be 8 characters to 72 bytes' using errcode = '22023';
  end if;
  select c.password_hash into stored_hash from private.credentials c where c.user_id = (select auth.uid()) for update;
  if stored_hash is null or extensions.crypt(coalesce(p_current_password, ''), stored_hash) <> stored_hash then
    return false;
  end if;
  update private.credentials c
  set password_hash = extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), updated_at = now()
  where c.user_id = (select auth.uid());
  update private.sessions s set ended_at = now(), end_reason = 'password_changed'
  where s.user_id = (select auth.uid()) and s.ended_at is null
    and s.session_id is distinct from private.caller_session_id();
  return true;
end
$function$
;

CREATE OR REPLACE FUNCTION public.end_my_sessions(p_session_id uuid DEFAULT NULL::uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ended integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in to continue' using errcode = '42501';
  end if;
  update private.sessions s
  set ended_at = now(),
      end_reason = case when p_session_id is null then 'signed_out_everywhere' else 'signed_out' end::public.session_end_reason
  where s.user_id = (select auth.uid()) and s.ended_at is null
    and (p_session_id is null or s.session_id = p_session_id);
  get diagnostics ended = row_count;
  return ended;
end
$function$
;

CREATE OR REPLACE FUNCTION public.my_sessions()
 RETURNS TABLE(session_id uuid, device text, created_at timestamp with time zone, last_used_at timestamp with time zone, is_current boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.session_id, s.device, s.created_at, s.last_used_at, s.session_id = private.caller_session_id()
  from private.sessions s
  where s.user_id = (select auth.uid()) and private.session_is_active(s)
  order by s.last_used_at desc, s.session_id
$function$
;

CREATE OR REPLACE FUNCTION private.may_join_topic(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.session_is_live() and case
    when topic = 'admin' then private.has_role('admin')
    when topic = 'user:' || (select auth.uid())::text then true
    else coalesce(topic = private.owner_topic((select auth.uid())), false)
  end
$function$
;

CREATE OR REPLACE FUNCTION private.new_telegram_link_token(p_user_id uuid, p_language telegram_language)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := private.random_token(24);
begin
  -- Expired tokens of anyone are cleared on the way: the table stays small.
  delete from private.telegram_link_tokens where expires_at < now();
  insert into private.telegram_link_tokens (token_hash, user_id, language)
  values (extensions.digest(token, 'sha256'), p_user_id, p_language);
  return token;
end;
$function$
;

-- Written by hand: comments and privileges, as supabase/schemas/ states them.
comment on function private.random_token is 'p_bytes random bytes as base64url without padding: a token for a link or a session.';
revoke execute on function private.random_token(integer) from public;
comment on table private.sessions is 'One row per sign-in of an account (a device), live until signed out, idle for 30 days or ended for a reused refresh token.';
comment on table private.refresh_tokens is 'The SHA-256 of every refresh token a session was given, the live one with rotated_at null.';
comment on function private.session_is_active is 'The one rule of a usable session: not ended and used within 30 days.';
revoke execute on function private.session_is_active(private.sessions) from public;
comment on function private.session_is_live is 'True when the caller''s token names a live session of its own account.';
comment on function private.caller_session_id is 'The session_id claim of the caller''s token as a uuid, or null.';
revoke execute on function private.session_is_live() from public;
grant execute on function private.session_is_live() to authenticated;
revoke execute on function private.caller_session_id() from public;
comment on function private.issue_refresh_token is 'Stores the hash of a new random refresh token for the session and returns the token, once.';
revoke execute on function private.issue_refresh_token(uuid) from public;
comment on function private.start_session is 'Starts a session for the account and returns its id and first refresh token.';
revoke execute on function private.start_session(uuid, text) from public;
grant execute on function private.start_session(uuid, text) to service_role;
comment on function private.refresh_session is 'Rotates a refresh token, ending the session when a token swapped over 10 seconds ago is reused.';
revoke execute on function private.refresh_session(text) from public;
grant execute on function private.refresh_session(text) to service_role;
comment on function public.my_sessions is 'The caller''s live sessions (device, sign-in, last use), the current one marked.';
revoke execute on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;
comment on function public.end_my_sessions is 'Signs the caller out of one of its sessions, or of all of them when none is named.';
revoke execute on function public.end_my_sessions(uuid) from public, anon;
grant execute on function public.end_my_sessions(uuid) to authenticated;
comment on function public.change_my_password is 'Changes the caller''s password given the current one, ending its other sessions; false for a wrong current password.';
revoke execute on function public.change_my_password(text, text) from public, anon;
grant execute on function public.change_my_password(text, text) to authenticated;
comment on table private.password_resets is 'One-time links to choose a new password (their token''s SHA-256), valid 30 minutes.';
comment on table private.password_reset_requests is 'Requests for a password reset link, per email and address, for the limits.';
comment on function private.request_password_reset is 'Limits and records a reset request; for an existing account, a new one-time 30-minute link token.';
revoke execute on function private.request_password_reset(text, text) from public;
grant execute on function private.request_password_reset(text, text) to service_role;
comment on function private.password_reset_email is 'The account a live reset token is for (its email), or null.';
revoke execute on function private.password_reset_email(text) from public;
grant execute on function private.password_reset_email(text) to service_role;
comment on function private.reset_password is 'Spends a live reset token to set a new password, ending every session of the account.';
revoke execute on function private.reset_password(text, text) from public;
grant execute on function private.reset_password(text, text) to service_role;
