-- Fraud flags held for review (issue 14 part 3): each rule at checkout and its threshold's edge,
-- who reads the flags (admins only) and who reviews (admins only), the commission held past the
-- holding period until cleared while the shop's net is not, the influencer's phone, and the
-- thresholds' ranges in the settings; the checkout flags its order itself (private.flag_order) and
-- returns it as stored.
begin;
\ir helpers.psql

select plan(39);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('refusals@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Flag Soap', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Flag Soap', 'approved');
  perform tests.create_link('refusals@test.local', 'PgTAP Flag Soap', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  perform tests.set_bank_details('business@test.local');
  perform tests.release_deliveries_at_once();
  update public.marketplace_settings
  set repeat_phone_orders = 3, repeat_phone_hours = 24, refusal_flag_percent = 30, refusal_flag_min_finished = 10
  where id;
  update public.users set store_phone = '+85512000111' where id = tests.user_id('business@test.local');
  update public.users set phone = '+85512000222' where id = tests.user_id('influencer@test.local');
end
$$;

create function tests.order_through(p_influencer_email text, p_phone text default null) returns uuid
language sql
as $$
  select tests.create_order(p_influencer_email, 'PgTAP Flag Soap', 'PgTAP Khan', 'PgTAP Sangkat', 1, p_phone)
$$;

-- The flags of an order as the owner reads them: {} when it has none. Volatile, so that it sees an
-- order placed in the same statement (tests.flags_of(tests.order_through(...))).
create function tests.flags_of(p_order_id uuid) returns text[]
language sql volatile
as $$
  select coalesce((select flags::text[] from public.order_flags where order_id = p_order_id), '{}')
$$;

-- self_order ----------------------------------------------------------------------------------------

select tests.order_through('influencer@test.local', '+85512000111') as shop_phone_order \gset
select is(tests.flags_of(:'shop_phone_order'), array['self_order'], 'the shop''s store phone: self_order');
select is((select review_status from public.orders where id = :'shop_phone_order'), 'held', 'a flagged order is held for review');
select tests.order_through('influencer@test.local', '+85512000222') as own_phone_order \gset
select is(tests.flags_of(:'own_phone_order'), array['self_order'], 'the influencer''s own phone: self_order');
select tests.order_through('influencer@test.local') as clean_order \gset
select is(tests.flags_of(:'clean_order'), '{}'::text[], 'another phone: no flag');
select is((select review_status from public.orders where id = :'clean_order'), null, 'an order without flags is not held');

-- repeat_phone: the third order of a phone within the window -----------------------------------------

select tests.order_through('influencer@test.local', '+85512000333') as repeat_1 \gset
select tests.order_through('refusals@test.local', '+85512000333') as repeat_2 \gset
select tests.order_through('influencer@test.local', '+85512000333') as repeat_3 \gset
select is(tests.flags_of(:'repeat_1') || tests.flags_of(:'repeat_2'), '{}'::text[],
  'the first and second orders of a phone: no flag');
select is(tests.flags_of(:'repeat_3'), array['repeat_phone'], 'the third within 24 hours, on any link: repeat_phone');
update public.orders set created_at = now() - interval '24 hours 1 minute' where id in (:'repeat_1', :'repeat_2');
update private.order_contacts set placed_at = now() - interval '24 hours 1 minute' where order_id in (:'repeat_1', :'repeat_2');
delete from private.checkout_attempts where customer_phone = '+85512000333';
select tests.order_through('influencer@test.local', '+85512000333') as repeat_4 \gset
select is(tests.flags_of(:'repeat_4'), '{}'::text[], 'two of the phone''s three orders older than 24 hours: no flag');

-- high_refusal_link: the customer_refused share of the link's finished orders ---------------------------

-- New orders on the refusals link, finished as cancelled straight away (the owner may): only the
-- counts matter here.
create function tests.finish_orders(p_count integer, p_reason public.order_cancellation_reason) returns void
language plpgsql
as $$
declare
  placed uuid;
begin
  for i in 1 .. p_count loop
    placed := tests.order_through('refusals@test.local');
    update public.orders set status = 'cancelled', cancellation_reason = p_reason where id = placed;
  end loop;
end
$$;

select tests.finish_orders(9, 'customer_refused');
select is(tests.flags_of(tests.order_through('refusals@test.local')), '{}'::text[],
  '9 finished orders, all refused: too few to judge');
select tests.finish_orders(1, 'out_of_stock');
select is(tests.flags_of(tests.order_through('refusals@test.local')), array['high_refusal_link'],
  '10 finished orders, 9 refused: high_refusal_link');
update public.orders set cancellation_reason = 'out_of_stock'
where id in (select id from public.orders where affiliate_link_id = tests.link_id('refusals@test.local', 'PgTAP Flag Soap')
             and cancellation_reason = 'customer_refused' limit 7);
select is(tests.flags_of(tests.order_through('refusals@test.local')), '{}'::text[],
  '10 finished, 2 refused (20%): no flag');
update public.orders set cancellation_reason = 'customer_refused'
where id = (select id from public.orders where affiliate_link_id = tests.link_id('refusals@test.local', 'PgTAP Flag Soap')
            and cancellation_reason = 'out_of_stock' limit 1);
select is(tests.flags_of(tests.order_through('refusals@test.local')), array['high_refusal_link'],
  '10 finished, 3 refused (exactly 30%): high_refusal_link');

-- who reads the flags --------------------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select is((select count(*) from public.order_flags), 0::bigint, 'a business reads no flags, even of its own orders');
select is((select review_status from public.orders where id = :'shop_phone_order'), 'held', 'a business reads that its order is held');
select tests.authenticate_as('influencer@test.local');
select is((select count(*) from public.order_flags), 0::bigint, 'an influencer reads no flags');
select throws_ok($$insert into public.order_flags (order_id, flags) values ('00000000-0000-4000-8000-000000000001', '{self_order}')$$,
  '42501', 'permission denied for table order_flags', 'an influencer cannot write flags');
select tests.authenticate_as('admin@test.local');
select ok((select count(*) from public.order_flags where order_id = :'shop_phone_order') = 1, 'an admin reads the flags');
select throws_ok($$delete from public.order_flags$$, '42501', 'permission denied for table order_flags',
  'not even an admin deletes flags');
select tests.act_as_anon();
select throws_ok($$select * from public.order_flags$$, '42501', 'permission denied for table order_flags',
  'anon cannot read flags');
select tests.act_as_owner();

-- the review holds the commission past the holding period, not the shop's net ----------------------------

select tests.deliver_order(:'shop_phone_order');
select tests.move_order(:'own_phone_order', 'ready_for_pickup');
update public.orders set status = 'cancelled', cancellation_reason = 'suspected_fraud' where id = :'own_phone_order';
select tests.deliver_order(:'clean_order');
select is(tests.try_request('influencer@test.local'), 200::bigint,
  'with a hold of 0, the influencer requests the clean order''s commission only');
select is(tests.try_request('business@test.local'), 3060::bigint, 'the shop''s net of both delivered orders is not held');

select tests.authenticate_as('influencer@test.local');
select throws_ok(format('select public.review_order(%L, ''clear'')', :'shop_phone_order'), '42501',
  'Only admins can review orders', 'an influencer cannot clear an order');
select tests.authenticate_as('admin@test.local');
select throws_ok(format('select public.review_order(%L, ''reject'')', :'shop_phone_order'), '22023',
  'decision must be clear (to refuse an order, cancel it as suspected_fraud)', 'clear is the only decision');
select throws_ok(format('select public.review_order(%L, ''clear'')', :'clean_order'), '55000',
  'This order is not held for review', 'an order never flagged cannot be cleared');
select is((select review_status from public.review_order(:'shop_phone_order', 'clear')), 'cleared', 'the admin clears it');
select is((select reviewed_by from public.order_flags where order_id = :'shop_phone_order'), tests.user_id('admin@test.local'),
  'the flags record who cleared them');
-- The influencer's first request is paid before asking again.
select public.complete_payouts(tests.user_id('influencer@test.local'), 'PGTAP-REF-1');
select tests.act_as_owner();
select is(tests.try_request('influencer@test.local'), 200::bigint, 'once cleared, the commission is requested');

select is(has_function_privilege('anon', 'public.review_order(uuid, text)', 'execute'), false,
  'anon cannot execute review_order');
select is(has_function_privilege('service_role', 'public.review_order(uuid, text)', 'execute'), false,
  'service_role cannot execute review_order (a review needs an admin user)');

-- the influencer's phone and the thresholds ---------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select throws_ok($$update public.users set phone = '012345678' where id = auth.uid()$$, '23514', null,
  'a phone must be stored as +855...');
select tests.authenticate_as('admin@test.local');
select throws_ok($$select public.update_marketplace_settings(p_repeat_phone_orders => 1)$$, '23514',
  'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_repeat_phone_orders_range"',
  'thresholds keep to their ranges (the column''s constraint)');
select tests.act_as_owner();

-- place_order flags its order itself and answers it as stored ---------------------------------------

-- The store phone again (self_order); a fresh address, so no rate limit of the earlier orders applies.
select o.id as placed_again, o.review_status as answered_status
  from private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Flag Soap'),
    '+85512000111', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.201', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2') o \gset
select is(:'answered_status'::text, 'held', 'place_order answers a flagged order as stored: held for review');
select results_eq(
  format($$select review_status::text, tests.flags_of(id) from public.orders where id = %L$$, :'placed_again'),
  $$values ('held'::text, array['self_order'])$$, 'which is how it is stored, with its flags recorded');
select is(
  (select review_status from private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Flag Soap'),
     '+85512000444', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.202', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')),
  null, 'and a clean order as stored: not held');
select hasnt_trigger('private', 'order_contacts', 'order_contacts_flag_new_order',
  'no trigger on order_contacts flags orders behind the checkout''s back');
select is(
  (select string_agg(tgname::text, ',' order by tgname) from pg_trigger where tgrelid = 'private.order_contacts'::regclass and not tgisinternal),
  'order_contacts_keep_phone_runs,order_contacts_queue_telegram',
  'order_contacts has two triggers: the phone search''s runs (05_orders.sql) and the new-order notice (09_telegram.sql), neither a flag');
select hasnt_function('private', 'flag_new_order', 'the trigger function is gone');
select is_definer('private', 'flag_order', array['orders', 'text'], 'private.flag_order is security definer');
select results_eq(
  $$select r, has_function_privilege(r, 'private.flag_order(public.orders, text)', 'execute')
    from unnest(array['public', 'anon', 'authenticated', 'service_role']) r$$,
  $$values ('public'::text, false), ('anon', false), ('authenticated', false), ('service_role', false)$$,
  'flag_order is called by place_order only: no client role executes it');

select * from finish();
rollback;
