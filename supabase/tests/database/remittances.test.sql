-- Courier cash (issue 29, item 5; docs/money.md): a delivery a courier carried posts its cash
-- against the courier's own cash account (the sale when it keeps the delivery fee, the sale and
-- the fee otherwise, the fee then on delivery_fees); one nobody carried stays the office's. A
-- remittance matches orders (remitted), pays less than one owes (short, with the difference) or
-- more than its orders (over-remitted); bad remittances are refused naming what is wrong; a
-- reversal (with a reason, once) returns the orders to what they owed. Every posting balances, and
-- the courier's cash account is what it carried minus what it remitted. Only admins record
-- remittances; a shop and an influencer read only their own orders' cash.
begin;
\ir helpers.psql

select plan(42);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('other-shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('shop@test.local', 'PgTAP Cash Lamp', 2000, 0.10);
  perform tests.create_link('creator@test.local', 'PgTAP Cash Lamp', 'approved');
  perform tests.create_zone('PgTAP Cash Khan', 'PgTAP Cash Sangkat', 150);
end
$$;
-- $20.00 each, delivery fee $1.50: sale 2000, total 2150.
select tests.create_order('creator@test.local', 'PgTAP Cash Lamp', 'PgTAP Cash Khan', 'PgTAP Cash Sangkat') as kept_a \gset
select tests.create_order('creator@test.local', 'PgTAP Cash Lamp', 'PgTAP Cash Khan', 'PgTAP Cash Sangkat') as kept_b \gset
select tests.create_order('creator@test.local', 'PgTAP Cash Lamp', 'PgTAP Cash Khan', 'PgTAP Cash Sangkat') as kept_c \gset
select tests.create_order('creator@test.local', 'PgTAP Cash Lamp', 'PgTAP Cash Khan', 'PgTAP Cash Sangkat') as all_a \gset
select tests.create_order('creator@test.local', 'PgTAP Cash Lamp', 'PgTAP Cash Khan', 'PgTAP Cash Sangkat') as office \gset
select order_number as kept_a_number from public.orders where id = :'kept_a' \gset
select order_number as kept_b_number from public.orders where id = :'kept_b' \gset
select order_number as kept_c_number from public.orders where id = :'kept_c' \gset
select order_number as all_a_number from public.orders where id = :'all_a' \gset
select order_number as office_number from public.orders where id = :'office' \gset

select tests.authenticate_as('admin@test.local');
select (public.create_courier('Keeps Fee', '+85512000001', 'freelance', true)).id as keeper \gset
select (public.create_courier('Remits All', '+85512000002', 'company', false)).id as remitter \gset
select public.assign_courier(o, :'keeper') from unnest(array[:'kept_a', :'kept_b', :'kept_c']::uuid[]) o;
select public.assign_courier(:'all_a', :'remitter');

select tests.act_as_owner();
select tests.deliver_order(o) from unnest(array[:'kept_a', :'kept_b', :'kept_c', :'all_a', :'office']::uuid[]) o;

-- deliveries post the cash against the courier that carried them ---------------------------------

select alike(tests.order_ledger(:'kept_a'), 'delivery#1[courier_cash cash_collected -2000, %',
  'a courier that keeps the fee owes the sale');
select alike(tests.order_ledger(:'all_a'), 'delivery#1[courier_cash cash_collected -2150, %delivery_fees delivery_fee 150%',
  'a courier that remits everything owes the sale and the fee, and the fee is the marketplace''s');
select alike(tests.order_ledger(:'office'), 'delivery#1[delivery_cash cash_collected -2000, %',
  'an order nobody carried is the office''s cash, as before couriers');
select results_eq(format($$select order_id, due_cents, remitted_cents, status::text from public.order_cash
                          where courier_id in (%L, %L) order by due_cents, order_id$$, :'keeper', :'remitter'),
  format($$select * from (values (%L::uuid, 2000::bigint, 0::bigint, 'with_courier'), (%L::uuid, 2000::bigint, 0::bigint, 'with_courier'),
                    (%L::uuid, 2000::bigint, 0::bigint, 'with_courier'), (%L::uuid, 2150::bigint, 0::bigint, 'with_courier')) v
           order by 2, 1$$, :'kept_a', :'kept_b', :'kept_c', :'all_a'),
  'each delivered order a courier carried is with the courier');
select is((select count(*) from public.order_cash where order_id = :'office'), 0::bigint, 'the office''s order has no courier cash');

-- who records remittances ----------------------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select throws_ok(format($$select public.record_remittance(%L, 2000, 'ABA-1', now(), '[]')$$, :'keeper'), '42501',
  'Only admins can record remittances', 'a shop cannot record a remittance');
select throws_ok($$insert into public.remittances (courier_id, amount_cents, aba_reference, received_at, recorded_by)
                   values (gen_random_uuid(), 1, 'x', now(), gen_random_uuid())$$, '42501', null, 'nor write the table');
select is((select count(*) from public.order_cash), 4::bigint, 'a shop reads its own orders'' cash...');
select tests.authenticate_as('other-shop@test.local');
select is((select count(*) from public.order_cash), 0::bigint, '...and another shop none');
select tests.authenticate_as('creator@test.local');
select is((select count(*) from public.order_cash), 4::bigint, 'the influencer reads the cash of orders through its links');
select is((select count(*) from public.remittances), 0::bigint, 'but no remittance');

-- refusals -------------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.record_remittance(%L, 5000, 'ABA-1', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', :'all_a_number', 'amount_cents', 2150))),
  '22023', format('Order %s was not delivered by this courier', :'all_a_number'), 'another courier''s order is refused');
select throws_ok(format($$select public.record_remittance(%L, 5000, 'ABA-1', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 2001))),
  '22023', format('Order %s: $20.01 is more than the $20.00 still due', :'kept_a_number'), 'more than an order owes is refused');
select throws_ok(format($$select public.record_remittance(%L, 3000, 'ABA-1', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 2000),
                                          jsonb_build_object('order_number', :'kept_b_number', 'amount_cents', 2000))),
  '22023', 'The orders add up to more than the amount received', 'orders beyond the amount are refused');
select throws_ok(format($$select public.record_remittance(%L, 5000, 'ABA-1', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 100),
                                          jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 100))),
  '22023', format('Order %s is listed twice', :'kept_a_number'), 'an order listed twice is refused');
select throws_ok(format($$select public.record_remittance(%L, 5000, 'ABA-1', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', 'SL-999999999', 'amount_cents', 100))),
  '22023', 'Order SL-999999999 not found', 'an unknown order is refused');
select throws_ok(format($$select public.record_remittance(%L, 5000, 'ABA-1', now() + interval '1 day', '[]')$$, :'keeper'),
  '22023', 'received_at cannot be in the future', 'cash cannot be received tomorrow');
select throws_ok(format($$select public.record_remittance(%L, 0, 'ABA-1', now(), '[]')$$, :'keeper'),
  '23514', null, 'an amount of 0 is refused by its constraint');
select is((select count(*) from public.remittances where courier_id = :'keeper'), 0::bigint, 'nothing of a refused remittance is kept');

-- matched, short, over ---------------------------------------------------------------------------------

select (public.record_remittance(:'keeper', 3700, 'ABA-100', now() - interval '1 hour',
          jsonb_build_array(jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 2000),
                            jsonb_build_object('order_number', :'kept_b_number', 'amount_cents', 1500)))).id as first_remittance \gset
select results_eq(format($$select order_id, status::text, due_cents - remitted_cents from public.order_cash
                          where courier_id = %L order by order_id$$, :'keeper'),
  format($$select * from (values (%L::uuid, 'remitted', 0::bigint), (%L::uuid, 'short', 500::bigint), (%L::uuid, 'with_courier', 2000::bigint)) v
           order by 1$$, :'kept_a', :'kept_b', :'kept_c'),
  'a matched order is remitted, one paid less is short by the difference, the third still with the courier');
select is((select (r.amount_cents - sum(ro.amount_cents))::bigint from public.remittances r
           join public.remittance_orders ro on ro.remittance_id = r.id
           where r.id = :'first_remittance' group by r.amount_cents), 200::bigint,
  'what the remittance pays beyond its orders is over-remitted');
select is((select -b.balance_cents from public.ledger_balances b join public.ledger_accounts a on a.id = b.account_id
           where a.courier_id = :'keeper' and b.line = 'cash_collected')
          - (select b.balance_cents from public.ledger_balances b join public.ledger_accounts a on a.id = b.account_id
             where a.courier_id = :'keeper' and b.line = 'remittance'), 6000::bigint - 3700,
  'the courier holds what it carried minus what it remitted');
select is((select sum(e.amount_cents) from public.ledger_entries e join public.ledger_transactions t on t.id = e.transaction_id
           where t.remittance_id = :'first_remittance'), 0::numeric, 'the remittance''s posting balances');
select results_eq(format($$select tests.account_label(e.account_id), e.line::text, e.amount_cents from public.ledger_entries e
                          join public.ledger_transactions t on t.id = e.transaction_id
                          where t.remittance_id = %L order by e.amount_cents$$, :'first_remittance'),
  $$values ('delivery_cash', 'remittance', -3700::bigint), ('courier_cash', 'remittance', 3700::bigint)$$,
  'the office''s cash goes up and the courier''s debt down by the amount received');
select throws_ok(format($$select public.record_remittance(%L, 600, 'ABA-101', now(), %L)$$, :'keeper',
                        jsonb_build_array(jsonb_build_object('order_number', :'kept_b_number', 'amount_cents', 600))),
  '22023', format('Order %s: $6.00 is more than the $5.00 still due', :'kept_b_number'),
  'a short order takes at most what it still owes');
select lives_ok(format($$select public.record_remittance(%L, 500, 'ABA-102', now(), %L)$$, :'keeper',
                       jsonb_build_array(jsonb_build_object('order_number', :'kept_b_number', 'amount_cents', 500))),
  'the rest of a short order comes later');
select is((select status::text from public.order_cash where order_id = :'kept_b'), 'remitted', 'and it is remitted');
select is((select count(*) from public.audit_log where action = 'remittance.record' and created_at = now()), 2::bigint,
  'each remittance is audited');

-- reversal ---------------------------------------------------------------------------------------------

select throws_ok(format($$select public.reverse_remittance(%L, '  ')$$, :'first_remittance'), '22023',
  'A reason is required to reverse a remittance', 'a reversal says why');
select is((public.reverse_remittance(:'first_remittance', 'Wrong courier')).reversal_reason, 'Wrong courier',
  'an admin reverses a remittance with a reason');
select results_eq(format($$select order_id, status::text from public.order_cash where courier_id = %L order by order_id$$, :'keeper'),
  format($$select * from (values (%L::uuid, 'with_courier'), (%L::uuid, 'short'), (%L::uuid, 'with_courier')) v order by 1$$,
         :'kept_a', :'kept_b', :'kept_c'),
  'its orders owe again what it paid for them');
select is((select sum(e.amount_cents) from public.ledger_entries e join public.ledger_transactions t on t.id = e.transaction_id
           where t.remittance_id = :'first_remittance'), 0::numeric, 'the remittance and its reversal cancel out');
select throws_ok(format($$select public.reverse_remittance(%L, 'Again')$$, :'first_remittance'), '55000',
  'This remittance is already reversed', 'a remittance is reversed once');
select is((select details ->> 'reason' from public.audit_log where action = 'remittance.reverse' and target_id = :'first_remittance'),
  'Wrong courier', 'the reversal is audited with its reason');
select tests.act_as_owner();
select throws_ok(format($$update public.remittances set amount_cents = 1 where id = %L$$, :'first_remittance'), '55000',
  'A remittance is never changed: reverse it with a reason and record it again', 'not even the owner edits a remittance');
select throws_ok(format($$delete from public.remittance_orders where remittance_id = %L$$, :'first_remittance'), '55000',
  'A remittance is never changed: reverse it with a reason and record it again', 'nor what it paid');

-- a reverted delivery owes nothing ---------------------------------------------------------------------

select tests.move_order(:'kept_c', 'out_for_delivery');
select results_eq(format($$select due_cents, status::text from public.order_cash where order_id = %L$$, :'kept_c'),
  $$values (0::bigint, 'remitted')$$, 'a reverted delivery leaves its courier owing nothing for it');
select tests.deliver_order(:'kept_c');
select results_eq(format($$select due_cents, status::text from public.order_cash where order_id = %L$$, :'kept_c'),
  $$values (2000::bigint, 'with_courier')$$, 'delivered again, it owes again');

-- An order whose cash one courier remitted goes to another only once that remittance is reversed:
-- the remitted cash would count for the new courier's delivery.
select tests.authenticate_as('admin@test.local');
select (public.record_remittance(:'keeper', 2000, 'ABA-103', now(),
          jsonb_build_array(jsonb_build_object('order_number', :'kept_a_number', 'amount_cents', 2000)))).id as kept_a_remittance \gset
select tests.act_as_owner();
select tests.move_order(:'kept_a', 'out_for_delivery');
select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.assign_courier(%L, %L)$$, :'kept_a', :'remitter'), '55000',
  'Another courier remitted cash for this order: reverse that remittance first',
  'a remitted order is not given to another courier');
select public.reverse_remittance(:'kept_a_remittance', 'Moving the order');
select is((public.assign_courier(:'kept_a', :'remitter')).courier_id, :'remitter'::uuid, 'once reversed, it is');
select tests.act_as_owner();

select is_empty($$select * from private.running_balance_differences()$$, 'the running balances agree with the entries');
select lives_ok('set constraints all immediate', 'every ledger transaction balances');

select * from finish();
rollback;
