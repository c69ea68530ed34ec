-- public.order_totals(): the caller's orders and sales per status, cancellation reason and
-- confirmation (unconfirmed_orders.test.sql tells them apart), read
-- from the counters every order change keeps (private.order_counts). An approved admin counts
-- every order, a shop and an influencer their own; anyone else is refused. The counters follow
-- checkouts, status changes and cancellations, and agree with the orders (running_balance_differences).
begin;
\ir helpers.psql

select plan(14);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Totals Tea', 1500, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Totals Tea', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Totals Tea', 'PgTAP Khan', 'PgTAP Sangkat', 2) as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Totals Tea', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_b \gset
select tests.create_order('influencer@test.local', 'PgTAP Totals Tea', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_c \gset
select tests.deliver_order(:'order_a');
select tests.authenticate_as('admin@test.local');
select public.change_order_status(:'order_c', 'cancelled', null, 'customer_refused');
select tests.act_as_owner();

-- The caller's totals as 'status/reason orders sales; ...' (security invoker: the caller's view).
create function tests.totals_of(p_email text) returns text
language plpgsql
as $$
declare
  seen text;
begin
  perform tests.authenticate_as(p_email);
  select string_agg(t.status || coalesce('/' || t.cancellation_reason, '') || ' ' || t.orders || ' ' || t.sales_cents, '; '
                    order by t.status, t.cancellation_reason)
    into seen from public.order_totals() t;
  perform tests.act_as_owner();
  return coalesce(seen, '');
end
$$;

select is(tests.totals_of('business@test.local'),
  'new_order 1 1500; delivered 1 3000; cancelled/customer_refused 1 1500',
  'a shop counts its own orders per status and reason, with their sales');
select is(tests.totals_of('influencer@test.local'),
  'new_order 1 1500; delivered 1 3000; cancelled/customer_refused 1 1500', 'an influencer counts the orders through its links');
select is(tests.totals_of('other-business@test.local'), '', 'a shop without orders counts none');

-- The admin's totals are every order's: what the table holds.
create temporary table expected as
  select status, cancellation_reason, confirmation, count(*)::bigint as orders,
         coalesce(sum(subtotal_cents), 0)::bigint as sales_cents
  from public.orders group by status, cancellation_reason, confirmation;
grant select on expected to authenticated;
select tests.authenticate_as('admin@test.local');
select set_eq($$select * from public.order_totals()$$, $$select * from expected$$,
  'an admin counts every order per status, reason and confirmation, as the table holds them');
select tests.act_as_owner();

-- A change moves an order between counts; a revert moves it back.
select tests.move_order(:'order_a', 'out_for_delivery');
select tests.move_order(:'order_b', 'ready_for_pickup');
select is(tests.totals_of('business@test.local'),
  'ready_for_pickup 1 1500; out_for_delivery 1 3000; cancelled/customer_refused 1 1500', 'status changes move orders between counts');
select is_empty($$select * from private.running_balance_differences() where balance = 'order_counts'$$,
  'the counters agree with the orders');
select is((select count(*) from private.order_counts c
           where c.scope = 'link' and c.scope_id = tests.link_id('influencer@test.local', 'PgTAP Totals Tea')
             and c.status = 'cancelled' and c.orders <> 0), 1::bigint, 'the link''s counters hold its cancellation');

-- Who may count.
select tests.authenticate_as('pending-admin@test.local');
select throws_ok($$select * from public.order_totals()$$, '42501', 'Only shops, influencers and approved admins can count orders',
  'a pending admin cannot count every order');
select tests.authenticate_as_id('00000000-0000-4000-8000-0000000000ff');
select throws_ok($$select * from public.order_totals()$$, '42501', 'Only shops, influencers and approved admins can count orders',
  'a token without an account counts nothing');
select tests.authenticate_as('business@test.local');
select throws_ok($$select * from private.order_counts$$, '42501', null, 'a shop cannot read the counters directly');
select throws_ok($$update private.order_counts set orders = 0$$, '42501', null, 'nor change them');
select tests.act_as_owner();
select is(has_function_privilege('anon', 'public.order_totals()', 'execute'), false, 'anon cannot execute it');
select is(has_function_privilege('service_role', 'public.order_totals()', 'execute'), false,
  'service_role cannot execute it');
select is(has_table_privilege('service_role', 'private.order_counts', 'select'), false,
  'service_role cannot read the counters');

select * from finish();
rollback;
