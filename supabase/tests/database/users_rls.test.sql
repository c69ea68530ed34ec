-- public.users: every client role x select/insert/update/delete, allowed and denied, through the
-- table grants, the column grants and the row-level security policies.
begin;
\ir helpers.psql

select plan(42);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('rejected-admin@test.local', 'admin', 'rejected');
  update public.users set bank_name = 'Influencer Bank' where email = 'influencer@test.local';
end
$$;
select count(*) as total_users from public.users \gset

-- anon: no privilege at all --------------------------------------------------------------------

select tests.act_as_anon();

select throws_ok($$select * from public.users$$, '42501', null,
  'anon cannot select from public.users');
select throws_ok($$insert into public.users (email, user_type) values ('anon@test.local', 'business')$$,
  '42501', null, 'anon cannot insert into public.users');
select throws_ok($$update public.users set bank_name = 'x'$$, '42501', null,
  'anon cannot update public.users');
select throws_ok($$delete from public.users$$, '42501', null,
  'anon cannot delete from public.users');

-- authenticated business: own row only ----------------------------------------------------------

select tests.authenticate_as('business@test.local');

select results_eq($$select id from public.users$$,
  array[tests.user_id('business@test.local')],
  'a user selects exactly their own row');
select is_empty(
  format('select * from public.users where id = %L', tests.user_id('influencer@test.local')),
  'a user cannot see another user''s row');
select throws_ok($$insert into public.users (email, user_type) values ('second@test.local', 'business')$$,
  '42501', null, 'a user cannot insert an account row');

select results_eq(
  $$with changed as (
      update public.users
      set business_logo_url = 'https://img.test/logo.png', bank_name = 'ABA Bank',
          account_name = 'Demo Boutique', account_number = '000 111 222'
      where id = (select auth.uid())
      returning id)
    select count(*) from changed$$,
  array[1::bigint],
  'a user updates their own profile columns (logo, bank name, account name, account number)');
select results_eq(
  $$select business_logo_url, bank_name, account_name, account_number
    from public.users where id = (select auth.uid())$$,
  $$values ('https://img.test/logo.png'::text, 'ABA Bank'::text, 'Demo Boutique'::text, '000 111 222'::text)$$,
  'the profile update is stored');

select throws_ok($$update public.users set status = 'approved' where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update their own status');
select throws_ok($$update public.users set user_type = 'admin' where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update their own user_type');
select throws_ok($$update public.users set email = 'other@test.local' where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update their own email');
select throws_ok($$update public.users set is_approved = default where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update their own is_approved (column privilege)');
select throws_ok($$update public.users set is_approved = true where id = (select auth.uid())$$,
  '428C9', null, 'is_approved is generated from status and cannot be set to a value');
select throws_ok(
  $$update public.users set decided_at = now(), decided_by = (select auth.uid()) where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update their own decided_at / decided_by');
select throws_ok($$update public.users set social_media_page = 'https://x.test' where id = (select auth.uid())$$,
  '42501', null, 'a user cannot update registration columns (social_media_page) of their own row');
select throws_ok(
  format('update public.users set id = %L where id = (select auth.uid())', gen_random_uuid()),
  '42501', null, 'a user cannot change their own id');

select results_eq(
  format($$with changed as (
      update public.users set bank_name = 'Hijacked' where id = %L returning id)
    select count(*) from changed$$, tests.user_id('influencer@test.local')),
  array[0::bigint],
  'updating another user''s row affects 0 rows');
select throws_ok($$delete from public.users where id = (select auth.uid())$$,
  '42501', null, 'a user cannot delete their own row');
select throws_ok(format('delete from public.users where id = %L', tests.user_id('influencer@test.local')),
  '42501', null, 'a user cannot delete another user''s row');

select tests.act_as_owner();
select is((select bank_name from public.users where email = 'influencer@test.local'), 'Influencer Bank',
  'the other user''s row was left unchanged');
select is((select status from public.users where email = 'business@test.local'), 'approved',
  'the user''s own status was left unchanged');

-- authenticated, pending influencer -------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');

select results_eq($$select id from public.users$$,
  array[tests.user_id('influencer@test.local')],
  'a pending user selects exactly their own row');
select results_eq(
  $$with changed as (
      update public.users set bank_name = 'Wing Bank', account_name = 'Sreymom', account_number = '42'
      where id = (select auth.uid()) returning id)
    select count(*) from changed$$,
  array[1::bigint],
  'a pending user can fill in their own bank details');

-- approved admin: reads every row, writes only through set_user_status ----------------------------

select tests.authenticate_as('admin@test.local');

select is((select count(*) from public.users), :total_users::bigint,
  'an approved admin selects every account');
select results_eq(
  format('select status from public.users where id = %L', tests.user_id('influencer@test.local')),
  array['pending_approval'::public.account_status],
  'an approved admin reads another user''s status');
select throws_ok(
  format($$update public.users set status = 'approved' where id = %L$$, tests.user_id('influencer@test.local')),
  '42501', null, 'an admin cannot set status by a direct update (only through set_user_status)');
select results_eq(
  format($$with changed as (
      update public.users set bank_name = 'Admin Bank' where id = %L returning id)
    select count(*) from changed$$, tests.user_id('influencer@test.local')),
  array[0::bigint],
  'an admin updating another user''s profile affects 0 rows');
select throws_ok($$insert into public.users (email, user_type) values ('admin2@test.local', 'admin')$$,
  '42501', null, 'an admin cannot insert an account row');
select throws_ok(format('delete from public.users where id = %L', tests.user_id('influencer@test.local')),
  '42501', null, 'an admin cannot delete an account row');

-- admin-typed rows that are not approved see only themselves ------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select results_eq($$select id from public.users$$,
  array[tests.user_id('pending-admin@test.local')],
  'a pending admin selects only their own row');

select tests.authenticate_as('rejected-admin@test.local');
select results_eq($$select id from public.users$$,
  array[tests.user_id('rejected-admin@test.local')],
  'a rejected admin selects only their own row');

-- a token whose sub has no row (deleted account or forged id) ------------------------------------

select tests.authenticate_as_id(gen_random_uuid());
select is_empty($$select * from public.users$$,
  'a token for an unknown id selects nothing');
select results_eq(
  $$with changed as (update public.users set bank_name = 'x' returning id) select count(*) from changed$$,
  array[0::bigint],
  'a token for an unknown id updates nothing');

-- service_role: bypasses RLS and holds every privilege --------------------------------------------

select tests.act_as_service_role();

select is((select count(*) from public.users), :total_users::bigint,
  'service_role selects every account');
select lives_ok($$insert into public.users (email, user_type) values ('service@test.local', 'influencer')$$,
  'service_role can insert an account row');
select results_eq(
  format($$with changed as (
      update public.users set status = 'approved', decided_at = now() where id = %L returning id)
    select count(*) from changed$$, tests.user_id('influencer@test.local')),
  array[1::bigint],
  'service_role can update any column of any row');
select results_eq(
  $$with gone as (delete from public.users where email = 'service@test.local' returning id)
    select count(*) from gone$$,
  array[1::bigint],
  'service_role can delete an account row');

select tests.act_as_owner();
select is((select status from public.users where email = 'influencer@test.local'), 'approved',
  'the service_role update is stored');
select is((select is_approved from public.users where email = 'influencer@test.local'), true,
  'is_approved follows status');
select is((select count(*) from public.users where email = 'service@test.local'), 0::bigint,
  'the service_role delete is stored');
select is((select count(*) from public.users), :total_users::bigint,
  'no client role added or removed a row');

select * from finish();
rollback;
