-- public.record_confirmation_call and public.order_confirmation_calls: an approved admin records a
-- call made to confirm an order not yet on its way; confirmed makes it confirmed_by_phone (a
-- customer's own confirmation stays); every call is audited; only admins read the calls; nobody
-- writes the table directly.
begin;
\ir helpers.psql

select plan(16);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Call Soap');
  perform tests.create_link('influencer@test.local', 'PgTAP Call Soap', 'approved');
  perform tests.create_zone('PgTAP Call Khan', 'PgTAP Call Sangkat', 150);
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Call Soap', 'PgTAP Call Khan', 'PgTAP Call Sangkat') as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Call Soap', 'PgTAP Call Khan', 'PgTAP Call Sangkat') as order_b \gset

-- who may call it --------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(format($$select public.record_confirmation_call(%L, 'confirmed')$$, :'order_a'), '42501', null,
  'anon cannot record a call');
select tests.authenticate_as('business@test.local');
select throws_ok(format($$select public.record_confirmation_call(%L, 'confirmed')$$, :'order_a'), '42501',
  'Only admins can record a confirmation call', 'the shop cannot record a call');
select is_empty('select * from public.order_confirmation_calls', 'the shop reads no call');
select throws_ok($$insert into public.order_confirmation_calls (order_id, outcome, called_by) values (gen_random_uuid(), 'confirmed', gen_random_uuid())$$,
  '42501', null, 'nobody inserts a call directly');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(format($$select public.record_confirmation_call(%L, 'confirmed')$$, :'order_a'), '42501',
  'Only admins can record a confirmation call', 'a pending admin cannot record a call');

-- an approved admin --------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.record_confirmation_call(%L, 'maybe')$$, :'order_a'), '22023',
  'outcome must be one of confirmed, no_answer, wrong_number', 'an unknown outcome is refused, listing them');
select is((public.record_confirmation_call(:'order_a', 'no_answer', '  Rang twice  ')).confirmation::text, 'unconfirmed',
  'no answer leaves the order unconfirmed');
select is((public.record_confirmation_call(:'order_a', 'confirmed')).confirmation::text, 'confirmed_by_phone',
  'confirmed makes it confirmed_by_phone');
select results_eq(format($$select outcome::text, note, called_by = tests.user_id('admin@test.local')
                          from public.order_confirmation_calls where order_id = %L order by id$$, :'order_a'),
  $$values ('no_answer', 'Rang twice', true), ('confirmed', null, true)$$,
  'each call is kept: outcome, the note trimmed (none when blank), who called');
select throws_ok(format($$select public.record_confirmation_call(%L, 'no_answer', %L)$$, :'order_a', repeat('n', 501)),
  '23514', null, 'a note over 500 characters is refused by its constraint');

-- a customer's own confirmation stays
select tests.act_as_service_role();
select private.confirm_order_by_customer(:'order_b');
select tests.authenticate_as('admin@test.local');
select is((public.record_confirmation_call(:'order_b', 'confirmed')).confirmation::text, 'confirmed_by_customer',
  'a call after the customer confirmed leaves the customer''s confirmation');

select tests.act_as_owner();
select tests.move_order(:'order_b', 'out_for_delivery');
select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.record_confirmation_call(%L, 'confirmed')$$, :'order_b'), '55000',
  'This order is out for delivery: there is nothing left to confirm', 'an order on its way has nothing to confirm');
select throws_ok(format($$select public.record_confirmation_call(%L, 'confirmed')$$, gen_random_uuid()), 'P0002',
  'Order not found', 'an unknown order is not found');

-- audited, and readable by admins only
select is((select count(*) from public.audit_log where created_at = now() and action = 'order.confirmation_call'), 3::bigint,
  'each recorded call is one audit entry');
select results_eq($$select details ->> 'outcome', details ->> 'note' from public.audit_log
                    where created_at = now() and action = 'order.confirmation_call' order by id limit 1$$,
  $$values ('no_answer', 'Rang twice')$$, 'with its outcome and note');
select is((select count(*) from public.order_confirmation_calls where order_id in (:'order_a', :'order_b')), 3::bigint,
  'an admin reads the calls');

select * from finish();
rollback;
