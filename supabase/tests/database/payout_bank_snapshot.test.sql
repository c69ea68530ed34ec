-- Payouts an admin can send (issue 14): a request keeps the bank details and KHQR its user had
-- when asking; later profile edits change the profile, never the request, which nobody can write
-- directly. A saved KHQR must carry the KHQR frame and a matching CRC-16/CCITT-FALSE checksum,
-- whoever writes it.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(17);

-- A known-good KHQR (from the bakong-khqr SDK documentation) and the same code mistyped.
\set good_khqr '00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38'
\set bad_khqr '00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA39'

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Snapshot Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Snapshot Lamp', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Snapshot Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 2) as order_a \gset
select tests.deliver_order(:'order_a');

-- The CRC the database checks with is the one KHQR apps compute.
select is(private.khqr_crc(left(:'good_khqr', -4)), 'EA38', 'the database computes the KHQR checksum as the apps do');

-- The influencer saves bank details and a KHQR as the api function does, as themselves.
select tests.authenticate_as('influencer@test.local');
select lives_ok(
  format($$update public.users set bank_name = 'ABA Bank', account_name = 'Sok Dara', account_number = '000 123 456',
           khqr = %L where id = tests.user_id('influencer@test.local')$$, :'good_khqr'),
  'a user saves their bank details and a KHQR');
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$, :'bad_khqr'),
  '23514', null, 'a KHQR whose checksum does not match is refused by the database');
select throws_ok(
  $$update public.users set khqr = 'not a khqr' where id = tests.user_id('influencer@test.local')$$,
  '23514', null, 'a string that is no KHQR is refused by the database');

select lives_ok($$select public.request_payout()$$, 'the influencer requests a payout');
select results_eq(
  $$select bank_name, account_name, account_number, khqr, amount_cents::bigint from public.payout_requests
    where user_id = tests.user_id('influencer@test.local') and status = 'pending'$$,
  format($$values ('ABA Bank', 'Sok Dara', '000 123 456', %L, 400::bigint)$$, :'good_khqr'),
  'the request keeps the bank details and KHQR the user had when asking');

-- Later edits change the profile only.
select lives_ok(
  $$update public.users set bank_name = 'ACLEDA Bank', account_name = 'Someone Else', account_number = '999',
    khqr = null where id = tests.user_id('influencer@test.local')$$,
  'the user edits their bank details while the request is pending');
select results_eq(
  $$select bank_name, account_name, account_number, khqr is not null from public.payout_requests
    where user_id = tests.user_id('influencer@test.local') and status = 'pending'$$,
  $$values ('ABA Bank', 'Sok Dara', '000 123 456', true)$$,
  'the pending request still shows the details of the moment it was made');

-- Nobody writes a request's snapshot directly: not its owner, not an admin.
select throws_ok(
  $$update public.payout_requests set account_number = '999' where user_id = tests.user_id('influencer@test.local')$$,
  '42501', null, 'the owner cannot change the snapshot');
select throws_ok(
  $$insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents, bank_name)
    values (tests.user_id('influencer@test.local'), 1, 1, 0, 'Mine')$$,
  '42501', null, 'the owner cannot insert a request with details of their choosing');
select tests.authenticate_as('admin@test.local');
select throws_ok(
  $$update public.payout_requests set account_number = '999' where user_id = tests.user_id('influencer@test.local')$$,
  '42501', null, 'an admin cannot change the snapshot either');
select results_eq(
  $$select account_number from public.payout_requests where user_id = tests.user_id('influencer@test.local')$$,
  $$values ('000 123 456')$$, 'the admin reads the snapshot');
select tests.act_as_anon();
select throws_ok(
  $$select account_number from public.payout_requests$$, '42501', null, 'anonymous callers read no request');
select tests.act_as_service_role();
select throws_ok(
  $$update public.payout_requests set account_number = '999'$$, '42501', null, 'the service role cannot write requests');

-- Even the owner of the tables cannot rewrite a snapshot: the guard trigger refuses.
select tests.act_as_owner();
select throws_ok(
  $$update public.payout_requests set bank_name = 'Elsewhere' where user_id = tests.user_id('influencer@test.local')$$,
  '55000', null, 'the snapshot never changes, whoever writes');

-- Completing keeps it; the completed request still says where it was paid.
select tests.authenticate_as('admin@test.local');
select lives_ok(
  format($$select public.complete_payouts(%L, 'ABA-REF-1')$$, tests.user_id('influencer@test.local')),
  'the admin completes the request');
select results_eq(
  $$select status::text, bank_name, account_number from public.payout_requests
    where user_id = tests.user_id('influencer@test.local')$$,
  $$values ('completed', 'ABA Bank', '000 123 456')$$,
  'the completed request keeps the details it was paid to');

select * from finish();
rollback;
