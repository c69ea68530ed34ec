-- public.search_order_ids_by_phone per role: only an approved admin finds orders by digits of the
-- customer's phone as dialled (any run of at least 4 of 0 and the national number; digits beginning
-- 855 also as the number after the country code), and the function answers order ids, never phones,
-- newest first, at most a page before a cursor. private.order_phone_runs follows the phones. (Other orders may exist: the answers are read for the fixture orders.) Everyone else is refused; bad digits are refused naming q.
begin;
\ir helpers.psql

select plan(20);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Scarf');
  perform tests.create_link('influencer@test.local', 'PgTAP Scarf', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
end
$$;

select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+85512345678') as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+855976543210') as order_b \gset

select tests.act_as_anon();
select throws_ok($$select public.search_order_ids_by_phone('5678')$$, '42501',
  'permission denied for function search_order_ids_by_phone', 'anon cannot search phones');

select tests.authenticate_as('business@test.local');
select throws_ok($$select public.search_order_ids_by_phone('5678')$$, '42501',
  'Only admins can search customer phone numbers', 'a business cannot search its customers'' phones');

select tests.authenticate_as('influencer@test.local');
select throws_ok($$select public.search_order_ids_by_phone('5678')$$, '42501',
  'Only admins can search customer phone numbers', 'an influencer cannot search phones');

select tests.authenticate_as('pending-admin@test.local');
select throws_ok($$select public.search_order_ids_by_phone('5678')$$, '42501',
  'Only admins can search customer phone numbers', 'an admin not yet approved cannot search phones');

select tests.authenticate_as('admin@test.local');
select set_eq(format($$select * from public.search_order_ids_by_phone('5678') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[:'order_a']::uuid[],
  'an admin finds an order by its phone''s last 4 digits');
select set_eq(format($$select * from public.search_order_ids_by_phone('4567') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[:'order_a']::uuid[],
  'by a run in the middle');
select set_eq(format($$select * from public.search_order_ids_by_phone('012345') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[:'order_a']::uuid[],
  'by the number as read out, with 0 for +855');
select set_eq(format($$select * from public.search_order_ids_by_phone('9765') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[:'order_b']::uuid[],
  'only the orders whose phone holds the digits');
select is_empty(format($$select * from public.search_order_ids_by_phone('1111') x where x in (%L, %L)$$, :'order_a', :'order_b'),
  'no fixture order for digits neither phone holds');
select set_eq(format($$select * from public.search_order_ids_by_phone('85512345') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[:'order_a']::uuid[],
  'by the number written with the country code');
select is_empty(format($$select * from public.search_order_ids_by_phone('8551') x where x in (%L, %L)$$, :'order_a', :'order_b'),
  'the country code alone matches no one');
select set_eq(format($$select * from public.search_order_ids_by_phone('34568') x where x in (%L, %L)$$, :'order_a', :'order_b'), array[]::uuid[],
  'more than four digits match only where they all follow each other');

-- Pages: three more orders whose phones share a run; the first two, then the one after them.
select tests.act_as_owner();
select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+85517773001') as order_c \gset
select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+85517773002') as order_d \gset
select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+85517773003') as order_e \gset
select tests.authenticate_as('admin@test.local');
create temporary table newest_first as
  select o.id, o.created_at, row_number() over (order by o.created_at desc, o.id desc) as n
  from public.orders o where o.id in (select public.search_order_ids_by_phone('77730'));
select results_eq($$select public.search_order_ids_by_phone('77730', null, null, 2)$$,
  $$select id from newest_first where n <= 2 order by n$$, 'with a limit, the newest that many');
select results_eq($$select public.search_order_ids_by_phone('77730', (select created_at from newest_first where n = 2), (select id from newest_first where n = 2), 2)$$,
  $$select id from newest_first where n > 2 and n <= 4 order by n$$, 'after a cursor, the ones placed before it');
select is((select count(*)::int from newest_first where id in (:'order_c', :'order_d', :'order_e')), 3,
  'every order with the digits, without a limit');

-- A changed phone takes its runs with it.
select tests.act_as_owner();
select is((select count(*)::int from private.order_phone_runs where order_id = :'order_a'), 6,
  'a phone of 9 digits as dialled has its 6 runs of four');
update private.order_contacts set customer_phone = '+85599887766' where order_id = :'order_a';
select tests.authenticate_as('admin@test.local');
select is_empty(format($$select * from public.search_order_ids_by_phone('5678') x where x = %L$$, :'order_a'),
  'an order is no longer found by its old phone');
select set_eq(format($$select * from public.search_order_ids_by_phone('8877') x where x = %L$$, :'order_a'), array[:'order_a']::uuid[],
  'but by its new one');

select throws_ok($$select public.search_order_ids_by_phone('123')$$, '22023',
  'Search by phone needs at least 4 digits', 'fewer than 4 digits are refused');
select throws_ok($$select public.search_order_ids_by_phone('12a4')$$, '22023',
  'Search by phone needs at least 4 digits', 'anything but digits is refused');

select * from finish();
rollback;
