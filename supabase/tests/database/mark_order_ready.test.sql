-- public.mark_order_ready: the shop marks its own new order packed and ready for pickup. Only from
-- new_order; another shop's order is not found; an influencer, an admin (who has the board's
-- buttons) and anon cannot. The history names the shop, and the audit log records it as the actor.
-- public.packing_slips: the shop's own orders only (nothing issued otherwise), 1 to 50, each with a
-- new token that opens the order's page.
begin;
\ir helpers.psql

select plan(14);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('other-shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_campaign('shop@test.local', 'PgTAP Ready Soap');
  perform tests.create_link('creator@test.local', 'PgTAP Ready Soap', 'approved');
  perform tests.create_zone('PgTAP Ready Khan', 'PgTAP Ready Sangkat', 150);
end
$$;
select tests.create_order('creator@test.local', 'PgTAP Ready Soap', 'PgTAP Ready Khan', 'PgTAP Ready Sangkat') as order_a \gset

select tests.authenticate_as('other-shop@test.local');
select throws_ok(format($$select public.mark_order_ready(%L)$$, :'order_a'), 'P0002', 'Order not found',
  'another shop''s order is not found');
select tests.authenticate_as('creator@test.local');
select throws_ok(format($$select public.mark_order_ready(%L)$$, :'order_a'), '42501',
  'Only the order''s shop can mark it ready', 'the influencer cannot');
select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.mark_order_ready(%L)$$, :'order_a'), '42501',
  'Only the order''s shop can mark it ready', 'an admin uses the board instead');
select tests.act_as_anon();
select throws_ok(format($$select public.mark_order_ready(%L)$$, :'order_a'), '42501', null, 'anon cannot');

select tests.authenticate_as('shop@test.local');
select is((public.mark_order_ready(:'order_a')).status::text, 'ready_for_pickup', 'the shop marks its new order ready');
select throws_ok(format($$select public.mark_order_ready(%L)$$, :'order_a'), '55000',
  'This order is ready for pickup: only a new order can be marked ready', 'twice is refused, naming where it is');
select tests.act_as_owner();
select results_eq(format($$select from_status::text, to_status::text, changed_by = tests.user_id('shop@test.local'), note
                           from public.order_status_history where order_id = %L and to_status = 'ready_for_pickup'$$, :'order_a'),
  $$values ('new_order', 'ready_for_pickup', true, 'Packed by the shop')$$, 'the history names the shop');
select results_eq(format($$select actor_email, action::text, details -> 'after' ->> 'status' from public.audit_log
                           where target_id = %L$$, :'order_a'),
  $$values ('shop@test.local', 'order.status_change', 'ready_for_pickup')$$, 'the audit log records the shop as the actor');
select is_empty($$select * from private.running_balance_differences() where balance = 'order_counts'$$,
  'the counters follow');
select is(has_function_privilege('service_role', 'public.mark_order_ready(uuid)', 'execute'), false,
  'service_role cannot call it (it needs a shop''s token)');

-- packing slips ------------------------------------------------------------------------------------

select tests.authenticate_as('other-shop@test.local');
select throws_ok(format($$select * from public.packing_slips(array[%L]::uuid[])$$, :'order_a'), 'P0002', 'Order not found',
  'another shop gets no slip of the order');
select tests.authenticate_as('shop@test.local');
select throws_ok($$select * from public.packing_slips('{}')$$, '22023', 'Choose 1 to 50 orders', 'no order is refused');
select tests.authenticate_as('shop@test.local');
select * into temporary slips from public.packing_slips(array[:'order_a']::uuid[]);
select tests.act_as_owner();
select is((select private.tracked_order_id(tracking_token) from slips), :'order_a'::uuid,
  'the slip''s token opens the order''s page');
select is((select count(*) from private.order_tracking_tokens where order_id = :'order_a'), 1::bigint,
  'the slip''s is the one token: the refused attempt issued none');

select * from finish();
rollback;
