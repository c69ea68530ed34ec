-- Sessions (docs/architecture.md, "Sessions and refresh tokens"). Signing in starts a session: a
-- row per device an account signed in on, with an opaque refresh token stored only as its SHA-256.
-- The access token (an ES256 JWT for one hour) names its session in `session_id`, and a request
-- or a live channel is let in only while that session is live. Refreshing swaps the refresh token
-- for a new one (rotation); a token that was swapped more than REUSE_GRACE ago and comes back
-- means two holders, so the whole session ends (theft detection).
--
-- A session ends when its owner signs out (of it, or of every session), after 30 days without a
-- refresh, when a rotated token is reused, when the password is reset, or (the others) when it is
-- changed, and every one of them when an admin suspends the account; the reason is kept.

create type public.session_end_reason as enum (
  'signed_out', 'signed_out_everywhere', 'refresh_token_reused', 'idle', 'password_changed', 'password_reset',
  'suspended'
);

create table private.sessions (
  session_id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint sessions_user_id_fkey references public.users (id) on delete cascade,
  -- What signed in, as the account will recognise it ("Chrome on Android"); from the User-Agent.
  device text not null default '',
  created_at timestamptz not null default now(),
  -- The sign-in or the last refresh: the session's access token is at most an hour older.
  last_used_at timestamptz not null default now(),
  ended_at timestamptz,
  end_reason public.session_end_reason,
  constraint sessions_device_length check (char_length(device) <= 100),
  constraint sessions_ended_with_reason check ((ended_at is null) = (end_reason is null))
);

create table private.refresh_tokens (
  token_hash bytea primary key,
  session_id uuid not null constraint refresh_tokens_session_id_fkey
    references private.sessions (session_id) on delete cascade,
  issued_at timestamptz not null default now(),
  -- When it was swapped for its successor; null for the session's live token.
  rotated_at timestamptz
);

comment on table private.sessions is 'One row per sign-in of an account (a device), live until signed out, idle for 30 days or ended for a reused refresh token.';
comment on table private.refresh_tokens is 'The SHA-256 of every refresh token a session was given, the live one with rotated_at null.';

create index sessions_user_id_idx on private.sessions (user_id, last_used_at desc);
create index refresh_tokens_session_id_idx on private.refresh_tokens (session_id);

alter table private.sessions enable row level security;
alter table private.refresh_tokens enable row level security;

-- the rule ---------------------------------------------------------------------------------------

-- Whether a session can still be used: not ended, and refreshed within the last 30 days. Plain
-- SQL without a SET clause, like caller_session_id below, so that Postgres inlines it into the
-- query that calls it (a SET clause prevents inlining).
create or replace function private.session_is_active(p_session private.sessions) returns boolean
language sql stable
as $$
  select p_session.ended_at is null and p_session.last_used_at > now() - interval '30 days'
$$;
comment on function private.session_is_active is 'The one rule of a usable session: not ended and used within 30 days.';
revoke execute on function private.session_is_active(private.sessions) from public;

-- The caller's session id from its token (`session_id`), or null when it has none or not a uuid.
create or replace function private.caller_session_id() returns uuid
language sql stable
as $$
  select case when s ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then s::uuid end
  from (select (select auth.jwt()) ->> 'session_id' as s) as claim
$$;

-- Whether the caller's access token belongs to a live session of its own account. Every signed-in
-- API request and every join of a live topic asks this, so signing out takes effect at once, not
-- when the access token expires. A token without a session (none is signed so) is not live.
-- The claim is read once, into a variable: compared in the query itself, it was read again for
-- every row of a sequential scan (128 us a call against 27 us now, in a loop of 5,000 calls), and
-- this runs on every signed-in request.
create or replace function private.session_is_live() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  caller_session uuid := private.caller_session_id();
begin
  return coalesce((
    select private.session_is_active(s)
    from private.sessions s
    where s.session_id = caller_session and s.user_id = (select auth.uid())
  ), false);
end
$$;
comment on function private.session_is_live is 'True when the caller''s token names a live session of its own account.';
comment on function private.caller_session_id is 'The session_id claim of the caller''s token as a uuid, or null.';
revoke execute on function private.session_is_live() from public;
grant execute on function private.session_is_live() to authenticated;
revoke execute on function private.caller_session_id() from public;

-- the api function's steps (service role) -------------------------------------------------------

-- A new refresh token for a session (32 random bytes), of which only the hash is kept.
create or replace function private.issue_refresh_token(p_session_id uuid) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  token text := private.random_token(32);
begin
  insert into private.refresh_tokens (token_hash, session_id)
  values (extensions.digest(token, 'sha256'), p_session_id);
  return token;
end
$$;
comment on function private.issue_refresh_token is 'Stores the hash of a new random refresh token for the session and returns the token, once.';
revoke execute on function private.issue_refresh_token(uuid) from public;

-- Starts a session for an account that just proved its password (or just registered). Sessions
-- that ended or went idle 30 days ago are removed then, with their tokens.
create or replace function private.start_session(p_user_id uuid, p_device text)
returns table (session_id uuid, refresh_token text)
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.start_session is 'Starts a session for the account and returns its id and first refresh token.';
revoke execute on function private.start_session(uuid, text) from public;
grant execute on function private.start_session(uuid, text) to service_role;

-- Swaps a refresh token for a new one. `outcome` says what happened:
--   rotated  the token was the session's live one (or was swapped less than 10 seconds ago, by
--            another tab or a request whose answer was lost): a new token is issued, and any
--            other live token of the session is retired, so the session keeps exactly one;
--   reused   the token was swapped earlier than that: someone else holds its successor, so the
--            session ends (its reason refresh_token_reused) and stays ended;
--   ended    the session was signed out or is idle (an idle one is ended now);
--   unknown  no such token (never issued, or swapped more than a day ago and forgotten).
-- The session row is locked first, so two refreshes of one session take turns. It returns rather
-- than raises, so that ending a session on reuse is committed.
create or replace function private.refresh_session(p_refresh_token text)
returns table (outcome text, user_id uuid, session_id uuid, refresh_token text)
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.refresh_session is 'Rotates a refresh token, ending the session when a token swapped over 10 seconds ago is reused.';
revoke execute on function private.refresh_session(text) from public;
grant execute on function private.refresh_session(text) to service_role;

-- the account's own sessions (authenticated) ------------------------------------------------------

-- The caller's live sessions, most recently used first, marking the one its token belongs to.
create or replace function public.my_sessions()
returns table (session_id uuid, device text, created_at timestamptz, last_used_at timestamptz, is_current boolean)
language sql stable security definer set search_path = ''
as $$
  select s.session_id, s.device, s.created_at, s.last_used_at, s.session_id = private.caller_session_id()
  from private.sessions s
  where s.user_id = (select auth.uid()) and private.session_is_active(s)
  order by s.last_used_at desc, s.session_id
$$;
comment on function public.my_sessions is 'The caller''s live sessions (device, sign-in, last use), the current one marked.';
revoke execute on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;

-- Ends the caller's session `p_session_id`, or every live session of the caller when it is null.
-- Returns how many ended: 0 when the id is not a live session of the caller's.
create or replace function public.end_my_sessions(p_session_id uuid default null) returns integer
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function public.end_my_sessions is 'Signs the caller out of one of its sessions, or of all of them when none is named.';
revoke execute on function public.end_my_sessions(uuid) from public, anon;
grant execute on function public.end_my_sessions(uuid) to authenticated;

-- changing the password (authenticated) ------------------------------------------------------------

-- Sets the caller's password when `p_current_password` is its password, and ends every other
-- session of the account (a thief signed in elsewhere is out); the caller's own stays. Returns
-- false, changing nothing, for a wrong current password. The length is checked here as well as by
-- the API, since this function is callable with any signed-in token; the common-password list is
-- the API's (half a megabyte the database need not hold).
create or replace function public.change_my_password(p_current_password text, p_new_password text) returns boolean
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function public.change_my_password is 'Changes the caller''s password given the current one, ending its other sessions; false for a wrong current password.';
revoke execute on function public.change_my_password(text, text) from public, anon;
grant execute on function public.change_my_password(text, text) to authenticated;

-- resetting a forgotten password (service role) ----------------------------------------------------

-- A one-time link to choose a new password: the SHA-256 of its token, for 30 minutes.
create table private.password_resets (
  token_hash bytea primary key,
  user_id uuid not null constraint password_resets_user_id_fkey references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 minutes',
  used_at timestamptz
);

-- Every request for a link, whether or not the email has an account, counted per address and per
-- email to limit them (a stranger could otherwise fill someone's mailbox).
create table private.password_reset_requests (
  password_reset_request_id bigint generated always as identity primary key,
  email text not null,
  client_ip text not null,
  requested_at timestamptz not null default now()
);

comment on table private.password_resets is 'One-time links to choose a new password (their token''s SHA-256), valid 30 minutes.';
comment on table private.password_reset_requests is 'Requests for a password reset link, per email and address, for the limits.';

create index password_resets_user_id_idx on private.password_resets (user_id);
create index password_reset_requests_email_idx on private.password_reset_requests (lower(email), requested_at);
create index password_reset_requests_ip_idx on private.password_reset_requests (client_ip, requested_at);

alter table private.password_resets enable row level security;
alter table private.password_reset_requests enable row level security;

-- Asks for a reset link for `p_email` from `p_client_ip`. Refused (P0429) past 5 requests an hour
-- for one email or 20 from one address, counted whether or not the account exists, so the refusal
-- says nothing about it. For an existing account it returns the link's token (once; only its hash
-- is kept) with the account's id and email, and the account's earlier unused links stop working;
-- for an unknown email, no row.
create or replace function private.request_password_reset(p_email text, p_client_ip text)
returns table (user_id uuid, email text, reset_token text)
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.request_password_reset is 'Limits and records a reset request; for an existing account, a new one-time 30-minute link token.';
revoke execute on function private.request_password_reset(text, text) from public;
grant execute on function private.request_password_reset(text, text) to service_role;

-- The email of the account a reset token is for, while the token is unused and not expired; else null.
create or replace function private.password_reset_email(p_token text) returns text
language sql stable security definer set search_path = ''
as $$
  select u.email
  from private.password_resets r join public.users u on u.id = r.user_id
  where r.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and r.used_at is null and r.expires_at > now()
$$;
comment on function private.password_reset_email is 'The account a live reset token is for (its email), or null.';
revoke execute on function private.password_reset_email(text) from public;
grant execute on function private.password_reset_email(text) to service_role;

-- Sets a new password with a reset token, once: the token is spent and every session of the
-- account ends (whoever held it is out). False, changing nothing, for a token that is unknown,
-- used or expired.
create or replace function private.reset_password(p_token text, p_new_password text) returns boolean
language plpgsql security definer set search_path = ''
as $$
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
$$;
comment on function private.reset_password is 'Spends a live reset token to set a new password, ending every session of the account.';
revoke execute on function private.reset_password(text, text) from public;
grant execute on function private.reset_password(text, text) to service_role;
