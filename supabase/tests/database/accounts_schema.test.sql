-- Structure of the accounts slice that the behaviour tests rely on: row-level security on every
-- table, policies, table, column and function privileges, security definer hygiene, the realtime
-- publication and the updated_at trigger.
begin;
\ir helpers.psql

select plan(67);

-- row-level security and comments ---------------------------------------------------------------

select is_empty(
  $$select c.oid::regclass::text from pg_class c
    where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
      and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'row level security is enabled on every table in public and private');
select ok((select relrowsecurity from pg_class where oid = 'public.users'::regclass),
  'row level security is enabled on public.users');
select ok((select relrowsecurity from pg_class where oid = 'private.credentials'::regclass),
  'row level security is enabled on private.credentials');
select ok((select relrowsecurity from pg_class where oid = 'private.login_failures'::regclass),
  'row level security is enabled on private.login_failures');
select is_empty(
  $$select c.oid::regclass::text from pg_class c
    where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
      and c.relkind in ('r', 'p') and obj_description(c.oid, 'pg_class') is null$$,
  'every table in public and private has a comment');
select hasnt_column('public', 'users', 'password_hash', 'public.users holds no password hash');
select hasnt_column('public', 'users', 'password', 'public.users holds no password');

-- policies: one per command and role, none for all, none on private tables ----------------------

select policies_are('public', 'users', array[
  'Users can read their own account',
  'Admins can read every account',
  'Users can update their own profile'],
  'public.users has exactly the select and update policies');
select policy_cmd_is('public', 'users', 'Users can read their own account', 'select',
  'the own-account policy is for select');
select policy_cmd_is('public', 'users', 'Admins can read every account', 'select',
  'the admin policy is for select');
select policy_cmd_is('public', 'users', 'Users can update their own profile', 'update',
  'the profile policy is for update');
select policy_roles_are('public', 'users', 'Users can read their own account', array['authenticated'],
  'the own-account policy applies to authenticated only');
select policy_roles_are('public', 'users', 'Admins can read every account', array['authenticated'],
  'the admin policy applies to authenticated only');
select policy_roles_are('public', 'users', 'Users can update their own profile', array['authenticated'],
  'the profile policy applies to authenticated only');
select is_empty(
  $$select schemaname || '.' || tablename || ': ' || policyname from pg_policies
    where schemaname in ('public', 'private') and cmd = 'ALL'$$,
  'no policy in public or private is "for all"');
select is_empty($$select policyname from pg_policies where schemaname = 'private'$$,
  'the private tables have no policy at all (deny everything to RLS-bound roles)');

-- table privileges ------------------------------------------------------------------------------

select table_privs_are('public', 'users', 'anon', array[]::text[],
  'anon holds no privilege on public.users');
select table_privs_are('public', 'users', 'authenticated', array['SELECT'],
  'authenticated holds only SELECT on public.users at table level');
select table_privs_are('public', 'users', 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  'service_role holds every privilege on public.users');
select table_privs_are('private', 'credentials', role, array[]::text[],
  role || ' holds no privilege on private.credentials')
  from unnest(array['anon', 'authenticated', 'service_role']) as role;
select table_privs_are('private', 'login_failures', role, array[]::text[],
  role || ' holds no privilege on private.login_failures')
  from unnest(array['anon', 'authenticated', 'service_role']) as role;

-- column privileges of authenticated on public.users: read all, update only the profile columns --

select column_privs_are('public', 'users', a.attname, 'authenticated',
  case when a.attname in ('business_name', 'business_logo_url', 'bank_name', 'account_name', 'account_number', 'khqr', 'phone', 'store_handle')
    then array['SELECT', 'UPDATE'] else array['SELECT'] end,
  format('authenticated may %s public.users.%s',
    case when a.attname in ('business_name', 'business_logo_url', 'bank_name', 'account_name', 'account_number', 'khqr', 'phone', 'store_handle')
      then 'read and update' else 'read but not update' end, a.attname))
  from pg_attribute a
  where a.attrelid = 'public.users'::regclass and a.attnum > 0 and not a.attisdropped
  order by a.attnum;

-- function privileges and security definer hygiene ----------------------------------------------

select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p
    where p.pronamespace = 'private'::regnamespace and has_function_privilege('public', p.oid, 'execute')$$,
  'no function in private is executable by PUBLIC');
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p
    where p.pronamespace = 'private'::regnamespace and has_function_privilege('anon', p.oid, 'execute')$$,
  'anon can execute no function in private');
select results_eq(
  $$select p.proname::text collate "default" from pg_proc p
    where p.pronamespace = 'private'::regnamespace and has_function_privilege('authenticated', p.oid, 'execute')
    order by 1$$,
  array['are_http_urls', 'campaign_is_active', 'commission_ceiling', 'has_role',
        'is_http_url', 'khqr_crc', 'khqr_fields_once', 'may_join_topic', 'owns_campaign', 'session_is_live',
        'telegram_notice_queued'],
  'authenticated can execute only the helpers policies and constraints call, and whether its transaction queued a notice');
select results_eq(
  $$select p.proname::text collate "default" from pg_proc p
    where p.pronamespace = 'private'::regnamespace and has_function_privilege('service_role', p.oid, 'execute')
    order by 1$$,
  array['are_http_urls', 'begin_login_attempt', 'cambodia_today', 'campaign_closed_reason', 'campaign_is_active',
        'cancel_order_by_customer', 'claim_telegram_outbox', 'commission_ceiling', 'confirm_order_by_customer',
        'consume_connect_state', 'follow_order_in_telegram',
        'has_role', 'is_http_url', 'khqr_crc', 'khqr_fields_once', 'link_closed_reason', 'link_telegram_chat',
        'login_succeeded', 'new_connect_state', 'new_order_follow_token', 'new_telegram_link_token',
        'note_public_request',
        'note_signup_attempt', 'owns_campaign', 'password_reset_email', 'place_order', 'place_order_once',
        'record_click', 'refresh_session', 'register_user', 'request_password_reset', 'reset_password', 'rider_courier_id', 'rider_orders', 'rider_step',
        'start_session',
        'telegram_notice_queued', 'tracked_order_id', 'verify_login'],
  'service_role can execute exactly the functions the functions call');
select is(has_function_privilege('public', 'public.set_user_status(uuid, text, text)', 'execute'), false,
  'PUBLIC cannot execute public.set_user_status');
select is(has_function_privilege('authenticated', 'public.set_user_status(uuid, text, text)', 'execute'), true,
  'authenticated can execute public.set_user_status (it checks has_role itself)');
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.prosecdef
      and not coalesce(p.proconfig @> array['search_path=""'], false)$$,
  'every security definer function in public and private sets search_path = ''''');
select is_definer('private', 'has_role', array['user_type'], 'private.has_role is security definer');
select is_definer('public', 'set_user_status', array['uuid', 'text', 'text'], 'public.set_user_status is security definer');

-- realtime publication --------------------------------------------------------------------------

select is_empty(
  $$select tablename from pg_publication_tables where pubname = 'supabase_realtime'$$,
  'no table is in the supabase_realtime publication: live screens use Broadcast (11_live_events.sql)');

-- updated_at trigger ----------------------------------------------------------------------------

select has_trigger('public', 'users', 'users_touch_updated_at', 'public.users has the updated_at trigger');
select trigger_is('public', 'users', 'users_touch_updated_at', 'private', 'touch_updated_at',
  'the trigger runs private.touch_updated_at');

do $$
begin
  perform tests.create_user('stamp@test.local', 'business', 'approved');
  perform tests.create_user('decided@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('untouched@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  -- Backdate the fixtures with the trigger off (it would stamp now() on this update too).
  alter table public.users disable trigger users_touch_updated_at;
  update public.users
  set created_at = timestamptz '2026-01-01 00:00+00', updated_at = timestamptz '2026-01-01 00:00+00'
  where email like '%@test.local';
  alter table public.users enable trigger users_touch_updated_at;
end
$$;

select results_eq($$select distinct updated_at from public.users where email like '%@test.local'$$,
  array[timestamptz '2026-01-01 00:00+00'],
  'precondition: every fixture starts with an old updated_at');

select tests.authenticate_as('stamp@test.local');
select lives_ok($$update public.users set bank_name = 'ABA Bank' where id = (select auth.uid())$$,
  'a user updates their bank name');
select tests.authenticate_as('admin@test.local');
select lives_ok(format($$select public.set_user_status(%L, 'approved')$$, tests.user_id('decided@test.local')),
  'an admin approves a pending user');

select tests.act_as_owner();
select results_eq(
  $$select updated_at = now(), created_at from public.users where email = 'stamp@test.local'$$,
  $$values (true, timestamptz '2026-01-01 00:00+00')$$,
  'a user''s profile update sets updated_at to now and keeps created_at');
select results_eq(
  $$select updated_at = now() from public.users where email = 'decided@test.local'$$,
  array[true],
  'an admin decision sets updated_at to now');
select results_eq(
  $$select updated_at from public.users where email = 'untouched@test.local'$$,
  array[timestamptz '2026-01-01 00:00+00'],
  'rows that were not updated keep their updated_at');
select results_eq(
  $$with changed as (
      update public.users set updated_at = timestamptz '2000-01-01 00:00+00'
      where email = 'untouched@test.local' returning updated_at)
    select updated_at = now() from changed$$,
  array[true],
  'updated_at cannot be backdated: the trigger overrides an explicit value');

select * from finish();
rollback;
