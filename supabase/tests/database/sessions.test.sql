-- Sessions (supabase/schemas/01_accounts_sessions.sql): starting one, rotating its refresh token
-- (the 10-second grace, reuse ending the session, idle and ended sessions, unknown tokens), who
-- may call which function, the caller's own list and sign-outs, that a token of an ended session
-- is neither let into the API's user lookup nor into a live topic, changing the password, and
-- resetting it with a one-time link.
begin;
\ir helpers.psql

select plan(56);

do $$
begin
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
end
$$;

create table tests.started as
  select 'phone'::text as name, s.* from private.start_session(tests.user_id('creator@test.local'), 'Chrome on Android') s;
insert into tests.started
  select 'laptop', s.* from private.start_session(tests.user_id('creator@test.local'), 'Firefox on Linux') s;
insert into tests.started
  select 'shop', s.* from private.start_session(tests.user_id('shop@test.local'), 'Safari on iOS') s;
grant select on tests.started to authenticated, service_role;

create function tests.session(p_name text) returns uuid
language sql stable as $$ select session_id from tests.started where name = p_name $$;
create function tests.token(p_name text) returns text
language sql stable as $$ select refresh_token from tests.started where name = p_name $$;

-- starting ------------------------------------------------------------------------------------------

select is((select count(*)::int from private.sessions where user_id = tests.user_id('creator@test.local')), 2,
  'each sign-in starts a session of its own');
select is((select device from private.sessions where session_id = tests.session('phone')), 'Chrome on Android',
  'the session keeps the device it signed in from');
select ok(tests.token('phone') ~ '^[A-Za-z0-9_-]{43}$', 'a refresh token is 32 random bytes in base64url');
select is((select count(*)::int from private.refresh_tokens
           where token_hash = extensions.digest(tests.token('phone'), 'sha256') and rotated_at is null), 1,
  'only its SHA-256 is stored, as the live token of the session');
select is((select count(*)::int from private.refresh_tokens r
           where encode(r.token_hash, 'escape') = tests.token('phone')), 0, 'the token itself is stored nowhere');

-- who may call what ---------------------------------------------------------------------------------

select ok(not has_function_privilege('authenticated', 'private.start_session(uuid, text)', 'execute'),
  'a signed-in user cannot start a session for anyone');
select ok(not has_function_privilege('anon', 'private.start_session(uuid, text)', 'execute'),
  'an anonymous caller cannot start a session');
select ok(not has_function_privilege('authenticated', 'private.refresh_session(text)', 'execute'),
  'refreshing goes through the api function only');
select ok(not has_function_privilege('anon', 'private.refresh_session(text)', 'execute'),
  'an anonymous caller cannot refresh directly');
select ok(has_function_privilege('service_role', 'private.refresh_session(text)', 'execute'),
  'the api function refreshes');
select ok(not has_function_privilege('service_role', 'private.issue_refresh_token(uuid)', 'execute'),
  'no role mints a refresh token outside a sign-in or a refresh');
select ok(not has_function_privilege('anon', 'public.end_my_sessions(uuid)', 'execute'),
  'an anonymous caller has no sessions to end');
select ok(not has_table_privilege('authenticated', 'private.sessions', 'select'), 'no client reads the sessions table');
select ok(not has_table_privilege('authenticated', 'private.refresh_tokens', 'select'), 'no client reads the token hashes');

-- the caller's own sessions --------------------------------------------------------------------------

select tests.authenticate_in_session('creator@test.local', tests.session('laptop'));
select results_eq(
  $$select device, is_current from public.my_sessions() order by device$$,
  $$values ('Chrome on Android', false), ('Firefox on Linux', true)$$,
  'my_sessions lists the caller''s live sessions, marking the one its token names');
select ok(private.session_is_live(), 'a token of a live session of its own account is live');
select is(public.end_my_sessions(tests.session('shop')), 0, 'a session of another account cannot be ended');
select tests.act_as_owner();
select ok((select ended_at is null from private.sessions where session_id = tests.session('shop')),
  'the other account''s session is untouched');

select tests.authenticate_in_session('creator@test.local', tests.session('shop'));
select ok(not private.session_is_live(), 'a token naming another account''s session is not live');
select tests.authenticate_in_session('creator@test.local', null);
select ok(not private.session_is_live(), 'a token without a session is not live');
select is((select count(*)::int from public.my_sessions() where is_current), 0, 'and none of the list is its own');

select tests.authenticate_in_session('creator@test.local', tests.session('laptop'));
select is(public.end_my_sessions(tests.session('phone')), 1, 'the caller ends one of its other sessions');
select results_eq($$select device from public.my_sessions()$$, $$values ('Firefox on Linux')$$,
  'the ended session leaves the list');
select is(public.end_my_sessions(), 1, 'ending every session ends the rest, this one included');
select ok(not private.session_is_live(), 'after which its own token is not live');
select ok(not private.may_join_topic('influencer:' || tests.user_id('creator@test.local')),
  'and joins no live topic, though it has not expired');
select tests.act_as_owner();
select results_eq(
  $$select end_reason::text from private.sessions where user_id = tests.user_id('creator@test.local') order by created_at$$,
  $$values ('signed_out'), ('signed_out_everywhere')$$,
  'each ended session keeps why it ended');

select tests.authenticate_in_session('shop@test.local', tests.session('shop'));
select ok(private.may_join_topic('shop:' || tests.user_id('shop@test.local')), 'a live session joins its own topic');
select tests.act_as_owner();

-- refreshing -----------------------------------------------------------------------------------------

create table tests.refreshed (step text, outcome text, user_id uuid, session_id uuid, refresh_token text);
grant select, insert on tests.refreshed to service_role;

select tests.act_as_service_role();
insert into tests.refreshed select 'first', r.* from private.refresh_session(tests.token('shop')) r;
select tests.act_as_owner();
select results_eq(
  $$select outcome, user_id, session_id from tests.refreshed where step = 'first'$$,
  $$values ('rotated'::text, tests.user_id('shop@test.local'), tests.session('shop'))$$,
  'the live token swaps for a new one of the same session');
select ok((select refresh_token from tests.refreshed where step = 'first') <> tests.token('shop'),
  'the new token differs');
select is((select count(*)::int from private.refresh_tokens where session_id = tests.session('shop') and rotated_at is null), 1,
  'the session keeps one live token');

insert into tests.refreshed select 'grace', r.* from private.refresh_session(tests.token('shop')) r;
select is((select outcome from tests.refreshed where step = 'grace'), 'rotated',
  'the swapped token used again within 10 seconds swaps again (another tab, a lost answer)');
select is((select count(*)::int from private.refresh_tokens where session_id = tests.session('shop') and rotated_at is null), 1,
  'and the session still keeps one live token: the newest');

update private.refresh_tokens set rotated_at = now() - interval '11 seconds'
where token_hash = extensions.digest(tests.token('shop'), 'sha256');
insert into tests.refreshed select 'reused', r.* from private.refresh_session(tests.token('shop')) r;
select is((select outcome from tests.refreshed where step = 'reused'), 'reused',
  'a token swapped over 10 seconds ago, used again, is reuse');
select is((select end_reason::text from private.sessions where session_id = tests.session('shop')), 'refresh_token_reused',
  'reuse ends the session');
insert into tests.refreshed select 'after reuse', r.* from private.refresh_session((select refresh_token from tests.refreshed where step = 'grace')) r;
select is((select outcome from tests.refreshed where step = 'after reuse'), 'ended',
  'the newest token of the ended session swaps no more');
select tests.authenticate_in_session('shop@test.local', tests.session('shop'));
select ok(not private.may_join_topic('shop:' || tests.user_id('shop@test.local')),
  'and its access tokens join no live topic');
select tests.act_as_owner();

create table tests.idle as select s.* from private.start_session(tests.user_id('shop@test.local'), '') s;
update private.sessions set last_used_at = now() - interval '30 days 1 second'
where session_id = (select session_id from tests.idle);
insert into tests.refreshed select 'idle', r.* from private.refresh_session((select refresh_token from tests.idle)) r;
select is((select outcome from tests.refreshed where step = 'idle'), 'ended', 'a session unused for 30 days is over');
select is((select end_reason::text from private.sessions where session_id = (select session_id from tests.idle)), 'idle',
  'and is ended as idle');

insert into tests.refreshed select 'unknown', r.* from private.refresh_session('not-a-token') r;
select results_eq($$select outcome, session_id from tests.refreshed where step = 'unknown'$$,
  $$values ('unknown'::text, null::uuid)$$, 'an unknown token is unknown, and names no session');

-- changing the password ------------------------------------------------------------------------------

select tests.create_user('changer@test.local', 'influencer', 'approved', 'Old-Password-1');
create table tests.changer as
  select 'a'::text as name, s.* from private.start_session(tests.user_id('changer@test.local'), 'A') s
  union all select 'b', s.* from private.start_session(tests.user_id('changer@test.local'), 'B') s;
grant select on tests.changer to authenticated;

select ok(not has_function_privilege('anon', 'public.change_my_password(text, text)', 'execute'),
  'an anonymous caller cannot change a password');
select tests.authenticate_in_session('changer@test.local', (select session_id from tests.changer where name = 'a'));
select is(public.change_my_password('not-the-password', 'New-Password-2'), false,
  'a wrong current password changes nothing');
select throws_ok($$select public.change_my_password('Old-Password-1', 'short')$$, '22023', null,
  'a new password under 8 characters is refused by the database too');
select is(public.change_my_password('Old-Password-1', 'New-Password-2'), true, 'the right one changes it');
select ok(private.session_is_live(), 'the session that changed it stays');
select tests.act_as_owner();
select ok((private.verify_login('changer@test.local', 'New-Password-2')).id is not null, 'the new password signs in');
select is((select end_reason::text from private.sessions where session_id = (select session_id from tests.changer where name = 'b')),
  'password_changed', 'every other session of the account ended');

-- resetting a forgotten password -------------------------------------------------------------------

select ok(not has_function_privilege('authenticated', 'private.request_password_reset(text, text)', 'execute'),
  'a signed-in user cannot mint a reset link');
select ok(not has_function_privilege('anon', 'private.reset_password(text, text)', 'execute'),
  'nor can anyone reset a password but the api function');
select is_empty($$select * from private.request_password_reset('nobody@test.local', '10.0.0.1')$$,
  'an unknown email gets no link');
create table tests.reset as select * from private.request_password_reset('CHANGER@test.local', '10.0.0.1');
select is((select email from tests.reset), 'changer@test.local', 'a known one gets a link, whatever the case');
select is(private.password_reset_email((select reset_token from tests.reset)), 'changer@test.local',
  'the live token names its account');
select is(private.reset_password((select reset_token from tests.reset), 'Reset-Password-3'), true, 'the token sets a new password');
select is(private.reset_password((select reset_token from tests.reset), 'Reset-Password-4'), false, 'once');
select is((select count(*)::int from private.sessions
           where user_id = tests.user_id('changer@test.local') and ended_at is null), 0,
  'and every session of the account ended');
select throws_ok(
  $$select private.request_password_reset('changer@test.local', '10.0.0.1') from generate_series(1, 5)$$,
  'P0429', 'Too many password reset requests for this email. Please wait an hour and try again.',
  'the sixth request for one email within the hour is refused');

select * from finish();
rollback;
