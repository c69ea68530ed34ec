-- Nothing paid before the cash is in (issue 29, item 6; docs/money.md): an order's commission and
-- shop net are available only when its cash is in (no courier carried it, or the courier remitted
-- it in full), the holding period has passed, and (for a commission) it is not held for review.
-- Review comes first, then the cash, then the hold. release_after_remittance off releases by the
-- hold alone. A remittance releases at once; its reversal holds back again what no request took.
-- request_payout takes exactly what the summary calls available; the running balances agree with
-- the entries after every step.
begin;
\ir helpers.psql

select plan(16);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Rule Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Rule Lamp', 'approved');
  perform tests.create_zone('PgTAP Rule Khan', 'PgTAP Rule Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  update public.marketplace_settings set commission_hold_days = 7, release_after_remittance = true where id;
end
$$;

-- Each order: $20.00 at 10%: commission 200, shop net 1530. Cash owed by a courier that keeps the
-- fee: 2000.
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as office \gset
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as with_courier \gset
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as short \gset
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as remitted \gset
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as remitted_new \gset
select tests.create_order('influencer@test.local', 'PgTAP Rule Lamp', 'PgTAP Rule Khan', 'PgTAP Rule Sangkat') as reviewed \gset
select order_number as short_number from public.orders where id = :'short' \gset
select order_number as remitted_number from public.orders where id = :'remitted' \gset
select order_number as remitted_new_number from public.orders where id = :'remitted_new' \gset
select order_number as with_courier_number from public.orders where id = :'with_courier' \gset

select tests.authenticate_as('admin@test.local');
select (public.create_courier('Rule Rider', '+85512000077', 'freelance', true)).id as rider \gset
select public.assign_courier(o, :'rider')
from unnest(array[:'with_courier', :'short', :'remitted', :'remitted_new', :'reviewed']::uuid[]) o;
select tests.act_as_owner();
select tests.deliver_order(o)
from unnest(array[:'office', :'with_courier', :'short', :'remitted', :'remitted_new', :'reviewed']::uuid[]) o;
-- All but remitted_new were delivered eight days ago, past the seven-day hold.
select tests.deliver_ago(o, interval '8 days')
from unnest(array[:'office', :'with_courier', :'short', :'remitted', :'reviewed']::uuid[]) o;
update public.orders set review_status = 'held' where id = :'reviewed';

select tests.authenticate_as('admin@test.local');
select public.record_remittance(:'rider', 3500, 'ABA-RULE-1', now(),
  jsonb_build_array(jsonb_build_object('order_number', :'short_number', 'amount_cents', 1500),
                    jsonb_build_object('order_number', :'remitted_number', 'amount_cents', 2000)));
select public.record_remittance(:'rider', 2000, 'ABA-RULE-2', now(),
  jsonb_build_array(jsonb_build_object('order_number', :'remitted_new_number', 'amount_cents', 2000)));

-- The influencer's and the shop's balances: available, pending, review, awaiting_cash.
create function pg_temp.split(p_email text) returns text
language sql as $$
  select format('available %s, pending %s, review %s, awaiting_cash %s', available, pending, review, awaiting_cash)
  from public.payout_balances(tests.user_id(p_email))
$$;

select is(pg_temp.split('influencer@test.local'), 'available 400, pending 200, review 200, awaiting_cash 400',
  'the commission: no courier and remitted are available, a new remitted one is pending, the held one for review, with the courier and short await the cash');
select is(pg_temp.split('business@test.local'), 'available 3060, pending 1530, review 0, awaiting_cash 4590',
  'the shop''s net: a held order''s net is not reviewed, but it waits for its cash like the others');
select is((select count(*) from public.order_cash where order_id = :'short' and status = 'short'), 1::bigint,
  'a short order is not in: its earnings wait');

-- The setting turned off releases by the hold alone ------------------------------------------------

select public.update_marketplace_settings(p_release_after_remittance => false);
select is(pg_temp.split('influencer@test.local'), 'available 800, pending 200, review 200, awaiting_cash 0',
  'off: the cash no longer matters; review and the hold still do');
select is(pg_temp.split('business@test.local'), 'available 7650, pending 1530, review 0, awaiting_cash 0',
  'off: the shop''s net too');
select public.update_marketplace_settings(p_release_after_remittance => true);
select is(pg_temp.split('influencer@test.local'), 'available 400, pending 200, review 200, awaiting_cash 400',
  'on again: the same as before, as the setting is read when the balances are');

-- A remittance releases at once ------------------------------------------------------------------

select (public.record_remittance(:'rider', 2000, 'ABA-RULE-3', now(),
  jsonb_build_array(jsonb_build_object('order_number', :'with_courier_number', 'amount_cents', 2000)))).id as late_remittance \gset
select is(pg_temp.split('influencer@test.local'), 'available 600, pending 200, review 200, awaiting_cash 200',
  'the courier remits an order''s cash: its commission is available at once (past the hold)');

-- review clears, cash still out: the cash rule holds it
select public.review_order(:'reviewed', 'clear');
select is(pg_temp.split('influencer@test.local'), 'available 600, pending 200, review 0, awaiting_cash 400',
  'cleared from review but its cash still with the courier: it awaits the cash');

select tests.act_as_owner();
select is_empty($$select * from private.running_balance_differences()$$, 'the running balances agree with the entries');

-- request_payout takes exactly what is available -----------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select is((public.request_payout()).amount_cents, 600::bigint, 'a request takes the available commissions only');
select tests.authenticate_as('admin@test.local');
select is(pg_temp.split('influencer@test.local'), 'available 0, pending 200, review 0, awaiting_cash 400',
  'and leaves what awaits the cash or the hold');
select is((select count(*) from public.payout_request_entries pre join public.ledger_entries e on e.id = pre.ledger_entry_id
           join public.ledger_transactions t on t.id = e.transaction_id
           where t.order_id in (:'short', :'reviewed')), 0::bigint,
  'nothing of an order whose cash is out is in the request');

-- A reversed remittance holds back again what no request took --------------------------------------

select public.reverse_remittance(:'late_remittance', 'Another courier''s transfer');
select is(pg_temp.split('influencer@test.local'), 'available 0, pending 200, review 0, awaiting_cash 400',
  'the requested commission stays requested; nothing is released twice');
select is(pg_temp.split('business@test.local'), 'available 3060, pending 1530, review 0, awaiting_cash 4590',
  'the shop''s net of the reversed order awaits its cash again');

select tests.act_as_owner();
select is_empty($$select * from private.running_balance_differences()$$, 'and the running balances still agree');

-- Who sets the rule ----------------------------------------------------------------------------------
select tests.authenticate_as('business@test.local');
select throws_ok($$select public.update_marketplace_settings(p_release_after_remittance => false)$$, '42501',
  'Only admins can change the marketplace settings', 'only an admin turns the rule off');

select * from finish();
rollback;
