-- The rider's page (issue 29, item 4): only an approved admin makes, lists and revokes a courier's
-- rider links (public.create_courier_link, courier_links, revoke_courier_link), each audited; a
-- link opens its courier until it is revoked or the courier deactivated
-- (private.rider_courier_id); a rider's step (private.rider_step) moves only its courier's orders,
-- as an admin's buttons would, with the courier as the actor in the history and the audit log; a
-- repeated step id does nothing twice. Only the api function's service role reaches the private
-- functions, and nobody reads the tables.
begin;
\ir helpers.psql

select plan(37);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_campaign('shop@test.local', 'PgTAP Rider Soap');
  perform tests.create_link('creator@test.local', 'PgTAP Rider Soap', 'approved');
  perform tests.create_zone('PgTAP Rider Khan', 'PgTAP Rider Sangkat', 150);
end
$$;
select tests.create_order('creator@test.local', 'PgTAP Rider Soap', 'PgTAP Rider Khan', 'PgTAP Rider Sangkat') as order_a \gset
select tests.create_order('creator@test.local', 'PgTAP Rider Soap', 'PgTAP Rider Khan', 'PgTAP Rider Sangkat') as order_b \gset
select tests.create_order('creator@test.local', 'PgTAP Rider Soap', 'PgTAP Rider Khan', 'PgTAP Rider Sangkat') as order_c \gset
select tests.create_order('creator@test.local', 'PgTAP Rider Soap', 'PgTAP Rider Khan', 'PgTAP Rider Sangkat') as order_other \gset
select total_cents as total_a from public.orders where id = :'order_a' \gset

select tests.authenticate_as('admin@test.local');
select (public.create_courier('Dara Rider', '+85512345678', 'freelance', true)).id as rider \gset
select (public.create_courier('Sokha Rider', '+85512345679', 'freelance', true)).id as other_rider \gset
select public.assign_courier(:'order_a', :'rider');
select public.assign_courier(:'order_b', :'rider');
select public.assign_courier(:'order_c', :'rider');
select public.assign_courier(:'order_other', :'other_rider');

-- links: who makes, lists and revokes them ------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select throws_ok(format($$select public.create_courier_link(%L)$$, :'rider'), '42501',
  'Only admins can manage couriers', 'a shop cannot make a rider link');
select throws_ok(format($$select public.courier_links(%L)$$, :'rider'), '42501',
  'Only admins can manage couriers', 'nor list them');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(format($$select public.create_courier_link(%L)$$, :'rider'), '42501',
  'Only admins can manage couriers', 'a pending admin cannot make one');
select tests.act_as_anon();
select throws_ok(format($$select public.create_courier_link(%L)$$, :'rider'), '42501', null,
  'anon cannot make one');
select throws_ok($$select * from private.courier_links$$, '42501', null, 'anon cannot read the links');

select tests.authenticate_as('admin@test.local');
select token as token_a, id as link_a from public.create_courier_link(:'rider') \gset
select token as token_b, id as link_b from public.create_courier_link(:'rider') \gset
select token as other_token from public.create_courier_link(:'other_rider') \gset
select ok(:'token_a' ~ '^[A-Za-z0-9_-]{32}$' and :'token_a' <> :'token_b', 'each link has a token of its own');
select set_eq(format($$select id, created_by_email, revoked_at is null as live, last_used_at is null as unused from public.courier_links(%L)$$, :'rider'),
  format($$values (%L::uuid, 'admin@test.local', true, true), (%L::uuid, 'admin@test.local', true, true)$$, :'link_b', :'link_a'),
  'an admin lists a courier''s links, unused');
select throws_ok($$select * from private.courier_links$$, '42501', null, 'an admin reads no token hash either');
select throws_ok(format($$select public.create_courier_link(%L)$$, gen_random_uuid()), 'P0002',
  'Courier not found', 'an unknown courier has no link');
select is((select count(*) from public.audit_log where action = 'courier.link_create' and target_id = :'rider'),
  2::bigint, 'each link made is audited on its courier');

-- what a link opens ----------------------------------------------------------------------------------

select tests.act_as_service_role();
select is(private.rider_courier_id(:'token_a'), :'rider'::uuid, 'a link opens its courier');
select is(private.rider_courier_id('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), null, 'an unknown token opens nothing');
select throws_ok($$select * from private.courier_links$$, '42501', null, 'the service role reads no link either');
select tests.authenticate_as('admin@test.local');
select isnt((select last_used_at from public.courier_links(:'rider') where id = :'link_a'), null, 'a link''s use is noted');

select tests.authenticate_as('admin@test.local');
select public.revoke_courier_link(:'rider', :'link_b');
select public.revoke_courier_link(:'rider', :'link_b');
select is((select count(*) from public.audit_log where action = 'courier.link_revoke' and target_id = :'rider'),
  1::bigint, 'a revocation is audited once, however often it is asked');
select throws_ok(format($$select public.revoke_courier_link(%L, %L)$$, :'other_rider', :'link_a'), 'P0002',
  'Rider link not found', 'a link is revoked only through its own courier');
select tests.act_as_service_role();
select is(private.rider_courier_id(:'token_b'), null, 'a revoked link opens nothing');

-- steps ----------------------------------------------------------------------------------------------

select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'picked_up')$$, :'rider', :'order_other'),
  'P0002', 'Order not found', 'a rider cannot touch another courier''s order');
select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'delivered', %s)$$, :'rider', :'order_a', :total_a),
  '55000', 'Mark this order picked up first', 'a new order is picked up before it is delivered');
select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'flew')$$, :'rider', :'order_a'),
  '22023', 'step must be one of picked_up, delivered, refused, unreachable', 'an unknown step is refused, naming the steps');

select results_eq(format($$select (changed).status::text, applied, replayed from private.rider_step(%L, %L, %L, 'picked_up')$$,
                         :'rider', :'order_a', '00000000-0000-4000-8000-00000000000a'),
  $$values ('out_for_delivery', true, false)$$, 'picked up: the order is out for delivery');
select results_eq(format($$select (changed).status::text, applied, replayed from private.rider_step(%L, %L, %L, 'picked_up')$$,
                         :'rider', :'order_a', '00000000-0000-4000-8000-00000000000a'),
  $$values ('out_for_delivery', true, true)$$, 'the same step id again answers the first...');
select is((select count(*) from public.order_status_history where order_id = :'order_a' and to_status = 'out_for_delivery'),
  1::bigint, '...and writes no second history row');
select throws_ok(format($$select private.rider_step(%L, %L, %L, 'refused')$$, :'rider', :'order_a', '00000000-0000-4000-8000-00000000000a'),
  '22023', 'This step id was used for another step', 'a step id is one step');

select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'delivered')$$, :'rider', :'order_a'),
  '22023', 'cash_collected is required to mark an order delivered', 'a delivery says the cash collected');
select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'delivered', %s)$$, :'rider', :'order_a', :total_a - 1),
  '22023', 'The cash collected must be the amount to collect. Please call the office if the customer paid another amount',
  'the cash collected is the amount to collect');
select results_eq(format($$select (changed).status::text, applied from private.rider_step(%L, %L, gen_random_uuid(), 'delivered', %s)$$,
                         :'rider', :'order_a', :total_a),
  $$values ('delivered', true)$$, 'delivered with the cash');
select isnt(tests.order_ledger(:'order_a'), '', 'the delivery is posted to the ledger');
select results_eq(format($$select (changed).status::text, applied from private.rider_step(%L, %L, gen_random_uuid(), 'delivered', %s)$$,
                         :'rider', :'order_a', :total_a),
  $$values ('delivered', false)$$, 'delivered again by another sending: nothing more...');
select is((select count(*) from public.ledger_transactions where order_id = :'order_a'), 1::bigint, '...and posted once');
select throws_ok(format($$select private.rider_step(%L, %L, gen_random_uuid(), 'refused')$$, :'rider', :'order_a'),
  '55000', 'This order is delivered: it can no longer change here. Please call the office', 'a delivered order stays delivered');

select private.rider_step(:'rider', :'order_b', gen_random_uuid(), 'picked_up');
select results_eq(format($$select (changed).status::text, (changed).cancellation_reason::text from private.rider_step(%L, %L, gen_random_uuid(), 'refused')$$,
                         :'rider', :'order_b'),
  $$values ('cancelled', 'customer_refused')$$, 'refused at the door: cancelled as refused');
select private.rider_step(:'rider', :'order_c', gen_random_uuid(), 'picked_up');
select results_eq(format($$select (changed).status::text, (changed).cancellation_reason::text from private.rider_step(%L, %L, gen_random_uuid(), 'unreachable')$$,
                         :'rider', :'order_c'),
  $$values ('cancelled', 'customer_unreachable')$$, 'unreachable: cancelled as unreachable');

select tests.act_as_owner();
select results_eq(format($$select to_status::text, changed_by, changed_by_courier, note from public.order_status_history
                          where order_id = %L and from_status is not null order by id$$, :'order_a'),
  format($$values ('out_for_delivery', null::uuid, %L::uuid, 'Picked up by the rider'),
                  ('delivered', null::uuid, %L::uuid, 'Delivered by the rider')$$, :'rider', :'rider'),
  'the history names the courier as the one who changed the order');
select results_eq(format($$select actor_id, actor_email, actor_courier_id, details -> 'after' ->> 'status' from public.audit_log
                          where target_id = %L and action = 'order.status_change' order by id$$, :'order_a'),
  format($$values (null::uuid, null::text, %L::uuid, 'out_for_delivery'), (null::uuid, null::text, %L::uuid, 'delivered')$$, :'rider', :'rider'),
  'and so does the audit log');

-- a deactivated courier's links open nothing -----------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select public.update_courier(:'other_rider', p_active => false);
select tests.act_as_service_role();
select is(private.rider_courier_id(:'other_token'), null, 'an inactive courier''s link opens nothing');

-- privileges -----------------------------------------------------------------------------------------

select ok(not has_function_privilege('authenticated', 'private.rider_step(uuid, uuid, uuid, text, bigint)', 'execute')
          and not has_function_privilege('anon', 'private.rider_courier_id(text)', 'execute'),
  'only the service role makes steps and opens links');

select * from finish();
rollback;
