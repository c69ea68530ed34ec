-- private.checkout_idempotency_keys and private.place_order_once: no client role reads or writes
-- the keys (not even service_role, which places orders only through the function); the same key
-- answers the first order and creates nothing; the same key with another order is refused; a
-- malformed key is refused; a key older than 24 hours gives way.
begin;
\ir helpers.psql

select plan(16);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Once Scarf');
  perform tests.create_link('influencer@test.local', 'PgTAP Once Scarf', 'approved');
  perform tests.create_zone('PgTAP Once Khan', 'PgTAP Once Sangkat', 150);
end
$$;

-- An order with a key, as the api function places it; answers "<order id>|<replayed>".
create function tests.order_once(p_key text, p_quantity integer default 1, p_phone text default '+85512000111')
returns text
language sql
as $$
  select (placed).id::text || '|' || replayed::text
  from private.place_order_once(p_key, tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Once Scarf'),
    p_phone, 'PgTAP Once Khan', 'PgTAP Once Sangkat', p_quantity, '198.51.100.70', null, p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')
$$;

-- access ----------------------------------------------------------------------------------------------

select is((select count(*) from unnest(array['anon', 'authenticated', 'service_role']) r,
                                unnest(array['select', 'insert', 'update', 'delete', 'truncate', 'references']) p
           where has_table_privilege(r, 'private.checkout_idempotency_keys', p)), 0::bigint,
  'no client role holds any privilege on private.checkout_idempotency_keys');
select is((select count(*) from unnest(array['public', 'anon', 'authenticated']) r
           where has_function_privilege(r, 'private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text)', 'execute')),
  0::bigint, 'only service_role may place an order once');

select tests.act_as_anon();
select throws_ok('select * from private.checkout_idempotency_keys', '42501', null, 'anon cannot read the keys');
select tests.authenticate_as('business@test.local');
select throws_ok('select * from private.checkout_idempotency_keys', '42501', null, 'a signed-in user cannot read the keys');
select throws_ok($$insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
                   values ('key-12345', repeat('a', 64), gen_random_uuid())$$, '42501', null,
  'a signed-in user cannot write a key');
select tests.act_as_service_role();
select throws_ok('select * from private.checkout_idempotency_keys', '42501', null,
  'service_role cannot read the keys (it uses place_order_once)');
select throws_ok($$delete from private.checkout_idempotency_keys$$, '42501', null, 'service_role cannot delete keys');

-- behaviour -------------------------------------------------------------------------------------------

select tests.order_once('pgtap-key-1') as first \gset
select is(split_part(:'first', '|', 2), 'false', 'a new key places the order');
select is(tests.order_once('pgtap-key-1'), split_part(:'first', '|', 1) || '|true',
  'the same key answers the same order, replayed');
select is((select count(*) from public.orders where campaign_id = tests.campaign_id('PgTAP Once Scarf')), 1::bigint,
  'and creates nothing');
select throws_ok($$select tests.order_once('pgtap-key-1', 2)$$, 'P0422',
  'Idempotency-Key was already used for a different order: send a new key for a new order',
  'the same key with another order is refused');
select throws_ok($$select tests.order_once('short')$$, '23514',
  'new row for relation "checkout_idempotency_keys" violates check constraint "checkout_idempotency_keys_idempotency_key_check"',
  'a malformed key is refused by its constraint, the order it placed rolled back with it');
select is(split_part(tests.order_once(null, 1, '+85512000222'), '|', 2), 'false', 'no key places an order as before');

select tests.act_as_owner();
select results_eq($$select idempotency_key, request_hash ~ '^[0-9a-f]{64}$' from private.checkout_idempotency_keys
                    where idempotency_key like 'pgtap-%'$$,
  $$values ('pgtap-key-1'::text, true)$$, 'one key is kept, with the hash of its request');
update private.checkout_idempotency_keys set created_at = now() - interval '25 hours' where idempotency_key = 'pgtap-key-1';
select tests.act_as_service_role();
select isnt(split_part(tests.order_once('pgtap-key-1', 1, '+85512000333'), '|', 1), split_part(:'first', '|', 1),
  'after 24 hours the key places a new order');
select tests.act_as_owner();
select is((select count(*) from private.checkout_idempotency_keys where idempotency_key = 'pgtap-key-1'), 1::bigint,
  'the expired key gave way to the new one');

select * from finish();
rollback;
