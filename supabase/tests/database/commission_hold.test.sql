-- The holding period (docs/money.md): request_payout covers a delivery's earnings only once
-- commission_hold_days have passed since that delivery; a day before it does not, on the day it
-- does; a change of the setting applies at once to what is not yet requested; a revert inside the
-- hold leaves nothing; a reversal is held with the delivery it reverses. Only an admin changes the
-- setting, within 0 to 90 days.
begin;
\ir helpers.psql

select plan(14);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Hold Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Hold Lamp', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  perform tests.set_bank_details('business@test.local');
  update public.marketplace_settings set commission_hold_days = 7 where id;
end
$$;

select tests.create_order('influencer@test.local', 'PgTAP Hold Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_a \gset
select tests.deliver_order(:'order_a');

-- One lamp: commission 200, business net 1530.
select is(tests.try_request('influencer@test.local'), null, 'just delivered: nothing is available to request');
select tests.deliver_ago(:'order_a', interval '6 days');
select is(tests.try_request('influencer@test.local'), null, 'six days after delivery (a day before the hold ends): still nothing');
select tests.deliver_ago(:'order_a', interval '7 days');
select is(tests.try_request('influencer@test.local'), 200::bigint, 'seven days after delivery: the commission is requested');

-- A setting change applies to what is not yet requested: the business's net of the same order,
-- and a second order delivered now.
select tests.create_order('influencer@test.local', 'PgTAP Hold Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_b \gset
select tests.deliver_order(:'order_b');
update public.marketplace_settings set commission_hold_days = 30 where id;
select is(tests.try_request('business@test.local'), null, 'a longer hold (30 days) holds back what seven days had released');
update public.marketplace_settings set commission_hold_days = 0 where id;
select is(tests.try_request('business@test.local'), 3060::bigint, 'a hold of 0 releases both orders at once');

-- A revert inside the hold leaves nothing pending or available.
update public.marketplace_settings set commission_hold_days = 7 where id;
select tests.create_order('influencer@test.local', 'PgTAP Hold Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_c \gset
select tests.deliver_order(:'order_c');
select tests.move_order(:'order_c', 'out_for_delivery');
select is(
  (select coalesce(sum(e.amount_cents), 0) from public.ledger_entries e
   join public.ledger_transactions t on t.id = e.transaction_id
   where t.order_id = :'order_c' and tests.account_label(e.account_id) = 'influencer'),
  0::numeric, 'a revert inside the hold nets the order to nothing');
select tests.deliver_ago(:'order_c', interval '8 days');
select is(tests.try_request('influencer@test.local'), null,
  'the reversal is released with the delivery it reverses: the pair adds nothing to a request');

-- The setting: an admin only, 0 to 90 days.
select tests.authenticate_as('admin@test.local');
select is((public.update_marketplace_settings(p_commission_hold_days => 14)).commission_hold_days, 14,
  'an admin sets the hold to 14 days');
select is((select riel_per_usd from public.marketplace_settings), 4100, 'the riel rate is left as it was');
\set hold_range 'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_commission_hold_days_range"'
select throws_ok($$select public.update_marketplace_settings(p_commission_hold_days => 91)$$, '23514',
  :'hold_range', 'a hold over 90 days is refused by its range constraint');
select throws_ok($$select public.update_marketplace_settings(p_commission_hold_days => -1)$$, '23514',
  :'hold_range', 'a negative hold is refused by its range constraint');
select tests.authenticate_as('business@test.local');
select throws_ok($$select public.update_marketplace_settings(p_commission_hold_days => 0)$$, '42501',
  'Only admins can change the marketplace settings', 'a business cannot change the hold');
select throws_ok($$select private.commission_hold()$$, '42501', null,
  'a signed-in user cannot call the hold helper: the balance functions read it as their owner');
select tests.act_as_owner();
select throws_ok($$update public.marketplace_settings set commission_hold_days = 91 where id$$, '23514', null,
  'the table refuses a hold over 90 days itself');

select * from finish();
rollback;
