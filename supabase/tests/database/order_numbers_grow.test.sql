-- Order numbers that grow (issue 22, item 11): past SL-999999 the number takes a seventh digit
-- (SL-1000000) instead of being cut to six (lpad made 1,000,000 into SL-100000, a number that
-- already existed, so every checkout from the millionth on failed on the unique key).
--
-- The sequence is moved with ALTER SEQUENCE ... RESTART, which the rollback at the end undoes
-- (setval would not be undone, and would leave seven-digit numbers to every later test).
begin;
\ir helpers.psql

select plan(8);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Numbered Lamp');
  perform tests.create_link('influencer@test.local', 'PgTAP Numbered Lamp', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
end
$$;

create function tests.place_numbered_order() returns text
language plpgsql
as $$
declare
  new_id uuid := tests.create_order('influencer@test.local', 'PgTAP Numbered Lamp', 'PgTAP Khan', 'PgTAP Sangkat');
begin
  return (select order_number from public.orders where id = new_id);
end
$$;

select is(private.order_number(1), 'SL-000001', 'small numbers keep six digits with leading zeros');
select is(private.order_number(999999999), 'SL-999999999', 'the last number of the sequence keeps all nine digits');

-- SL-100000 exists, as it would at the millionth order.
alter sequence public.orders_number_seq restart with 100000;
select is(tests.place_numbered_order(), 'SL-100000', 'order 100,000 is SL-100000');

-- The next nextval is 999,999, as after setval(999998).
alter sequence public.orders_number_seq restart with 999999;
select is(tests.place_numbered_order(), 'SL-999999', 'order 999,999 is SL-999999');
select is(tests.place_numbered_order(), 'SL-1000000', 'order 1,000,000 is SL-1000000, not a second SL-100000');
select is(tests.place_numbered_order(), 'SL-1000001', 'order 1,000,001 is SL-1000001');

select is(
  (select count(distinct order_number) from public.orders where product_name = 'PgTAP Numbered Lamp'),
  4::bigint, 'every order across the edge has its own number');
select is(
  (select count(*) from public.orders
   where product_name = 'PgTAP Numbered Lamp' and order_number !~ '^SL-[0-9]{6,9}$'),
  0::bigint, 'every number is SL- and six to nine digits');
select * from finish();
rollback;
