-- private.place_order(): the checkout, executable by service_role only (the api function calls it
-- for the anonymous customer). It accepts an order only through an approved link of an active
-- campaign, to a known zone, for 1 to 10 items and a normalised Cambodian phone; it takes every
-- amount from its own data (the campaign's price and rate, the zone's fee), and refuses more than
-- 3 orders a minute from one phone or 20 from one address (P0429).
begin;
\ir helpers.psql

select plan(80);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('pending-link-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('rejected-link-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('unlinked-influencer@test.local', 'influencer', 'approved');

  perform tests.create_campaign('business@test.local', 'PgTAP Lamp');       -- 2500 cents, rate 0.15
  perform tests.create_campaign('business@test.local', 'PgTAP Old Lamp');
  perform tests.create_link('influencer@test.local', 'PgTAP Lamp', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP Old Lamp', 'approved');
  perform tests.create_link('pending-link-influencer@test.local', 'PgTAP Lamp', 'pending');
  perform tests.create_link('rejected-link-influencer@test.local', 'PgTAP Lamp', 'rejected');
  -- The link was approved while the campaign was active; it has been deactivated since.
  update public.campaigns set status = 'inactive' where product_name = 'PgTAP Old Lamp';

  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 175);
  perform tests.create_zone('PgTAP Other Khan', 'PgTAP Far Sangkat', 250);

  -- Checkouts committed by other tests (the API suite against the same database) must not make
  -- these numbers hit the rate limit; the deletion is rolled back with the test.
  delete from private.checkout_attempts;
end
$$;

-- A checkout call as the api function makes it (influencer and product by fixture name).
create function tests.place_sql(
  p_influencer_email text,
  p_product_name text,
  p_phone text,
  p_quantity integer default 1,
  p_district text default 'PgTAP Khan',
  p_commune text default 'PgTAP Sangkat',
  p_ip text default '198.51.100.1'
) returns text
language sql
as $$
  select format('select id from private.place_order(%L, %L, %L, %L, %L, %s, %L, p_recipient_name => ''PgTAP Recipient'', p_address_line => ''House 1, Street 2'')',
    tests.user_id(p_influencer_email), tests.campaign_id(p_product_name), p_phone, p_district, p_commune,
    coalesce(p_quantity::text, 'null'), p_ip)
$$;

-- The number of orders of the fixture campaigns, read as the owner whatever the current role.
create function tests.fixture_order_count() returns bigint
language sql stable security definer set search_path = ''
as $$
  select count(*) from public.orders o join public.users u on u.id = o.business_id
  where u.email = 'business@test.local'
$$;
grant execute on function tests.place_sql(text, text, text, integer, text, text, text),
  tests.fixture_order_count() to anon, authenticated, service_role;

-- who may call it --------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000001'), '42501',
  'permission denied for function place_order', 'anon cannot execute place_order');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000001'), '42501',
  'permission denied for function place_order', 'an influencer cannot execute place_order');
select tests.authenticate_as('business@test.local');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000001'), '42501',
  'permission denied for function place_order', 'a business cannot execute place_order');
select tests.authenticate_as('admin@test.local');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000001'), '42501',
  'permission denied for function place_order', 'an admin cannot execute place_order');
select is(tests.fixture_order_count(), 0::bigint, 'the refused callers placed no order');
select is_definer('private', 'place_order',
  array['uuid', 'uuid', 'text', 'text', 'text', 'integer', 'text', 'uuid', 'text', 'text', 'text', 'text', 'text'],
  'place_order is security definer');

-- happy path: server-side amounts and snapshots --------------------------------------------------

select tests.act_as_service_role();
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000001', 3, p_ip => '198.51.100.2'),
  'service_role places an order through an approved link of an active campaign');

select tests.act_as_owner();
select id as order_id from public.orders where campaign_id = tests.campaign_id('PgTAP Lamp') \gset
select results_eq(
  format($$select campaign_id, affiliate_link_id, business_id, influencer_id, product_name, unit_price_cents,
                  commission_rate, quantity, delivery_fee_cents, subtotal_cents, total_cents,
                  delivery_district, delivery_commune, status, created_at = now(), updated_at = now()
           from public.orders where id = %L$$, :'order_id'),
  format($$values (%L::uuid, %L::uuid, %L::uuid, %L::uuid, 'PgTAP Lamp'::text, 2500::bigint, 0.15::numeric(6, 4),
                   3, 175, 7500::bigint, 7675::bigint, 'PgTAP Khan'::text, 'PgTAP Sangkat'::text,
                   'new_order'::public.order_status, true, true)$$,
         tests.campaign_id('PgTAP Lamp'), tests.link_id('influencer@test.local', 'PgTAP Lamp'),
         tests.user_id('business@test.local'), tests.user_id('influencer@test.local')),
  'the order takes the campaign''s price and rate, the zone''s fee; subtotal 3 x 2500, total + 175');
select results_eq(format($$select customer_phone from private.order_contacts where order_id = %L$$, :'order_id'),
  array['+85512000001'], 'the customer phone is kept apart, in private.order_contacts');
select results_eq(
  format($$select from_status, to_status, changed_by, note from public.order_status_history where order_id = %L$$, :'order_id'),
  $$values (null::public.order_status, 'new_order'::public.order_status, null::uuid, 'Order placed at checkout'::text)$$,
  'the placement is the first history row');
select results_eq(
  $$select client_ip, attempted_at = now() from private.checkout_attempts where customer_phone = '+85512000001'$$,
  $$values ('198.51.100.2'::text, true)$$, 'the checkout attempt is recorded for the rate limit');
select is_empty(format($$select * from public.ledger_transactions where order_id = %L$$, :'order_id'),
  'placing an order posts no ledger transaction');

-- Later changes to the campaign and the zone do not touch the order's snapshots.
update public.campaigns set price_cents = 9900, commission_rate = 0.3, product_name = 'PgTAP Lamp Deluxe'
  where id = tests.campaign_id('PgTAP Lamp');
update public.delivery_zones set fee_cents = 500
where commune_code = (select code from public.communes where name_en = 'PgTAP Sangkat');
select results_eq(
  format($$select product_name, unit_price_cents, commission_rate, delivery_fee_cents, total_cents
           from public.orders where id = %L$$, :'order_id'),
  $$values ('PgTAP Lamp'::text, 2500::bigint, 0.15::numeric(6, 4), 175, 7675::bigint)$$,
  'the order keeps its price, rate, name and fee snapshots after the campaign and zone change');
update public.campaigns set product_name = 'PgTAP Lamp' where product_name = 'PgTAP Lamp Deluxe';

select tests.act_as_service_role();
select results_eq(
  $$select unit_price_cents, commission_rate, quantity, delivery_fee_cents, subtotal_cents, total_cents
    from private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
                             '+855123456789', 'PgTAP Other Khan', 'PgTAP Far Sangkat', 10, '198.51.100.3', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
  $$values (9900::bigint, 0.3::numeric(6, 4), 10, 250, 99000::bigint, 99250::bigint)$$,
  'a new order takes the current price and rate; quantity 10 and a 9-digit number are accepted');
select results_eq(
  $$select quantity, delivery_fee_cents, total_cents
    from private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
                             '+85597000001', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.4', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
  $$values (1, 500, 10400::bigint)$$, 'quantity 1 is accepted and the zone''s new fee applies');

-- refusals ---------------------------------------------------------------------------------------

select tests.fixture_order_count() as orders_before \gset
select throws_ok(tests.place_sql('pending-link-influencer@test.local', 'PgTAP Lamp', '+85512000010'), 'P0002',
  'This affiliate link is not valid', 'a pending link is refused (P0002)');
select throws_ok(tests.place_sql('rejected-link-influencer@test.local', 'PgTAP Lamp', '+85512000011'), 'P0002',
  'This affiliate link is not valid', 'a rejected link is refused (P0002)');
select throws_ok(tests.place_sql('unlinked-influencer@test.local', 'PgTAP Lamp', '+85512000012'), 'P0002',
  'This affiliate link is not valid', 'an influencer without a link to the campaign is refused (P0002)');
select throws_ok(
  format($$select private.place_order(%L, %L, '+85512000013', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.5', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
         tests.user_id('influencer@test.local'), gen_random_uuid()),
  'P0002', 'This affiliate link is not valid', 'an unknown campaign is refused (P0002)');
select throws_ok(
  format($$select private.place_order(%L, %L, '+85512000014', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.5', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
         tests.user_id('business@test.local'), tests.campaign_id('PgTAP Lamp')),
  'P0002', 'This affiliate link is not valid', 'the business''s own id as influencer is refused (P0002)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Old Lamp', '+85512000015'), '55000',
  'This campaign is no longer accepting new orders', 'an approved link of an inactive campaign is refused (55000)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000016', p_commune => 'Nowhere'),
  '22023', 'We do not deliver to Nowhere in PgTAP Khan yet', 'an unknown commune is refused (22023)');
select throws_ok(
  tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000017', p_commune => 'PgTAP Far Sangkat'),
  '22023', 'We do not deliver to PgTAP Far Sangkat in PgTAP Khan yet',
  'a commune of another district is refused (22023)');
-- The quantity and the phone are their tables' constraints to refuse (the function does not repeat
-- them): the API answers each constraint with its field and one message (contract/constraints.ts).
\set quantity_check 'new row for relation "orders" violates check constraint "orders_quantity_check"'
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000018', 0), '23514',
  :'quantity_check', 'quantity 0 is refused by orders_quantity_check (23514)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000018', 11), '23514',
  :'quantity_check', 'quantity 11 is refused by orders_quantity_check (23514)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000018', -1), '23514',
  :'quantity_check', 'a negative quantity is refused by orders_quantity_check (23514)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85512000018', null), '23502',
  'null value in column "quantity" of relation "orders" violates not-null constraint',
  'a missing quantity is refused by the column''s not-null constraint (23502)');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', phone), '23514',
  'new row for relation "order_contacts" violates check constraint "order_contacts_customer_phone_check"',
  format('phone %s is refused by order_contacts_customer_phone_check (23514)', phone))
  from unnest(array['012 345 678', '012345678', '+85502345678', '+8551234567', '+8551234567890',
                    '+85612345678', '+855 12 345 678', 'abc', '']) phone;
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', null), '23502',
  'null value in column "customer_phone" of relation "checkout_attempts" violates not-null constraint',
  'a missing phone is refused by the first table it is written to (23502)');
select is(tests.fixture_order_count(), :orders_before::bigint, 'no refused checkout created an order');
select tests.act_as_owner();
select is((select count(*) from private.checkout_attempts where customer_phone like '+8551200001%'), 0::bigint,
  'refused checkouts leave no checkout attempt');
select tests.act_as_service_role();

-- rate limits ------------------------------------------------------------------------------------

select tests.fixture_order_count() as orders_before \gset
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85516000001', p_ip => format('203.0.113.%s', n)),
  format('order %s from one phone within a minute is accepted', n))
  from generate_series(1, 2) n;   -- the third is below
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85516000001', p_ip => '203.0.113.3'),
  'the third order from one phone within a minute is accepted');
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85516000001', p_ip => '203.0.113.4'),
  'P0429', 'Too many orders in a short time. Please wait a minute and try again.',
  'the fourth order from one phone within a minute is refused (P0429), from whatever address');
select throws_ok(tests.place_sql('pending-link-influencer@test.local', 'PgTAP Lamp', '+85516000001', p_ip => '203.0.113.5'),
  'P0429', 'Too many orders in a short time. Please wait a minute and try again.',
  'the limit is checked before the link (a flooding phone learns nothing about links)');
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85516000002', p_ip => '203.0.113.4'),
  'another phone is not limited by the first one');
select is(tests.fixture_order_count(), :orders_before::bigint + 4, 'exactly the four accepted orders were created');

-- Attempts older than a minute no longer count.
select tests.act_as_owner();
update private.checkout_attempts set attempted_at = now() - interval '61 seconds' where customer_phone = '+85516000001';
select tests.act_as_service_role();
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85516000001', p_ip => '203.0.113.6'),
  'a minute later the phone can order again');

-- 20 orders from one address within a minute are accepted, the 21st is refused.
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', format('+8551700%s', lpad(n::text, 4, '0')),
                                p_ip => '192.0.2.77'),
  format('order %s from one address within a minute is accepted', n))
  from generate_series(1, 20) n;
select throws_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85517009999', p_ip => '192.0.2.77'),
  'P0429', 'Too many orders in a short time. Please wait a minute and try again.',
  'the 21st order from one address within a minute is refused (P0429)');
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85517009999', p_ip => '192.0.2.78'),
  'the same phone from another address is accepted');

-- anywhere in Cambodia -------------------------------------------------------------------------------

-- A province's commune by codes: the province's fee, the commune's code and Latin names kept.
select results_eq(
  $$select delivery_fee_cents, delivery_commune_code, delivery_district, delivery_commune
    from private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
      '+85519000001', '1710', '171001', 1, '192.0.2.150', p_recipient_name => 'Sokha', p_address_line => 'House 5',
      p_province => '17')$$,
  $$select delivery_fee_cents, '171001'::text, 'Siem Reap'::text, 'Sla Kram'::text
    from public.provinces where code = '17'$$,
  'an order to a Siemreap commune by codes costs the province''s fee and keeps the commune''s code and names');
select results_eq(
  $$select delivery_commune_code from private.place_order(tests.user_id('influencer@test.local'),
      tests.campaign_id('PgTAP Lamp'), '+85519000002', 'siem reap', 'SLA KRAM', 1, '192.0.2.151',
      p_recipient_name => 'Sokha', p_address_line => 'House 5', p_province => 'Siemreap')$$,
  $$values ('171001'::text)$$, 'and by Latin names in any letter case');
select throws_ok(
  $$select private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
      '+85519000003', 'Siem Reap', 'Sla Kram', 1, '192.0.2.152', p_recipient_name => 'Sokha', p_address_line => 'House 5')$$,
  '22023', 'We do not deliver to Sla Kram in Siem Reap yet',
  'without a province a district''s name is Phnom Penh''s: Siem Reap is not one of its khans');
select results_eq(
  $$select count(*) from public.communes c
    left join lateral public.delivery_quote(c.code) q on true where q.fee_cents is null$$,
  $$values (0::bigint)$$, 'every commune of the gazetteer has a fee: the whole country can be ordered to');
select throws_ok(
  $$select private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
      '+85519000004', 'PgTAP Khan', 'PgTAP Sangkat', 1, '192.0.2.153', p_recipient_name => '  ', p_address_line => 'House 5')$$,
  '22023', 'Recipient name is required', 'a blank recipient is refused');
select throws_ok(
  $$select private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
      '+85519000005', 'PgTAP Khan', 'PgTAP Sangkat', 1, '192.0.2.154', p_recipient_name => 'Sokha')$$,
  '22023', 'Address is required', 'a missing address is refused');
select throws_ok(
  format($$select private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Lamp'),
      '+85519000006', 'PgTAP Khan', 'PgTAP Sangkat', 1, '192.0.2.155', p_recipient_name => 'Sokha',
      p_address_line => %L)$$, repeat('a', 201)),
  '23514', null, 'an address over 200 characters is refused by its constraint');
select tests.act_as_owner();
select results_eq(
  $$select c.recipient_name, c.address_line, c.landmark, c.delivery_note from private.order_contacts c
    join public.orders o on o.id = c.order_id where c.customer_phone = '+85519000001'$$,
  $$values ('Sokha'::text, 'House 5'::text, null::text, null::text)$$,
  'the recipient and address are kept with the phone; a landmark and note not given are null');
select tests.act_as_service_role();

-- Attempts older than an hour are cleaned up by the next checkout.
select tests.act_as_owner();
insert into private.checkout_attempts (customer_phone, client_ip, attempted_at)
values ('+85518000001', '192.0.2.99', now() - interval '61 minutes');
select tests.act_as_service_role();
select lives_ok(tests.place_sql('influencer@test.local', 'PgTAP Lamp', '+85518000002', p_ip => '192.0.2.100'),
  'another checkout is accepted');
select tests.act_as_owner();
select is_empty($$select * from private.checkout_attempts where customer_phone = '+85518000001'$$,
  'checkout attempts older than an hour are deleted');
select is_empty(
  $$select t.id from public.ledger_transactions t join public.orders o on o.id = t.order_id
    where o.business_id = tests.user_id('business@test.local')$$,
  'none of the orders placed here posted a ledger transaction (only delivery does)');

select * from finish();
rollback;
