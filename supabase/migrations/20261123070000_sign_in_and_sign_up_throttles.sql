-- Sign-in and sign-up throttles that strangers cannot turn against an account's owner.
--
-- Failed sign-ins used to be counted per email: ten wrong passwords from anywhere locked the
-- email for 15 minutes, the owner (admins included) with it. They are now counted per email and
-- address together, and per address: a guesser is stopped where it guesses, the owner still signs
-- in from their own address, and a password spray over many emails from one address is slowed
-- and then refused. The check and the count are one step under a per-address lock, and an attempt
-- counts as failed until it succeeds, so parallel guesses cannot all slip through. Sign-ups, each
-- a bcrypt hash and an approval card, are limited per address.

drop function private.recent_login_failures(text, text, interval);
drop function private.record_login_failure(text, text);
drop function private.clear_login_failures(text);
drop index private.login_failures_email_idx;
create index login_failures_pair_idx on private.login_failures (client_ip, lower(email), failed_at);
comment on table private.login_failures is 'Sign-in attempts that failed (or are still being checked), counted per email and address and per address.';

-- Starts a sign-in attempt from an address: refused when that email has failed 10 times from there,
-- or the address 50 times, in 15 minutes. Otherwise the attempt is recorded as a failure at once
-- (login_succeeded removes it) and the counts before it are returned, for the caller's delay.
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

create table private.signup_attempts (
  signup_attempt_id bigint generated always as identity primary key,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);
comment on table private.signup_attempts is 'Sign-up attempts per address, counted to limit them (each costs a bcrypt hash and an approval card).';
alter table private.signup_attempts enable row level security;
create index signup_attempts_ip_idx on private.signup_attempts (client_ip, attempted_at);
create index signup_attempts_attempted_at_idx on private.signup_attempts (attempted_at);

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

revoke execute on function private.begin_login_attempt(text, text), private.login_succeeded(bigint, text, text),
  private.note_signup_attempt(text) from public;
grant execute on function private.begin_login_attempt(text, text), private.login_succeeded(bigint, text, text),
  private.note_signup_attempt(text) to service_role;
