-- public.search_order_ids_by_phone per role: only an approved admin finds orders by digits of the
-- customer's phone (any run of at least 4, a leading 0 standing for +855), and the function answers
-- order ids, never phones. (Other orders may exist: the answers are read for the fixture orders.) Everyone else is refused; bad digits are refused naming q.
begin;
\ir helpers.psql

select plan(11);

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
select throws_ok($$select public.search_order_ids_by_phone('123')$$, '22023',
  'Search by phone needs at least 4 digits', 'fewer than 4 digits are refused');
select throws_ok($$select public.search_order_ids_by_phone('12a4')$$, '22023',
  'Search by phone needs at least 4 digits', 'anything but digits is refused');

select * from finish();
rollback;
