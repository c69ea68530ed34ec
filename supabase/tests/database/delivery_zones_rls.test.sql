-- The places and their fees: public.provinces, public.districts, public.communes and
-- public.delivery_zones. Anyone (anon, every signed-in user, service_role) reads them; only an
-- approved admin changes a Phnom Penh sangkat's fee or a province's fee and estimate, and only those
-- columns (column privileges); no client inserts, renames or deletes a place. The assertions look
-- at zones of their own and at Siemreap (17), so the seeded fees never matter.
begin;
\ir helpers.psql

select plan(44);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');

  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 175);
  perform tests.create_zone('PgTAP Khan', 'PgTAP O''Sangkat', 200);

  -- Backdate the fixtures with the triggers off (they would stamp now() on this update too).
  alter table public.delivery_zones disable trigger delivery_zones_touch_updated_at;
  update public.delivery_zones set updated_at = timestamptz '2026-01-01 00:00+00'
  where commune_code like '129%';
  alter table public.delivery_zones enable trigger delivery_zones_touch_updated_at;
  alter table public.provinces disable trigger provinces_touch_updated_at;
  update public.provinces set updated_at = timestamptz '2026-01-01 00:00+00' where code = '17';
  alter table public.provinces enable trigger provinces_touch_updated_at;
end
$$;

-- What each caller sees of the fixture zones, by the commune's name.
create function tests.fixture_zones_sql() returns text
language sql
as $$
  select $q$select c.name_en, z.fee_cents from public.delivery_zones z
            join public.communes c on c.code = z.commune_code
            join public.districts d on d.code = c.district_code
            where d.name_en = 'PgTAP Khan' order by c.name_en$q$
$$;
-- A fee update of the fixture zone, as the count of rows it changed.
create function tests.fee_update_sql(p_fee integer) returns text
language sql
as $$
  select format($q$with changed as (
      update public.delivery_zones set fee_cents = %s
      where commune_code = (select code from public.communes where name_en = 'PgTAP Sangkat') returning 1)
    select count(*) from changed$q$, p_fee)
$$;
-- A change of Siemreap's fee and estimate, as the count of rows it changed.
create function tests.province_update_sql(p_fee integer, p_hours_min integer default 24) returns text
language sql
as $$
  select format($q$with changed as (
      update public.provinces set delivery_fee_cents = %s, delivery_hours_min = %s where code = '17' returning 1)
    select count(*) from changed$q$, p_fee, p_hours_min)
$$;
-- What every caller reads of the gazetteer: how many provinces, districts and communes (the
-- fixtures' own made-up district and communes left out).
create function tests.gazetteer_counts_sql() returns text
language sql
as $$
  select $q$select (select count(*) from public.provinces), (select count(*) from public.districts where code not like '129%'),
                   (select count(*) from public.communes where code not like '129%')$q$
$$;
grant execute on function tests.fixture_zones_sql(), tests.fee_update_sql(integer),
  tests.province_update_sql(integer, integer), tests.gazetteer_counts_sql() to anon, authenticated, service_role;

-- The writes no client may make, whoever signs in (each a 42501 by the grants).
create function tests.refused_writes() returns setof text
language sql
as $f$
  values ($$insert into public.delivery_zones (commune_code, fee_cents) values ('120101', 1)$$),
         ($$delete from public.delivery_zones where commune_code like '129%'$$),
         ($$update public.delivery_zones set commune_code = '120102' where commune_code like '129%'$$),
         ($$insert into public.provinces (code, name_en, name_km, kind) values ('26', 'X', 'X', 'province')$$),
         ($$update public.provinces set name_en = 'X' where code = '17'$$),
         ($$update public.districts set name_en = 'X' where code = '1710'$$),
         ($$delete from public.communes where code like '129%'$$)
$f$;
grant execute on function tests.refused_writes() to anon, authenticated, service_role;

-- anon: reads, writes nothing -------------------------------------------------------------------

select tests.act_as_anon();
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'anon reads the delivery zones and their fees (apostrophes kept)');
select results_eq(tests.gazetteer_counts_sql(), $$values (25::bigint, 210::bigint, 1652::bigint)$$,
  'anon reads the whole gazetteer: 25 provinces, 210 districts, 1,652 communes');
select results_eq($$select fee_cents from public.delivery_zones where commune_code = '120201'$$, array[100],
  'anon reads the fees the migration seeds (Doun Penh / Phsar Thmei Ti Muoy: $1.00)');
select throws_ok(tests.fee_update_sql(50), '42501', 'permission denied for table delivery_zones',
  'anon cannot update a fee');
select throws_ok(tests.province_update_sql(50), '42501', 'permission denied for table provinces',
  'anon cannot update a province''s fee');
select throws_ok(w, '42501', null, 'anon: ' || w) from tests.refused_writes() w limit 2;

-- approved business and influencer ---------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select results_eq(tests.fixture_zones_sql(),
  $$values ('PgTAP O''Sangkat'::text, 200), ('PgTAP Sangkat'::text, 175)$$,
  'an approved business reads the delivery zones');
select results_eq(tests.fee_update_sql(50), array[0::bigint], 'an approved business cannot change a fee (0 rows)');
select results_eq(tests.province_update_sql(50), array[0::bigint],
  'an approved business cannot change a province''s fee (0 rows)');
select throws_ok(w, '42501', null, 'an approved business: ' || w) from tests.refused_writes() w;

select tests.authenticate_as('influencer@test.local');
select results_eq(tests.gazetteer_counts_sql(), $$values (25::bigint, 210::bigint, 1652::bigint)$$,
  'an approved influencer reads the gazetteer');
select results_eq(tests.fee_update_sql(50), array[0::bigint], 'an approved influencer cannot change a fee (0 rows)');
select results_eq(tests.province_update_sql(50), array[0::bigint],
  'an approved influencer cannot change a province''s fee (0 rows)');
select throws_ok(w, '42501', null, 'an approved influencer: ' || w) from tests.refused_writes() w limit 3;

-- pending admin and a token without an account ---------------------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select results_eq(tests.fee_update_sql(50), array[0::bigint], 'a pending admin cannot change a fee (0 rows)');
select results_eq(tests.province_update_sql(50), array[0::bigint],
  'a pending admin cannot change a province''s fee (0 rows)');
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
select results_eq($$select delivery_fee_cents, updated_at from public.provinces where code = '17'$$,
  $$values (250, timestamptz '2026-01-01 00:00+00')$$, 'and so are the province''s fee and updated_at');

-- approved admin: changes fees and estimates only --------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(tests.fee_update_sql(225), array[1::bigint], 'an approved admin changes the fee of one zone');
select results_eq(
  $$select c.name_en, z.fee_cents, z.updated_at = now() from public.delivery_zones z
    join public.communes c on c.code = z.commune_code where z.commune_code like '129%' order by c.name_en$$,
  $$values ('PgTAP O''Sangkat'::text, 200, false), ('PgTAP Sangkat'::text, 225, true)$$,
  'the new fee is stored and stamped, the other zone is untouched');
select results_eq(tests.fee_update_sql(0), array[1::bigint], 'a fee of 0 (free delivery) is allowed');
select throws_ok(tests.fee_update_sql(-1), '23514',
  'new row for relation "delivery_zones" violates check constraint "delivery_zones_fee_cents_check"',
  'a negative fee is refused');
select throws_ok(tests.fee_update_sql(10001), '23514',
  'new row for relation "delivery_zones" violates check constraint "delivery_zones_fee_cents_check"',
  'a fee above $100 is refused');
select results_eq(tests.province_update_sql(300, 36), array[1::bigint],
  'an approved admin changes a province''s fee and estimate');
select results_eq(
  $$select delivery_fee_cents, delivery_hours_min, delivery_hours_max, updated_at = now() from public.provinces where code = '17'$$,
  $$values (300, 36::smallint, 72::smallint, true)$$, 'they are stored and stamped');
select throws_ok(tests.province_update_sql(300, 100), '23514',
  'new row for relation "provinces" violates check constraint "provinces_delivery_hours_order"',
  'an estimate whose first hour comes after its last is refused');
select throws_ok(w, '42501', null, 'an admin: ' || w) from tests.refused_writes() w;

select * from finish();
rollback;
