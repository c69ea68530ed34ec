-- public.orders and public.order_status_history per client role, and the private tables of the
-- orders migration: a business reads its orders and their history, an influencer the orders through
-- its links (not their history), an admin everything; anon reads no order and writes none (it orders
-- only through the checkout function, which the api function calls as service_role); no client
-- writes an order or a history row directly. The customer's phone (private.order_contacts) is read
-- by nobody but an admin, and its recipient and address by an admin and the order's shop, through
-- public.order_delivery_contacts; the checkout attempts are read by no
-- client role. (The ledger tables have their own tests: ledger_rls.test.sql.)
begin;
\ir helpers.psql

select plan(88);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');

  perform tests.create_campaign('business@test.local', 'PgTAP Scarf');
  perform tests.create_campaign('other-business@test.local', 'PgTAP Bag');
  perform tests.create_link('influencer@test.local', 'PgTAP Scarf', 'approved');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Scarf', 'approved');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Bag', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
end
$$;

-- Order A: influencer -> business; B: other influencer -> business; C: other influencer -> other business.
select tests.create_order('influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 1, '+85512345678') as order_a \gset
select tests.create_order('other-influencer@test.local', 'PgTAP Scarf', 'PgTAP Khan', 'PgTAP Sangkat', 2, '+855976543210') as order_b \gset
select tests.create_order('other-influencer@test.local', 'PgTAP Bag', 'PgTAP Khan', 'PgTAP Sangkat', 3, '+85581234567') as order_c \gset
select count(*) as order_rows from public.orders \gset
select count(*) as history_rows from public.order_status_history \gset

-- The fixture orders a caller sees, by letter.
create function tests.visible_orders(p_a uuid, p_b uuid, p_c uuid) returns text
language sql
as $$
  select coalesce(string_agg(letter, ',' order by letter), '')
  from (select case id when p_a then 'A' when p_b then 'B' else 'C' end as letter
        from public.orders where id in (p_a, p_b, p_c)) o
$$;
-- The fixture orders whose history a caller sees, by letter (each has one row: its placement).
create function tests.visible_history(p_a uuid, p_b uuid, p_c uuid) returns text
language sql
as $$
  select coalesce(string_agg(letter, ',' order by letter), '')
  from (select case order_id when p_a then 'A' when p_b then 'B' else 'C' end as letter
        from public.order_status_history where order_id in (p_a, p_b, p_c)) h
$$;

-- Every direct write a client might try on the two public tables.
create function tests.public_write_statements(p_order_id uuid) returns table (label text, statement text)
language sql
as $$
  values
    ('insert into public.orders',
     format($q$insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id,
                 product_name, unit_price_cents, commission_rate, quantity, delivery_fee_cents,
                 delivery_district, delivery_commune)
               select campaign_id, affiliate_link_id, business_id, influencer_id, product_name, 1, 0.5,
                      1, 0, delivery_district, delivery_commune
               from (values (%L::uuid)) v (x)
               cross join lateral (select * from public.orders where id = x) o$q$, p_order_id)),
    ('update public.orders', format($q$update public.orders set status = 'delivered' where id = %L$q$, p_order_id)),
    ('delete from public.orders', format($q$delete from public.orders where id = %L$q$, p_order_id)),
    ('insert into public.order_status_history',
     format($q$insert into public.order_status_history (order_id, from_status, to_status) values (%L, 'new_order', 'delivered')$q$,
            p_order_id)),
    ('update public.order_status_history',
     format($q$update public.order_status_history set note = 'x' where order_id = %L$q$, p_order_id)),
    ('delete from public.order_status_history',
     format($q$delete from public.order_status_history where order_id = %L$q$, p_order_id))
$$;

-- Every command against the two private tables of the migration.
create function tests.private_order_statements(p_order_id uuid) returns table (label text, statement text)
language sql
as $$
  values
    ('select private.order_contacts', 'select * from private.order_contacts'),
    ('insert into private.order_contacts',
     format($q$insert into private.order_contacts (order_id, customer_phone) values (%L, '+85599999999')$q$, p_order_id)),
    ('update private.order_contacts', $q$update private.order_contacts set customer_phone = '+85599999999'$q$),
    ('delete from private.order_contacts', 'delete from private.order_contacts'),
    ('select private.checkout_attempts', 'select * from private.checkout_attempts'),
    ('insert into private.checkout_attempts',
     $q$insert into private.checkout_attempts (customer_phone, client_ip) values ('+85599999999', '198.51.100.1')$q$),
    ('update private.checkout_attempts', $q$update private.checkout_attempts set attempted_at = now() - interval '1 day'$q$),
    ('delete from private.checkout_attempts', 'delete from private.checkout_attempts')
$$;
grant execute on function tests.visible_orders(uuid, uuid, uuid), tests.visible_history(uuid, uuid, uuid),
  tests.public_write_statements(uuid), tests.private_order_statements(uuid)
  to anon, authenticated, service_role;

-- anon: no order, no history, no phone; checkout only through the api function -------------------

select tests.act_as_anon();
select throws_ok($$select * from public.orders$$, '42501', 'permission denied for table orders',
  'anon cannot read any order');
select throws_ok($$select * from public.order_status_history$$, '42501',
  'permission denied for table order_status_history', 'anon cannot read any order history');
select throws_ok(statement, '42501', null, 'anon cannot ' || label)
  from tests.public_write_statements(:'order_a');
select throws_ok(
  format($$select private.place_order(%L, %L, '+85512000111', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.9', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
         tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf')),
  '42501', 'permission denied for function place_order',
  'anon cannot execute private.place_order directly (only the api function, as service_role, can)');
select throws_ok(format($$select * from public.order_delivery_contacts(array[%L]::uuid[])$$, :'order_a'),
  '42501', 'permission denied for function order_delivery_contacts', 'anon cannot read customer phones or addresses');
select throws_ok(statement, '42501', null, 'anon cannot ' || label)
  from tests.private_order_statements(:'order_a');

-- approved business: its own orders and their history --------------------------------------------

select tests.authenticate_as('business@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'A,B',
  'a business reads the orders of its campaigns (both influencers), not another business''s');
select is_empty(
  format($$select id from public.orders where business_id <> %L$$, tests.user_id('business@test.local')),
  'a business reads no order of another business at all');
select results_eq(
  format($$select product_name, quantity, unit_price_cents, subtotal_cents, delivery_fee_cents, total_cents, status
           from public.orders where id = %L$$, :'order_b'),
  $$values ('PgTAP Scarf'::text, 2, 2500::bigint, 5000::bigint, 150, 5150::bigint, 'new_order'::public.order_status)$$,
  'a business reads the details of its order');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), 'A,B',
  'a business reads the history of its orders only');
select throws_ok(statement, '42501', null, 'a business cannot ' || label)
  from tests.public_write_statements(:'order_a');
select results_eq(
  format($$select order_id, customer_phone, recipient_name, address_line
           from public.order_delivery_contacts(array[%L, %L, %L]::uuid[]) order by order_id = %L desc$$,
         :'order_a', :'order_b', :'order_c', :'order_a'),
  format($$values (%L::uuid, null::text, 'PgTAP Recipient'::text, 'House 1, Street 2'::text),
                  (%L::uuid, null, 'PgTAP Recipient', 'House 1, Street 2')$$, :'order_a', :'order_b'),
  'a business reads who receives its own orders and where (not another shop''s), never the customer''s phone');
select throws_ok(
  format($$select private.place_order(%L, %L, '+85512000111', 'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.9', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')$$,
         tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf')),
  '42501', 'permission denied for function place_order', 'a business cannot execute private.place_order');
select throws_ok(statement, '42501', null, 'a business cannot ' || label)
  from tests.private_order_statements(:'order_a');

select tests.authenticate_as('other-business@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'C',
  'the other business reads only its own order');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), 'C',
  'the other business reads only its own order''s history');

-- approved influencer: the orders through its links ----------------------------------------------

select tests.authenticate_as('influencer@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'A',
  'an influencer reads the orders through its own links, not another influencer''s of the same campaign');
select is_empty(
  format($$select id from public.orders where influencer_id <> %L$$, tests.user_id('influencer@test.local')),
  'an influencer reads no order through another influencer''s link at all');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), '',
  'an influencer reads no order history (only admins and the order''s business have a policy)');
select throws_ok(statement, '42501', null, 'an influencer cannot ' || label)
  from tests.public_write_statements(:'order_a');
select throws_ok(format($$select * from public.order_delivery_contacts(array[%L]::uuid[])$$, :'order_a'),
  '42501', 'Only admins and the shop can read who receives an order',
  'an influencer cannot read its customer''s phone or address');

select tests.authenticate_as('other-influencer@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'B,C',
  'the other influencer reads its orders across two businesses');

-- pending admin: an ordinary account -------------------------------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), '', 'a pending admin reads no order');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), '', 'a pending admin reads no history');
select throws_ok(format($$select * from public.order_delivery_contacts(array[%L]::uuid[])$$, :'order_a'),
  '42501', 'Only admins and the shop can read who receives an order', 'a pending admin cannot read customer phones');

-- approved admin: every order, every history, the phones; still no direct write ------------------

select tests.authenticate_as('admin@test.local');
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'A,B,C', 'an admin reads every order');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), 'A,B,C', 'an admin reads every order''s history');
select results_eq(
  format($$select from_status, to_status, changed_by, note from public.order_status_history where order_id = %L$$, :'order_a'),
  $$values (null::public.order_status, 'new_order'::public.order_status, null::uuid, 'Order placed at checkout'::text)$$,
  'the placement history row: from nothing to new_order, by nobody, with the checkout note');
select results_eq(
  format($$select order_id, customer_phone from public.order_delivery_contacts(array[%L, %L, %L]::uuid[]) order by customer_phone$$,
         :'order_a', :'order_b', :'order_c'),
  format($$values (%L::uuid, '+85512345678'::text), (%L::uuid, '+85581234567'::text), (%L::uuid, '+855976543210'::text)$$,
         :'order_a', :'order_c', :'order_b'),
  'an admin reads the customer phone of each requested order');
select is_empty(format($$select * from public.order_delivery_contacts(array[%L]::uuid[])$$, gen_random_uuid()),
  'an unknown order has no phone');
select throws_ok(statement, '42501', null, 'an admin cannot ' || label)
  from tests.public_write_statements(:'order_a');
select throws_ok(statement, '42501', null, 'an admin cannot ' || label)
  from tests.private_order_statements(:'order_a');

-- service_role: the api function reads orders and places them through the function ---------------

select tests.act_as_service_role();
select is(tests.visible_orders(:'order_a', :'order_b', :'order_c'), 'A,B,C', 'service_role reads every order');
select is(tests.visible_history(:'order_a', :'order_b', :'order_c'), 'A,B,C', 'service_role reads every history');
select throws_ok(format($$select * from public.order_delivery_contacts(array[%L]::uuid[])$$, :'order_a'),
  '42501', 'Only admins and the shop can read who receives an order',
  'service_role without an admin token cannot read customer phones');
select throws_ok('select * from private.' || t, '42501', null, 'service_role cannot read private.' || t)
  from unnest(array['order_contacts', 'checkout_attempts']) t;

-- nothing changed --------------------------------------------------------------------------------

select tests.act_as_owner();
select is((select count(*) from public.orders), :order_rows::bigint, 'no refused statement added or removed an order');
select is((select count(*) from public.order_status_history), :history_rows::bigint,
  'no refused statement added or removed a history row');
select results_eq(
  format($$select status, count(*) from public.orders where id in (%L, %L, %L) group by status$$,
         :'order_a', :'order_b', :'order_c'),
  $$values ('new_order'::public.order_status, 3::bigint)$$, 'every fixture order is still new');
select results_eq(
  format($$select customer_phone from private.order_contacts where order_id = %L$$, :'order_a'),
  array['+85512345678'], 'the customer phone is unchanged');

-- schema -----------------------------------------------------------------------------------------

select hasnt_column('public', 'orders', 'customer_phone',
  'public.orders has no customer phone (influencers and realtime never see it)');
select policies_are('public', 'orders',
  array['Businesses can read their own orders', 'Influencers can read orders through their links',
        'Admins can read every order'], 'orders has exactly the three read policies');
select policies_are('public', 'order_status_history',
  array['Admins can read every order history', 'Businesses can read the history of their orders'],
  'order_status_history has exactly the two read policies');
select is_empty(
  $$select c.oid::regclass::text from pg_class c
    where c.oid in ('public.orders'::regclass, 'public.order_status_history'::regclass,
                    'private.order_contacts'::regclass, 'private.checkout_attempts'::regclass)
      and not c.relrowsecurity$$,
  'row level security is enabled on all four tables');
select hasnt_table('private', 'ledger_hook_calls',
  'the placeholder private.ledger_hook_calls is gone (the ledger replaced it)');
select ok(not exists (select from pg_publication_tables
                  where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'orders'),
  'public.orders is not in the supabase_realtime publication (its changes go out as live events)');

select * from finish();
rollback;
