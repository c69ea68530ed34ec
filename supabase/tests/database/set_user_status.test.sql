-- private.has_role('admin') and public.set_user_status(): only an approved admin approves or rejects a
-- pending account, once; every other caller is refused before anything is looked up.
begin;
\ir helpers.psql

select plan(34);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('rejected-admin@test.local', 'admin', 'rejected');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('to-approve@test.local', 'business', 'pending_approval');
  perform tests.create_user('to-reject@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('target@test.local', 'business', 'pending_approval');
end
$$;

-- The call every non-admin caller below tries: approve the pending target.
create function tests.approve_target_sql() returns text
language sql
as $$ select format($q$select public.set_user_status(%L, 'approved')$q$, tests.user_id('target@test.local')) $$;
grant execute on function tests.approve_target_sql() to anon, authenticated, service_role;

-- private.has_role('admin') ---------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select is(private.has_role('admin'), true, 'has_role(admin) is true for an approved admin');
select tests.authenticate_as('business@test.local');
select is(private.has_role('admin'), false, 'has_role(admin) is false for a business');
select tests.authenticate_as('influencer@test.local');
select is(private.has_role('admin'), false, 'has_role(admin) is false for an influencer');
select tests.authenticate_as('pending-admin@test.local');
select is(private.has_role('admin'), false, 'has_role(admin) is false for a pending admin');
select tests.authenticate_as('rejected-admin@test.local');
select is(private.has_role('admin'), false, 'has_role(admin) is false for a rejected admin');
select tests.authenticate_as_id(gen_random_uuid());
select is(private.has_role('admin'), false, 'has_role(admin) is false for a token whose sub has no account');
select tests.act_as_service_role();
select is(private.has_role('admin'), false, 'has_role(admin) is false for service_role (no user)');
select tests.act_as_anon();
select throws_ok($$select private.has_role('admin')$$, '42501', null, 'anon cannot execute private.has_role()');

-- an approved admin decides ---------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');

select results_eq(
  format($$select status, is_approved, decided_by from public.set_user_status(%L, 'approved')$$,
         tests.user_id('to-approve@test.local')),
  format($$values ('approved'::public.account_status, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'an admin approves a pending user and gets the updated row');
select results_eq(
  format($$select status, decided_at = now(), decided_by from public.users where id = %L$$,
         tests.user_id('to-approve@test.local')),
  format($$values ('approved'::public.account_status, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'the approval stores status, decided_at and decided_by');
select results_eq(
  format($$select status, is_approved, decided_by from public.set_user_status(%L, 'rejected', 'Not a real shop')$$,
         tests.user_id('to-reject@test.local')),
  format($$values ('rejected'::public.account_status, false, %L::uuid)$$, tests.user_id('admin@test.local')),
  'an admin rejects a pending user and gets the updated row');
select results_eq(
  format($$select status, decided_at = now(), decided_by from public.users where id = %L$$,
         tests.user_id('to-reject@test.local')),
  format($$values ('rejected'::public.account_status, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'the rejection stores status, decided_at and decided_by');

select throws_ok(format($$select public.set_user_status(%L, 'approved')$$, tests.user_id('to-reject@test.local')),
  '55000', null, 'a rejected user cannot be approved afterwards (55000)');
select throws_ok(format($$select public.set_user_status(%L, 'rejected', 'Too late')$$, tests.user_id('to-approve@test.local')),
  '55000', null, 'an approved user cannot be rejected afterwards (55000)');
select throws_ok(format($$select public.set_user_status(%L, 'approved')$$, tests.user_id('to-approve@test.local')),
  '55000', null, 'approving twice is refused (55000)');
select throws_ok(format($$select public.set_user_status(%L, 'rejected', 'Bye')$$, tests.user_id('admin@test.local')),
  '55000', null, 'an admin cannot reject an already approved admin, themselves included (55000)');
select throws_ok(format($$select public.set_user_status(%L, 'pending_approval')$$, tests.user_id('target@test.local')),
  '22023', null, 'status pending_approval is not a decision (22023)');
select throws_ok(format($$select public.set_user_status(%L, 'banned')$$, tests.user_id('target@test.local')),
  '22023', null, 'an unknown status is refused (22023)');
select throws_ok(format($$select public.set_user_status(%L, null)$$, tests.user_id('target@test.local')),
  null, null, 'a null status is refused');
select throws_ok(format($$select public.set_user_status(%L, 'approved')$$, gen_random_uuid()),
  'P0002', null, 'an unknown user is reported as not found (P0002)');
select throws_ok($$select public.set_user_status(null, 'approved')$$,
  'P0002', null, 'a null user id is reported as not found (P0002)');

-- everyone else is refused with 42501, before the status or the user is checked ------------------

\set not_admin 'Only admins can approve or reject accounts'

select tests.authenticate_as('business@test.local');
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'an approved business cannot set a status (42501)');
select throws_ok(format($$select public.set_user_status(%L, 'banned')$$, tests.user_id('target@test.local')),
  '42501', :'not_admin', 'a non-admin is refused before the status is validated');
select throws_ok(format($$select public.set_user_status(%L, 'approved')$$, gen_random_uuid()),
  '42501', :'not_admin', 'a non-admin is refused before the user is looked up (no existence oracle)');

select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'an approved influencer cannot set a status (42501)');

select tests.authenticate_as('pending-admin@test.local');
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'a pending admin cannot set a status (42501)');

select tests.authenticate_as('rejected-admin@test.local');
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'a rejected admin cannot set a status (42501)');

select tests.authenticate_as('target@test.local');
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'a pending user cannot approve themselves (42501)');

select tests.authenticate_as_id(gen_random_uuid());
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin', 'a token whose sub has no account cannot set a status (42501)');

select tests.act_as_service_role();
select throws_ok(tests.approve_target_sql(), '42501', :'not_admin',
  'service_role cannot set a status either: the decision needs an admin user (42501)');

select tests.act_as_anon();
select throws_ok(tests.approve_target_sql(), '42501', 'permission denied for function set_user_status',
  'anon cannot execute public.set_user_status (42501)');
select is(has_function_privilege('anon', 'public.set_user_status(uuid, text, text)', 'execute'), false,
  'anon holds no EXECUTE on public.set_user_status');

select tests.act_as_owner();
select results_eq(
  format($$select status, decided_at, decided_by from public.users where id = %L$$, tests.user_id('target@test.local')),
  $$values ('pending_approval'::public.account_status, null::timestamptz, null::uuid)$$,
  'the refused calls left the target pending and undecided');
select is((select count(*) from public.users where status = 'pending_approval' and email like '%@test.local'), 2::bigint,
  'exactly two accounts remain pending: the pending admin and the target');

select * from finish();
rollback;
