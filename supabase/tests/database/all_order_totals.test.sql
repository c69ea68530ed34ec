-- public.all_order_totals(): the admin's stats summary over every order, counted without the
-- per-row policy check. Only an approved admin may call it, and it answers what the table holds.
begin;
\ir helpers.psql

select plan(6);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Totals Tea', 1500, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Totals Tea', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.create_order('influencer@test.local', 'PgTAP Totals Tea', 'PgTAP Khan', 'PgTAP Sangkat', 2);
  perform tests.create_order('influencer@test.local', 'PgTAP Totals Tea', 'PgTAP Khan', 'PgTAP Sangkat', 1);
end
$$;

-- What the table holds, read as the owner.
create temporary table expected as
  select status, cancellation_reason, count(*)::bigint as orders, coalesce(sum(subtotal_cents), 0)::bigint as sales_cents
  from public.orders group by status, cancellation_reason;
grant select on expected to authenticated;

select tests.authenticate_as('admin@test.local');
select set_eq($$select * from public.all_order_totals()$$, $$select * from expected$$,
  'an admin gets the count and sales of every order per status and reason');
select ok((select sum(orders) from public.all_order_totals()) >= 2, 'the totals include the fixture''s orders');

select tests.authenticate_as('business@test.local');
select throws_ok($$select * from public.all_order_totals()$$, '42501', 'Only admins can count every order',
  'a business cannot count every order');
select tests.authenticate_as('influencer@test.local');
select throws_ok($$select * from public.all_order_totals()$$, '42501', 'Only admins can count every order',
  'an influencer cannot count every order');
select tests.act_as_owner();
select is(has_function_privilege('anon', 'public.all_order_totals()', 'execute'), false, 'anon cannot execute it');
select is(has_function_privilege('service_role', 'public.all_order_totals()', 'execute'), false,
  'service_role cannot execute it');

select * from finish();
rollback;
