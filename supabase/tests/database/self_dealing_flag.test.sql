-- Self-dealing on link applications (issue 22, item 9): public.link_self_dealing says what an
-- application's influencer shares with the campaign's shop (a phone, a bank account number, a
-- KHQR account), for admins only: the influencer and the shop are refused, so neither learns
-- that, or why, an application was flagged.
begin;
\ir helpers.psql

select plan(17);

-- A KHQR-style field, and a static "Receive" code paying p_bakong_id (with account info p_info).
create function tests.tlv(p_tag text, p_value text) returns text
language sql immutable
as $$ select p_tag || lpad(char_length(p_value)::text, 2, '0') || p_value $$;
create function tests.khqr(p_bakong_id text, p_info text default null) returns text
language sql immutable
as $$
  select body || private.khqr_crc(body)
  from (select tests.tlv('00', '01') || tests.tlv('01', '11')
               || tests.tlv('29', tests.tlv('00', p_bakong_id) || coalesce(tests.tlv('01', p_info), ''))
               || tests.tlv('52', '5999') || tests.tlv('53', '116') || tests.tlv('58', 'KH')
               || tests.tlv('59', 'SOK DARA') || tests.tlv('60', 'Phnom Penh') || '6304' as body) b
$$;

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('solo-shop@test.local', 'business', 'approved');
  perform tests.create_user('clean@test.local', 'influencer', 'approved');
  perform tests.create_user('phone-twin@test.local', 'influencer', 'approved');
  perform tests.create_user('bank-twin@test.local', 'influencer', 'approved');
  perform tests.create_user('khqr-twin@test.local', 'influencer', 'approved');
  perform tests.create_user('owner-twin@test.local', 'influencer', 'approved');
  -- The shop: a store phone, an account number, and an ABA "Receive" code for account 000123456.
  update public.users set store_phone = '+85512345678', bank_name = 'ABA Bank', account_name = 'SHOP',
         account_number = '111 222 333', khqr = tests.khqr('abaakhppxxx@abaa', '000123456')
  where email = 'shop@test.local';
  -- Another shop, paid by a personal Bakong id.
  update public.users set khqr = tests.khqr('sokdara@aclb') where email = 'solo-shop@test.local';
  -- Nothing shared: another phone, another account, an ABA code for another ABA account.
  update public.users set phone = '+85599888777', account_number = '444 555 666',
         khqr = tests.khqr('abaakhppxxx@abaa', '000999999')
  where email = 'clean@test.local';
  update public.users set phone = '+85512345678' where email = 'phone-twin@test.local';
  -- The account number of the shop's KHQR, typed into the bank details.
  update public.users set account_number = '000 123 456' where email = 'bank-twin@test.local';
  -- The solo shop's own code.
  update public.users set khqr = tests.khqr('SokDara@aclb') where email = 'khqr-twin@test.local';
  -- Everything the shop has.
  update public.users set phone = '+85512345678', account_number = '111222333',
         khqr = tests.khqr('abaakhppxxx@abaa', '000123456')
  where email = 'owner-twin@test.local';

  perform tests.create_campaign('shop@test.local', 'PgTAP Shop Lamp');
  perform tests.create_campaign('solo-shop@test.local', 'PgTAP Solo Lamp');
  perform tests.create_link('clean@test.local', 'PgTAP Shop Lamp');
  perform tests.create_link('phone-twin@test.local', 'PgTAP Shop Lamp');
  perform tests.create_link('bank-twin@test.local', 'PgTAP Shop Lamp');
  perform tests.create_link('khqr-twin@test.local', 'PgTAP Solo Lamp');
  perform tests.create_link('khqr-twin@test.local', 'PgTAP Shop Lamp');
  perform tests.create_link('owner-twin@test.local', 'PgTAP Shop Lamp', 'approved');
end
$$;

\set denied 'Only admins can see the flags of link applications'

-- The admin ---------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select is(public.link_self_dealing(tests.link_id('clean@test.local', 'PgTAP Shop Lamp')), '{}'::text[],
  'nothing shared: no flag, though both are paid through ABA''s Bakong id');
select is(public.link_self_dealing(tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')), array['phone'],
  'the influencer''s phone is the shop''s store phone');
select is(public.link_self_dealing(tests.link_id('bank-twin@test.local', 'PgTAP Shop Lamp')), array['bank_account'],
  'the influencer''s account number is the one in the shop''s KHQR, spaces aside');
select is(public.link_self_dealing(tests.link_id('khqr-twin@test.local', 'PgTAP Solo Lamp')), array['khqr_account'],
  'the influencer''s KHQR pays the shop''s Bakong account (case aside)');
select is(public.link_self_dealing(tests.link_id('khqr-twin@test.local', 'PgTAP Shop Lamp')), '{}'::text[],
  'the same influencer shares nothing with another shop');
select is(public.link_self_dealing(tests.link_id('owner-twin@test.local', 'PgTAP Shop Lamp')),
  array['bank_account', 'khqr_account', 'phone'],
  'an approved link is still flagged, with everything shared');
select is(public.link_self_dealing(gen_random_uuid()), '{}'::text[], 'an unknown link has no flag');

-- Everyone else -----------------------------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select throws_ok(format('select public.link_self_dealing(%L)', tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')),
  '42501', :'denied', 'the shop cannot learn that an application to it is flagged');
select tests.authenticate_as('phone-twin@test.local');
select throws_ok(format('select public.link_self_dealing(%L)', tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')),
  '42501', :'denied', 'the influencer cannot learn that their own application is flagged');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(format('select public.link_self_dealing(%L)', tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')),
  '42501', :'denied', 'an admin waiting for approval cannot either');
select tests.act_as_anon();
select throws_ok(format('select public.link_self_dealing(%L)', tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')),
  '42501', 'permission denied for function link_self_dealing', 'anonymous callers cannot execute it');
select tests.act_as_service_role();
select throws_ok(format('select public.link_self_dealing(%L)', tests.link_id('phone-twin@test.local', 'PgTAP Shop Lamp')),
  '42501', 'permission denied for function link_self_dealing', 'the service role cannot execute it');

select tests.act_as_owner();
select is_definer('public', 'link_self_dealing', array['uuid'], 'public.link_self_dealing is security definer');
select is(
  (select proconfig from pg_proc where oid = 'public.link_self_dealing(uuid)'::regprocedure),
  array['search_path=""'], 'with an empty search_path');
select is(has_function_privilege('authenticated', 'private.account_identifiers(public.users)', 'execute'), false,
  'no client calls the identifiers helper directly');
select is(has_function_privilege('authenticated', 'private.tlv_value(text, text)', 'execute'), false,
  'nor the TLV reader');
select is(private.tlv_value(tests.khqr('abaakhppxxx@abaa', '000123456'), '58'), 'KH', 'the TLV reader finds a top-level tag');

select * from finish();
rollback;
