-- Couriers (issue 29): only an approved admin adds, changes and reads couriers and gives orders to
-- them (public.create_courier, update_courier, assign_courier), each change audited; a shop reads
-- only the couriers carrying its own orders; an influencer none. Assignment: an active courier, an
-- order not yet delivered or cancelled; the same courier again changes nothing; null takes it back.
-- Nobody writes the table directly.
begin;
\ir helpers.psql

select plan(26);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('other-shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_campaign('shop@test.local', 'PgTAP Courier Soap');
  perform tests.create_link('creator@test.local', 'PgTAP Courier Soap', 'approved');
  perform tests.create_zone('PgTAP Courier Khan', 'PgTAP Courier Sangkat', 150);
end
$$;
select tests.create_order('creator@test.local', 'PgTAP Courier Soap', 'PgTAP Courier Khan', 'PgTAP Courier Sangkat') as order_a \gset
select tests.create_order('creator@test.local', 'PgTAP Courier Soap', 'PgTAP Courier Khan', 'PgTAP Courier Sangkat') as order_b \gset

-- who manages couriers ------------------------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select throws_ok($$select public.create_courier('Dara', '+85512345678', 'freelance', true)$$, '42501',
  'Only admins can manage couriers', 'a shop cannot add a courier');
select throws_ok($$insert into public.couriers (name, phone, kind) values ('Dara', '+85512345678', 'freelance')$$,
  '42501', null, 'nor write the table directly');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok($$select public.create_courier('Dara', '+85512345678', 'freelance', true)$$, '42501',
  'Only admins can manage couriers', 'a pending admin cannot add a courier');
select tests.act_as_anon();
select throws_ok($$select public.create_courier('Dara', '+85512345678', 'freelance', true)$$, '42501', null,
  'anon cannot add a courier');

select tests.authenticate_as('admin@test.local');
select (public.create_courier('  Dara Rider  ', '+85512345678', 'freelance', true)).id as rider \gset
select (public.create_courier('Vireak Express', '+85523456789', 'company', false)).id as company \gset
select results_eq(format($$select name, kind::text, active, keeps_delivery_fee from public.couriers where id = %L$$, :'rider'),
  $$values ('Dara Rider', 'freelance', true, true)$$, 'an admin adds a courier, its name trimmed');
select throws_ok($$select public.create_courier('Another', '+85512345678', 'freelance', true)$$, '23505',
  'Another courier already has this phone number', 'a phone already used by a courier is refused');
select throws_ok($$select public.create_courier('Dara', '+85512345678', 'bicycle', true)$$, '22023',
  'kind must be one of company, freelance', 'an unknown kind is refused, naming the kinds');
select throws_ok($$select public.create_courier('Dara', '012 999 999', 'freelance', true)$$, '23514', null,
  'a phone not stored as +855 is refused by its constraint');
select is((public.update_courier(:'company', p_active => false)).active, false, 'an admin deactivates a courier');
select throws_ok(format($$select public.update_courier(%L, p_name => 'X')$$, gen_random_uuid()), 'P0002',
  'Courier not found', 'an unknown courier is not found');
select results_eq($$select action::text, details -> 'after' ->> 'name' from public.audit_log
                    where created_at = now() and target_type = 'courier' order by id$$,
  $$values ('courier.create', 'Dara Rider'), ('courier.create', 'Vireak Express'), ('courier.update', null)$$,
  'each addition and change is audited');
select is((select details -> 'after' ->> 'active' from public.audit_log where action = 'courier.update' and created_at = now()),
  'false', 'a change records the values it changed');

-- assignment ---------------------------------------------------------------------------------------

select is((public.assign_courier(:'order_a', :'rider')).courier_id, :'rider'::uuid, 'an admin gives an order to a courier');
select is((select count(*) from public.audit_log where created_at = now() and action = 'order.courier_assign'),
  1::bigint, 'audited');
select is((public.assign_courier(:'order_a', :'rider')).courier_id, :'rider'::uuid, 'the same courier again...');
select is((select count(*) from public.audit_log where created_at = now() and action = 'order.courier_assign'),
  1::bigint, '...changes nothing and audits nothing');
select throws_ok(format($$select public.assign_courier(%L, %L)$$, :'order_b', :'company'), '55000',
  'This courier is not active: activate it first', 'an inactive courier gets no new order');
select throws_ok(format($$select public.assign_courier(%L, %L)$$, :'order_b', gen_random_uuid()), 'P0002',
  'Courier not found', 'an unknown courier is not found');
select tests.act_as_owner();
select tests.deliver_order(:'order_b');
select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.assign_courier(%L, %L)$$, :'order_b', :'rider'), '55000',
  'This order is delivered: its courier can no longer change', 'a delivered order keeps its courier');
select is((public.assign_courier(:'order_a', null)).courier_id, null, 'null takes the order back');
select results_eq($$select details -> 'before' ->> 'courier', details -> 'after' ->> 'courier' from public.audit_log
                    where created_at = now() and action = 'order.courier_assign' order by id$$,
  $$values (null, 'Dara Rider'), ('Dara Rider', null)$$,
  'the audit names the couriers before and after');
select public.assign_courier(:'order_a', :'rider');

-- who reads couriers ---------------------------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select results_eq($$select name from public.couriers$$, $$values ('Dara Rider')$$,
  'a shop reads the courier carrying its order, and no other');
select tests.authenticate_as('other-shop@test.local');
select is_empty($$select * from public.couriers$$, 'another shop reads none');
select tests.authenticate_as('creator@test.local');
select is_empty($$select * from public.couriers$$, 'an influencer reads none');
select throws_ok(format($$select public.assign_courier(%L, %L)$$, :'order_a', :'rider'), '42501',
  'Only admins can assign couriers', 'nor assigns one');
select tests.authenticate_as('admin@test.local');
select is((select count(*) from public.couriers where id in (:'rider', :'company')), 2::bigint, 'an admin reads every courier');

select * from finish();
rollback;
