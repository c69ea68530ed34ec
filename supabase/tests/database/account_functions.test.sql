-- The private.* security definer functions of the accounts slice: who may execute them
-- (service_role only; create_admin only the owner), and what register_user, verify_login,
-- the login failure functions and create_admin do.
begin;
\ir helpers.psql

select plan(69);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('rejected@test.local', 'influencer', 'rejected', 'Rejected-Pass-1');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
end
$$;

-- who can execute what -------------------------------------------------------------------------

create function tests.private_function_calls() returns table (label text, statement text)
language sql
as $$
  values
    ('private.register_user',
     $q$select private.register_user('probe@test.local', 'Probe-Pass-1', 'business')$q$),
    ('private.verify_login',
     $q$select private.verify_login('business@test.local', 'Correct-Horse-1')$q$),
    ('private.begin_login_attempt',
     $q$select * from private.begin_login_attempt('business@test.local', '203.0.113.7')$q$),
    ('private.login_succeeded',
     $q$select private.login_succeeded(0, 'business@test.local', '203.0.113.7')$q$),
    ('private.note_signup_attempt',
     $q$select private.note_signup_attempt('203.0.113.7')$q$)
$$;
grant execute on function tests.private_function_calls() to anon, authenticated, service_role;

select tests.act_as_anon();
select throws_ok(statement, '42501', null, 'anon cannot execute ' || label)
  from tests.private_function_calls();
select throws_ok($$select private.create_admin('probe-admin@test.local', 'Probe-Pass-1')$$,
  '42501', null, 'anon cannot execute private.create_admin');

select tests.authenticate_as('business@test.local');
select throws_ok(statement, '42501', null, 'an authenticated user cannot execute ' || label)
  from tests.private_function_calls();
select throws_ok($$select private.create_admin('probe-admin@test.local', 'Probe-Pass-1')$$,
  '42501', null, 'an authenticated user cannot execute private.create_admin');

select tests.authenticate_as('admin@test.local');
select throws_ok(statement, '42501', null, 'an approved admin cannot execute ' || label)
  from tests.private_function_calls();
select throws_ok($$select private.create_admin('probe-admin@test.local', 'Probe-Pass-1')$$,
  '42501', null, 'an approved admin cannot execute private.create_admin');

select tests.act_as_service_role();
select lives_ok(statement, 'service_role can execute ' || label)
  from tests.private_function_calls();
select throws_ok($$select private.create_admin('probe-admin@test.local', 'Probe-Pass-1')$$,
  '42501', null, 'service_role cannot execute private.create_admin (operator only)');

-- register_user (as service_role, like the api function) -----------------------------------------

select lives_ok(
  $$select private.register_user('  New.Business@Test.Local ', 'Secret-Pass-1', 'business',
                                 'https://www.facebook.com/newbiz', '012 000 000')$$,
  'service_role registers a business');
select results_eq(
  $$select email, user_type, status, is_approved, decided_at, decided_by, social_media_page, store_phone
    from public.users where id = tests.user_id('new.business@test.local')$$,
  $$values ('new.business@test.local'::text, 'business'::public.user_type, 'pending_approval'::public.account_status, false,
            null::timestamptz, null::uuid, 'https://www.facebook.com/newbiz'::text, '012 000 000'::text)$$,
  'a new business is pending_approval, not approved, undecided, with its email trimmed and lowercased');

select lives_ok(
  $$select private.register_user('new.influencer@test.local', 'Secret-Pass-2', 'influencer',
                                 '@new.influencer', null, 'New Influencer', 'instagram')$$,
  'service_role registers an influencer');
select results_eq(
  $$select user_type, status, is_approved, full_name, platform, social_media_page
    from public.users where id = tests.user_id('new.influencer@test.local')$$,
  $$values ('influencer'::public.user_type, 'pending_approval'::public.account_status, false, 'New Influencer'::text,
            'instagram'::public.social_platform, '@new.influencer'::text)$$,
  'a new influencer is pending_approval with its profile stored');

select throws_ok($$select private.register_user('wannabe@test.local', 'Secret-Pass-3', 'admin')$$,
  '22023', null, 'register_user refuses user_type admin (22023)');
select throws_ok($$select private.register_user('wannabe@test.local', 'Secret-Pass-3', 'superuser')$$,
  '22023', null, 'register_user refuses an unknown user_type (22023)');
select throws_ok($$select private.register_user('wannabe@test.local', 'Secret-Pass-3', null)$$,
  null, null, 'register_user refuses a null user_type');
select throws_ok(
  $$select private.register_user('wannabe@test.local', 'Secret-Pass-3', 'influencer', null, null, null, 'tiktok')$$,
  '22P02', null, 'register_user refuses a platform other than instagram or facebook (22P02)');
select throws_ok($$select private.register_user('NEW.BUSINESS@test.local', 'Other-Pass-1', 'influencer')$$,
  '23505', null, 'register_user refuses an email already taken, whatever its case (23505)');
select throws_ok($$select private.register_user(' new.business@TEST.local  ', 'Other-Pass-1', 'business')$$,
  '23505', null, 'register_user refuses an email already taken, with surrounding spaces (23505)');
select throws_ok($$select private.register_user('Admin@Test.Local', 'Other-Pass-1', 'business')$$,
  '23505', null, 'register_user cannot claim an admin''s email (23505)');
select is((select count(*) from public.users where email = 'wannabe@test.local'), 0::bigint,
  'refused registrations leave no account row');

select tests.act_as_owner();
select is((select count(*) from private.credentials c left join public.users u on u.id = c.user_id
           where u.id is null), 0::bigint,
  'refused registrations leave no orphan credentials');
select is((select count(*) from private.credentials where user_id = tests.user_id('new.business@test.local')),
  1::bigint, 'a registration stores exactly one credentials row');
select isnt((select password_hash from private.credentials where user_id = tests.user_id('new.business@test.local')),
  'Secret-Pass-1', 'the password is not stored in plain text');
select matches((select password_hash from private.credentials where user_id = tests.user_id('new.business@test.local')),
  '^\$2[aby]\$10\$[./A-Za-z0-9]{53}$', 'the password is stored as a bcrypt hash of cost 10');
select is((select extensions.crypt('Secret-Pass-1', password_hash) = password_hash from private.credentials
           where user_id = tests.user_id('new.business@test.local')), true,
  'the stored hash verifies the password');
do $$
begin
  perform tests.act_as_service_role();
  perform private.register_user('same-password@test.local', 'Secret-Pass-1', 'business');
  perform tests.act_as_owner();
end
$$;
select isnt((select password_hash from private.credentials where user_id = tests.user_id('same-password@test.local')),
  (select password_hash from private.credentials where user_id = tests.user_id('new.business@test.local')),
  'the same password gives a different (salted) hash');

-- verify_login (as service_role) ----------------------------------------------------------------

select tests.act_as_service_role();

select is((private.verify_login('new.business@test.local', 'Secret-Pass-1')).id,
  tests.user_id('new.business@test.local'),
  'verify_login returns the account for the right password');
select is((private.verify_login('  NEW.Business@Test.local ', 'Secret-Pass-1')).id,
  tests.user_id('new.business@test.local'),
  'verify_login matches the email case-insensitively and trimmed');
select is((private.verify_login('new.business@test.local', 'Secret-Pass-1')).status, 'pending_approval',
  'verify_login returns a pending account with its status (the caller decides what it may do)');
select is((private.verify_login('rejected@test.local', 'Rejected-Pass-1')).status, 'rejected',
  'verify_login returns a rejected account with its status, so rejection can be shown');
select is((private.verify_login('new.business@test.local', 'Wrong-Pass-1')).id, null,
  'verify_login returns null for a wrong password');
select is((private.verify_login('new.business@test.local', 'secret-pass-1')).id, null,
  'verify_login is case-sensitive on the password');
select is((private.verify_login('new.business@test.local', '')).id, null,
  'verify_login returns null for an empty password');
select is((private.verify_login('nobody@test.local', 'Secret-Pass-1')).id, null,
  'verify_login returns null (no error) for an unknown email');

-- sign-in attempts (as service_role) -------------------------------------------------------------
-- Counted per email and address together and per address, never per email alone.

select tests.act_as_owner();
insert into private.login_failures (email, client_ip, failed_at) values
  ('victim@test.local', '203.0.113.50', now() - interval '1 hour'),
  ('ancient@test.local', '203.0.113.99', now() - interval '2 days');
insert into private.login_failures (email, client_ip)
  select 'victim@test.local', '203.0.113.50' from generate_series(1, 9)
  union all select 'other' || g || '@test.local', '203.0.113.50' from generate_series(1, 2) g
  union all select 'sprayed' || g || '@test.local', '192.0.2.77' from generate_series(1, 50) g;

select tests.act_as_service_role();
select results_eq(
  $$select refused, pair_failures, address_failures from private.begin_login_attempt(' VICTIM@Test.Local ', '203.0.113.50')$$,
  $$values (false, 9, 11)$$,
  'the tenth attempt of an email from one address goes through (failures in the last 15 minutes only)');
select results_eq(
  $$select refused, pair_failures, address_failures from private.begin_login_attempt('victim@test.local', '203.0.113.50')$$,
  $$values (true, 10, 12)$$,
  'the attempt in progress counts as failed: the eleventh is refused');
select results_eq(
  $$select refused, pair_failures from private.begin_login_attempt('victim@test.local', '198.51.100.8')$$,
  $$values (false, 0)$$,
  'the same email from another address (its owner''s) is not refused');
select results_eq(
  $$select refused from private.begin_login_attempt('someone-new@test.local', '192.0.2.77')$$,
  $$values (true)$$,
  'fifty failures from one address (a password spray) refuse every email from it');

select attempt_id from private.begin_login_attempt('victim@test.local', '198.51.100.9') \gset
select lives_ok(format('select private.login_succeeded(%s, %L, %L)', :attempt_id, 'VICTIM@test.local', '198.51.100.9'),
  'service_role records a successful sign-in');

select tests.act_as_owner();
select is((select count(*) from private.login_failures where client_ip = '198.51.100.9'), 0::bigint,
  'a success forgets its own attempt');
select is((select count(*) from private.login_failures where email = 'victim@test.local' and client_ip = '203.0.113.50'), 11::bigint,
  'failures from other addresses are kept, the email stored trimmed and lowercased');
select is((select count(*) from private.login_failures where email = 'ancient@test.local'), 0::bigint,
  'failures older than a day are pruned');

-- sign-ups (as service_role) ----------------------------------------------------------------------

select tests.act_as_service_role();
select lives_ok($$select private.note_signup_attempt('192.0.2.200') from generate_series(1, 10)$$,
  'ten sign-ups an hour from one address are taken');
select throws_ok($$select private.note_signup_attempt('192.0.2.200')$$, 'P0429',
  'Too many sign-ups from this network. Please wait an hour and try again.', 'the eleventh is refused');

-- create_admin (the owner, i.e. the operator) --------------------------------------------------

select tests.act_as_owner();
select lives_ok($$select private.create_admin('  Root@Test.Local ', 'Root-Pass-1')$$,
  'the owner creates the seed admin');
select results_eq(
  $$select email, user_type, status, is_approved, decided_at is not null
    from public.users where id = tests.user_id('root@test.local')$$,
  $$values ('root@test.local'::text, 'admin'::public.user_type, 'approved'::public.account_status, true, true)$$,
  'create_admin makes an approved admin with a decision time');
select id as root_id from public.users where email = 'root@test.local' \gset
select lives_ok($$select private.create_admin('root@test.local', 'Root-Pass-2')$$,
  'create_admin run again resets the password');
select results_eq($$select id from public.users where lower(email) = 'root@test.local'$$,
  array[:'root_id'::uuid], 'running create_admin again keeps one account with the same id');

select tests.act_as_service_role();
select is((private.verify_login('root@test.local', 'Root-Pass-2')).id, :'root_id'::uuid,
  'the admin signs in with the new password');
select is((private.verify_login('root@test.local', 'Root-Pass-1')).id, null,
  'the old admin password no longer works');

select tests.authenticate_as('root@test.local');
select is(private.has_role('admin'), true, 'the admin made by create_admin is an admin for RLS');

-- An email already taken by a business is never promoted (whoever registered it would become admin).
select tests.act_as_owner();
select tests.create_user('taken@test.local', 'business');
select throws_ok($$select private.create_admin('Taken@test.local', 'Taken-Pass-1')$$,
  '23505', 'An account with this email exists and is not an admin',
  'create_admin refuses an email that belongs to a business');
select is((select user_type from public.users where email = 'taken@test.local'), 'business',
  'the business keeps its type');

select * from finish();
rollback;
