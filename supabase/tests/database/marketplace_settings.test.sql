-- public.marketplace_settings and public.update_marketplace_settings(): only an approved admin
-- reads the settings row (service_role too, for the checkout) and only through the function can
-- anyone change it, within 1000 to 10000 riel per dollar; no client role inserts, updates, deletes
-- or truncates the table directly, an admin's token included. The row is the only one there can
-- be, and not even the owner removes it.
begin;
\ir helpers.psql

select plan(83);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('rejected-admin@test.local', 'admin', 'rejected');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');

  -- A known starting point whatever ran before: the default rate, never saved by an admin, and
  -- an old updated_at (with the trigger off, which would stamp now() on this update too).
  alter table public.marketplace_settings disable trigger marketplace_settings_touch_updated_at;
  update public.marketplace_settings
  set riel_per_usd = 4100, updated_by = null, updated_at = timestamptz '2026-01-01 00:00+00'
  where id;
  alter table public.marketplace_settings enable trigger marketplace_settings_touch_updated_at;
end
$$;

-- Every direct write a client might try, each refused by the table's privileges.
create function tests.settings_write_statements() returns table (label text, statement text)
language sql
as $$
  values
    ('insert a settings row', $q$insert into public.marketplace_settings (riel_per_usd) values (5000)$q$),
    ('update the rate directly', $q$update public.marketplace_settings set riel_per_usd = 5000 where id$q$),
    ('update updated_by directly', $q$update public.marketplace_settings set updated_by = null where id$q$),
    ('delete the settings row', $q$delete from public.marketplace_settings$q$),
    ('truncate the settings', $q$truncate public.marketplace_settings$q$)
$$;
grant execute on function tests.settings_write_statements() to anon, authenticated, service_role;

\set not_admin 'Only admins can change the marketplace settings'
\set denied 'permission denied for table marketplace_settings'

-- anon: nothing at all ---------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok($$select * from public.marketplace_settings$$, '42501', :'denied', 'anon cannot read the settings');
select throws_ok(statement, '42501', :'denied', 'anon cannot ' || label) from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501',
  'permission denied for function update_marketplace_settings', 'anon cannot execute update_marketplace_settings');

-- approved business and influencer: no row visible, no change ------------------------------------

select tests.authenticate_as('business@test.local');
select is_empty($$select * from public.marketplace_settings$$, 'an approved business reads no settings (RLS)');
select throws_ok(statement, '42501', :'denied', 'an approved business cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501', :'not_admin',
  'an approved business cannot change the settings through the function');

select tests.authenticate_as('influencer@test.local');
select is_empty($$select * from public.marketplace_settings$$, 'an approved influencer reads no settings (RLS)');
select throws_ok(statement, '42501', :'denied', 'an approved influencer cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501', :'not_admin',
  'an approved influencer cannot change the settings through the function');

-- admins not approved, and a token without an account: ordinary callers ---------------------------

select tests.authenticate_as('pending-admin@test.local');
select is_empty($$select * from public.marketplace_settings$$, 'a pending admin reads no settings');
select throws_ok(statement, '42501', :'denied', 'a pending admin cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501', :'not_admin',
  'a pending admin cannot change the settings');

select tests.authenticate_as('rejected-admin@test.local');
select is_empty($$select * from public.marketplace_settings$$, 'a rejected admin reads no settings');
select throws_ok(statement, '42501', :'denied', 'a rejected admin cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501', :'not_admin',
  'a rejected admin cannot change the settings');

select tests.authenticate_as_id(gen_random_uuid());
select is_empty($$select * from public.marketplace_settings$$, 'a token whose sub has no account reads no settings');
select throws_ok(statement, '42501', :'denied', 'a token whose sub has no account cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501', :'not_admin',
  'a token whose sub has no account cannot change the settings');

-- service_role: the checkout reads the rate; no writes, not even through the function -------------

select tests.act_as_service_role();
select results_eq($$select riel_per_usd, updated_by from public.marketplace_settings$$,
  $$values (4100, null::uuid)$$, 'service_role reads the settings row');
select throws_ok(statement, '42501', :'denied', 'service_role cannot ' || label)
  from tests.settings_write_statements();
select throws_ok($$select public.update_marketplace_settings(5000)$$, '42501',
  'permission denied for function update_marketplace_settings',
  'service_role cannot execute update_marketplace_settings (a change needs an admin user)');

select tests.act_as_owner();
select results_eq($$select riel_per_usd, updated_at, updated_by from public.marketplace_settings$$,
  $$values (4100, timestamptz '2026-01-01 00:00+00', null::uuid)$$,
  'after the refused calls the settings are unchanged');

-- approved admin: reads the row, changes it only through the function, within the range -----------

select tests.authenticate_as('admin@test.local');
select results_eq($$select riel_per_usd, updated_at, updated_by from public.marketplace_settings$$,
  $$values (4100, timestamptz '2026-01-01 00:00+00', null::uuid)$$,
  'an approved admin reads the settings row');
select throws_ok(statement, '42501', :'denied', 'an approved admin cannot ' || label)
  from tests.settings_write_statements();
select results_eq($$select riel_per_usd, updated_at = now(), updated_by from public.update_marketplace_settings(4200)$$,
  format($$values (4200, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'an admin changes the rate through the function and gets the saved row, stamped with when and who');
select results_eq($$select riel_per_usd, updated_at = now(), updated_by from public.marketplace_settings$$,
  format($$values (4200, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'the new rate, the time and the admin are stored');
select results_eq($$select riel_per_usd from public.update_marketplace_settings(1000)$$, array[1000],
  'the lowest rate, 1000, is accepted');
select results_eq($$select riel_per_usd from public.update_marketplace_settings(10000)$$, array[10000],
  'the highest rate, 10000, is accepted');

-- The range is stated once, as the column's CHECK constraint: the function does not repeat it, and
-- the API answers the constraint with its field and message (contract/constraints.ts).
\set out_of_range 'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_riel_per_usd_range"'
select throws_ok($$select public.update_marketplace_settings(999)$$, '23514', :'out_of_range',
  'a rate below 1000 is refused by marketplace_settings_riel_per_usd_range (23514)');
select throws_ok($$select public.update_marketplace_settings(10001)$$, '23514', :'out_of_range',
  'a rate above 10000 is refused (23514)');
select throws_ok($$select public.update_marketplace_settings(null)$$, '22023',
  'Nothing to change: send at least one setting', 'a call changing nothing is refused (22023)');
select results_eq($$select riel_per_usd from public.marketplace_settings$$, array[10000],
  'the refused rates left the last accepted one');

-- the owner: still one row, never removed, and the range holds even for it -------------------------

select tests.act_as_owner();
select throws_ok($$insert into public.marketplace_settings (riel_per_usd) values (5000)$$, '23505',
  'duplicate key value violates unique constraint "marketplace_settings_pkey"', 'a second row is refused');
select throws_ok($$insert into public.marketplace_settings (id, riel_per_usd) values (false, 5000)$$, '23514',
  'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_single_row"',
  'a row with another id is refused');
select throws_ok($$delete from public.marketplace_settings$$, '55000',
  'The marketplace settings row is never deleted; change its values instead', 'the owner cannot delete the row');
select throws_ok($$truncate public.marketplace_settings$$, '55000',
  'The marketplace settings row is never deleted; change its values instead', 'the owner cannot truncate the table');
select throws_ok($$update public.marketplace_settings set riel_per_usd = 100000 where id$$, '23514',
  'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_riel_per_usd_range"',
  'the range is a constraint too');
select is((select count(*) from public.marketplace_settings), 1::bigint, 'the table holds exactly one row');

-- schema -----------------------------------------------------------------------------------------

select ok((select relrowsecurity from pg_class where oid = 'public.marketplace_settings'::regclass),
  'row level security is enabled on marketplace_settings');
select policies_are('public', 'marketplace_settings', array['Admins can read the marketplace settings'],
  'marketplace_settings has exactly the admin read policy');
select policy_cmd_is('public', 'marketplace_settings', 'Admins can read the marketplace settings', 'select',
  'the admin policy is for select');
select policy_roles_are('public', 'marketplace_settings', 'Admins can read the marketplace settings',
  array['authenticated'], 'the admin policy applies to authenticated only');
select table_privs_are('public', 'marketplace_settings', 'anon', array[]::text[],
  'anon holds no privilege on marketplace_settings');
select table_privs_are('public', 'marketplace_settings', 'authenticated', array['SELECT'],
  'authenticated holds only SELECT on marketplace_settings (the policy keeps it to admins)');
select table_privs_are('public', 'marketplace_settings', 'service_role', array['SELECT'],
  'service_role holds only SELECT on marketplace_settings');
select is_definer('public', 'update_marketplace_settings', array['integer', 'integer', 'integer', 'integer', 'integer', 'integer', 'numeric', 'integer', 'boolean', 'integer'],
  'public.update_marketplace_settings is security definer');
select is(has_function_privilege(role, 'public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer, boolean, integer)', 'execute'), role = 'authenticated',
  format('%s %s EXECUTE on public.update_marketplace_settings', role,
         case when role = 'authenticated' then 'holds' else 'holds no' end))
  from unnest(array['public', 'anon', 'authenticated', 'service_role']) as role;
select has_trigger('public', 'marketplace_settings', 'marketplace_settings_touch_updated_at',
  'marketplace_settings has the updated_at trigger');

select * from finish();
rollback;
