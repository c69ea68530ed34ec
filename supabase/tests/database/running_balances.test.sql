-- The ledger's running balances (docs/money.md, "Running balances"): the postings, requests and
-- reviews keep them, public.payout_balances reads a user's summary from them, and they always
-- equal what the entries add up to (private.running_balance_differences is empty). Who reads what:
-- public.ledger_balances like the other ledger tables (your own account, an admin every one,
-- nobody writes); the two private tables nobody but their functions; payout_balances the account
-- holder and admins.
begin;
\ir helpers.psql

select plan(33);

-- fixtures --------------------------------------------------------------------------------------
-- A lamp at 2000 cents and 10%: commission 200, business gross 1800, fee 270, net 1530.
do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Balance Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Balance Lamp', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  update public.marketplace_settings set commission_hold_days = 7 where id;
end
$$;

-- A user's figures as the payout summary reads them (as an admin, whatever the current role):
-- 'earned E, available A, pending P, review R, requested Q, completed C'.
create function tests.balances(p_email text) returns text
language plpgsql
as $$
declare
  b record;
begin
  perform tests.authenticate_as('admin@test.local');
  select * into b from public.payout_balances(tests.user_id(p_email));
  perform tests.act_as_owner();
  return format('earned %s, available %s, pending %s, review %s, requested %s, completed %s',
                b.earned, b.available, b.pending, b.review, b.requested, b.completed);
end
$$;

-- Orders, each of one lamp:
--   A delivered 8 days ago (past the hold)             available
--   B delivered now                                     pending
--   C held for review, delivered now                    review (its commission), pending (the net)
--   D delivered 8 days ago, reverted now                nothing (the reversal is held with it)
--   E delivered a minute inside the hold                pending
--   F delivered a minute past the hold                  available
-- E and F sit either side of the cutoff, so the summary reads the cutoff's hour entry by entry.
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_b \gset
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_c \gset
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_d \gset
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_e \gset
select tests.create_order('influencer@test.local', 'PgTAP Balance Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_f \gset
update public.orders set review_status = 'held' where id = :'order_c';
select tests.deliver_order(id) from public.orders
where id in (:'order_a', :'order_b', :'order_c', :'order_d', :'order_e', :'order_f');

select is_empty('select * from private.running_balance_differences()',
  'the postings keep every running balance equal to its recomputation from the entries');

select tests.deliver_ago(:'order_a', interval '8 days');
select tests.deliver_ago(:'order_d', interval '8 days');
select tests.deliver_ago(:'order_e', interval '7 days' - interval '1 minute');
select tests.deliver_ago(:'order_f', interval '7 days' + interval '1 minute');
select tests.move_order(:'order_d', 'out_for_delivery');

select is(tests.balances('influencer@test.local'),
  'earned 1000, available 400, pending 400, review 200, requested 0, completed 0',
  'influencer: A and F available, B and E pending, C held, D reversed to nothing');
select is(tests.balances('business@test.local'),
  'earned 7650, available 3060, pending 4590, review 0, requested 0, completed 0',
  'business: A and F available, B, C and E pending (a net is never held)');
select is_empty('select * from private.running_balance_differences()',
  'a reversal keeps the balances equal to the entries');

-- The admin clears C: its commission follows the hold like any other (delivered now: pending).
select tests.authenticate_as('admin@test.local');
select lives_ok(format('select public.review_order(%L, %L)', :'order_c', 'clear'), 'the admin clears C');
select tests.act_as_owner();
select is(tests.balances('influencer@test.local'),
  'earned 1000, available 400, pending 600, review 0, requested 0, completed 0',
  'a cleared commission moves from review to pending');
select is_empty('select * from private.running_balance_differences()',
  'a review keeps the balances equal to the entries');

-- A request takes exactly what the summary called available, and records what it covers.
select is(tests.try_request('influencer@test.local'), 400::bigint, 'the request takes the available 400');
select is((select covered_transactions || ' ' || array_to_string(covered_products, ',') from public.payout_requests
           where user_id = tests.user_id('influencer@test.local')),
  '4 PgTAP Balance Lamp', 'the request covers A, F and D''s delivery and reversal, of one product');
select is(tests.balances('influencer@test.local'),
  'earned 1000, available 0, pending 600, review 0, requested 400, completed 0',
  'after the request: requested 400, nothing available');
select tests.authenticate_as('admin@test.local');
select lives_ok(format('select public.complete_payouts(%L, %L)', tests.user_id('influencer@test.local'), 'PGTAP-BAL-1'),
  'the admin completes it');
select tests.act_as_owner();
select is(tests.balances('influencer@test.local'),
  'earned 1000, available 0, pending 600, review 0, requested 0, completed 400',
  'after the payout: completed 400');
select is((select balance_cents from public.ledger_balances b join public.ledger_accounts a on a.id = b.account_id
           where a.user_id = tests.user_id('influencer@test.local') and b.line = 'payout'),
  -400::bigint, 'the payout line of the influencer''s account is -400');
select is_empty('select * from private.running_balance_differences()',
  'requests and payouts keep the balances equal to the entries');

-- A longer hold holds back what was available; a hold of 0 releases everything at once.
update public.marketplace_settings set commission_hold_days = 0 where id;
select is(tests.balances('business@test.local'),
  'earned 7650, available 7650, pending 0, review 0, requested 0, completed 0',
  'a hold of 0 makes every unrequested net available at once');
update public.marketplace_settings set commission_hold_days = 30 where id;
select is(tests.balances('business@test.local'),
  'earned 7650, available 0, pending 7650, review 0, requested 0, completed 0',
  'a hold of 30 days holds back what 7 days had released');
update public.marketplace_settings set commission_hold_days = 7 where id;

-- A rebuild writes the same balances.
select lives_ok('select private.rebuild_running_balances()', 'a rebuild runs');
select is_empty('select * from private.running_balance_differences()', 'and agrees with the entries');
select is(tests.balances('influencer@test.local'),
  'earned 1000, available 0, pending 600, review 0, requested 0, completed 400', 'the same figures after a rebuild');

-- A drifted balance is named.
alter table public.ledger_balances disable row level security;
update public.ledger_balances set balance_cents = balance_cents + 1
where account_id = (select id from public.ledger_accounts where user_id = tests.user_id('influencer@test.local'))
  and line = 'commission';
select is((select balance || ' ' || kept - recomputed from private.running_balance_differences()),
  'ledger_balances 1', 'a balance one cent off is reported with both figures');
select private.rebuild_running_balances();
alter table public.ledger_balances enable row level security;

-- Who reads what --------------------------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select is((select count(*) from public.ledger_balances b join public.ledger_accounts a on a.id = b.account_id
           where a.user_id = tests.user_id('influencer@test.local')),
  2::bigint, 'the influencer reads its own balances (commission and payout)');
select is((select count(*) from public.ledger_balances b
           where b.account_id not in (select id from public.ledger_accounts where user_id = tests.user_id('influencer@test.local'))),
  0::bigint, 'and no one else''s');
select lives_ok(format('select * from public.payout_balances(%L)', tests.user_id('influencer@test.local')),
  'the influencer reads its own summary balances');
select throws_ok(format('select * from public.payout_balances(%L)', tests.user_id('business@test.local')), '42501',
  'Only the account holder and admins can read its balances', 'but not the business''s');
select throws_ok('select * from private.unrequested_earnings', '42501', null,
  'the unrequested earnings are not readable by a signed-in user');
select throws_ok('select * from private.unrequested_earning_hours', '42501', null,
  'nor their hours');
select throws_ok(format('update public.ledger_balances set balance_cents = 0 where account_id = %s',
  (select id from public.ledger_accounts where user_id = tests.user_id('influencer@test.local'))), '42501', null,
  'nobody writes a balance, not even their own');

select tests.authenticate_as('admin@test.local');
select ok((select count(*) from public.ledger_balances b join public.ledger_accounts a on a.id = b.account_id
           where a.user_id = tests.user_id('business@test.local')) = 2, 'an admin reads every account''s balances');

select tests.authenticate_as('other-influencer@test.local');
select is((select count(*) from public.ledger_balances), 0::bigint, 'an influencer without earnings reads none');

select tests.act_as_service_role();
select throws_ok('select * from private.unrequested_earnings', '42501', null,
  'the api function''s service connection does not read the private tables either');
select throws_ok('insert into public.ledger_balances (account_id, line, balance_cents) values (1, ''gross'', 1)', '42501', null,
  'nor writes a balance');

select tests.act_as_anon();
select throws_ok('select * from public.ledger_balances', '42501', null, 'anon reads no balance');
select throws_ok(format('select * from public.payout_balances(%L)', tests.user_id('influencer@test.local')), '42501', null,
  'anon cannot read a summary');
select tests.act_as_owner();

select * from finish();
rollback;
