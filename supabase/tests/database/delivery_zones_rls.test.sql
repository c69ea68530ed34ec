-- public.delivery_zones: anyone (anon, every signed-in user, service_role) reads the zones; only an
-- approved admin changes a fee, and only the fee (column privilege); no client inserts or deletes.
-- The assertions look at zones of their own, so the seeded fees never matter.
begin;
\ir helpers.psql

select plan(40);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');

  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 175);
  perform tests.create_zone('PgTAP Khan', 'PgTAP O''Sangkat', 200);

  -- Backdate the fixtures with the trigger off (it would stamp now() on this update too).
  alter table public.delivery_zones disable trigger delivery_zones_touch_updated_at;
  update public.delivery_zones set updated_at = timestamptz '2026-01-01 00:00+00'
  where district = 'PgTAP Khan';
  alter table public.delivery_zones enable trigger delivery_zones_touch_updated_at;
end
$$;

-- What each caller sees of the fixture zones.
create function tests.fixture_zones_sql() returns text
language sql
as $$
  select $q$select commune, fee_cents from public.delivery_zones where district = 'PgTAP Khan' order by commune$q$
$$;
-- A fee update of the fixture zone, as the count of rows it changed.
create function tests.fee_update_sql(p_fee integer) returns text
language sql
as $$
  select format($q$with changed as (
      update public.delivery_zones set fee_cents = %s
      where district = 'PgTAP Khan' and commune = 'PgTAP Sangkat' returning id)
    select count(*) from changed$q$, p_fee)
$$;
grant execute on function tests.fixture_zones_sql(), tests.fee_update_sql(integer)
  to anon, authenticated, service_role;

-- anon: reads, writes nothing -------------------------------------------------------------------

select tests.act_as_anon();
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'anon reads the delivery zones and their fees (apostrophes kept)');
select ok((select count(*) from public.delivery_zones where district = 'Doun Penh' and commune = 'Phsar Thmei Muoy') = 1,
  'anon reads the zones the migration seeds (Doun Penh / Phsar Thmei Muoy)');
select throws_ok(tests.fee_update_sql(50), '42501', 'permission denied for table delivery_zones',
  'anon cannot update a fee');
select throws_ok($$insert into public.delivery_zones (district, commune, fee_cents) values ('X', 'Y', 1)$$,
  '42501', 'permission denied for table delivery_zones', 'anon cannot insert a zone');
select throws_ok($$delete from public.delivery_zones where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'anon cannot delete a zone');

-- approved business ------------------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'an approved business reads the delivery zones');
select results_eq(tests.fee_update_sql(50), array[0::bigint],
  'an approved business cannot change a fee (0 rows)');
select throws_ok($$update public.delivery_zones set district = 'X' where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an approved business cannot update a district');
select throws_ok($$insert into public.delivery_zones (district, commune, fee_cents) values ('X', 'Y', 1)$$,
  '42501', 'permission denied for table delivery_zones', 'an approved business cannot insert a zone');
select throws_ok($$delete from public.delivery_zones where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an approved business cannot delete a zone');

-- approved influencer ----------------------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'an approved influencer reads the delivery zones');
select results_eq(tests.fee_update_sql(50), array[0::bigint],
  'an approved influencer cannot change a fee (0 rows)');
select throws_ok($$update public.delivery_zones set commune = 'X' where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an approved influencer cannot update a commune');
select throws_ok($$insert into public.delivery_zones (district, commune, fee_cents) values ('X', 'Y', 1)$$,
  '42501', 'permission denied for table delivery_zones', 'an approved influencer cannot insert a zone');
select throws_ok($$delete from public.delivery_zones where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an approved influencer cannot delete a zone');

-- pending admin and a token without an account ---------------------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select results_eq(tests.fee_update_sql(50), array[0::bigint],
  'a pending admin cannot change a fee (0 rows)');
select tests.authenticate_as_id(gen_random_uuid());
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'a token whose sub has no account still reads the zones');
select results_eq(tests.fee_update_sql(50), array[0::bigint],
  'a token whose sub has no account cannot change a fee (0 rows)');

select tests.act_as_owner();
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'after the refused updates the fees are unchanged');
select is((select max(updated_at) from public.delivery_zones where district = 'PgTAP Khan'),
  timestamptz '2026-01-01 00:00+00', 'and so is updated_at');

-- approved admin: changes the fee only -----------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'an approved admin reads the delivery zones');
select results_eq(tests.fee_update_sql(225), array[1::bigint],
  'an approved admin changes the fee of one zone');
select results_eq(
  $$select commune, fee_cents, updated_at = now() from public.delivery_zones
    where district = 'PgTAP Khan' order by commune$$,
  $$values ('PgTAP O''Sangkat'::text, 200, false), ('PgTAP Sangkat'::text, 225, true)$$,
  'the new fee is stored and stamped, the other zone is untouched');
select results_eq(tests.fee_update_sql(0), array[1::bigint], 'a fee of 0 (free delivery) is allowed');
select throws_ok(tests.fee_update_sql(-1), '23514',
  'new row for relation "delivery_zones" violates check constraint "delivery_zones_fee_cents_check"',
  'a negative fee is refused');
select throws_ok(tests.fee_update_sql(10001), '23514',
  'new row for relation "delivery_zones" violates check constraint "delivery_zones_fee_cents_check"',
  'a fee above $100 is refused');
select throws_ok($$update public.delivery_zones set district = 'Renamed' where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an admin cannot update a district (column privilege)');
select throws_ok($$update public.delivery_zones set commune = 'Renamed' where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an admin cannot update a commune (column privilege)');
select throws_ok($$update public.delivery_zones set updated_at = now() - interval '1 day' where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an admin cannot set updated_at');
select throws_ok($$insert into public.delivery_zones (district, commune, fee_cents) values ('X', 'Y', 1)$$,
  '42501', 'permission denied for table delivery_zones', 'an admin cannot insert a zone');
select throws_ok($$delete from public.delivery_zones where district = 'PgTAP Khan'$$,
  '42501', 'permission denied for table delivery_zones', 'an admin cannot delete a zone');

-- service_role: the api function reads the zones -------------------------------------------------

select tests.act_as_service_role();
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 0)$$,
  'service_role reads the delivery zones and the admin''s new fee');

-- schema -----------------------------------------------------------------------------------------

select tests.act_as_owner();
select throws_ok($$select tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 100)$$, '23505',
  'duplicate key value violates unique constraint "delivery_zones_commune_in_district"',
  'a commune appears once per district');
select lives_ok($$select tests.create_zone('PgTAP Other Khan', 'PgTAP Sangkat', 100)$$,
  'the same commune name may exist in another district');
select throws_ok($$select tests.create_zone('   ', 'PgTAP Blank', 100)$$, '23514',
  'new row for relation "delivery_zones" violates check constraint "delivery_zones_district_check"',
  'a blank district is refused');
select is(has_table_privilege('anon', 'public.delivery_zones', 'select'), true, 'anon has select on delivery_zones');
select is(has_column_privilege('authenticated', 'public.delivery_zones', 'fee_cents', 'update'), true,
  'authenticated may update fee_cents (the policy keeps it to admins)');
select is_empty(
  $$select a.attname from pg_attribute a
    where a.attrelid = 'public.delivery_zones'::regclass and a.attnum > 0 and not a.attisdropped
      and a.attname <> 'fee_cents'
      and (has_column_privilege('authenticated', a.attrelid, a.attnum, 'update')
           or has_column_privilege('anon', a.attrelid, a.attnum, 'update'))$$,
  'no client role may update any column but fee_cents');
select policies_are('public', 'delivery_zones',
  array['Anyone can read delivery zones', 'Admins can change delivery fees'],
  'delivery_zones has exactly the read and fee-change policies');
select ok((select relrowsecurity from pg_class where oid = 'public.delivery_zones'::regclass),
  'row level security is enabled on delivery_zones');

select * from finish();
rollback;
