-- Posting the ledger (docs/money.md): entering `delivered` through public.change_order_status posts
-- one balanced 'delivery' transaction (delivery_cash -S, influencer +C, business +G, business -F,
-- platform_fees +F, zero amounts left out); leaving it posts one 'delivery_reversal' negating that
-- delivery; delivering again posts delivery number 2, 3, ... A delivery is never posted twice
-- (the count check and the unique numbering), ledger rows are append-only even for the owner
-- (55000), every transaction balances at commit (23514), and no client role can call the private
-- posting functions.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(55);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Post Lamp', 2000, 0.10);
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Post Penny', 1, 0.10);
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Post Penny All', 1, 0.9999);
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Post Odd', 1999, 0.333);
  perform tests.create_link('influencer@test.local', p, 'approved')
    from unnest(array['PgTAP Post Lamp', 'PgTAP Post Penny', 'PgTAP Post Penny All', 'PgTAP Post Odd']) p;
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
end
$$;
-- $20.00 x 2 at 10%: S 4000, C 400, G 3600, F 540, N 3060.
select tests.create_order('influencer@test.local', 'PgTAP Post Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 2) as lamp_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Post Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as spare_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Post Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as fresh_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Post Penny', 'PgTAP Khan', 'PgTAP Sangkat') as penny_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Post Penny All', 'PgTAP Khan', 'PgTAP Sangkat') as penny_all_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Post Odd', 'PgTAP Khan', 'PgTAP Sangkat') as odd_order \gset

-- The entries the delivery of the lamp order posts, and their negation.
\set lamp_delivery 'delivery_cash cash_collected -4000, influencer commission 400, business gross 3600, business platform_fee -540, platform_fees platform_fee 540'
\set lamp_reversal 'delivery_cash cash_collected 4000, influencer commission -400, business gross -3600, business platform_fee 540, platform_fees platform_fee -540'

-- The balances of the fixture users: 'influencer N, business N'.
create function tests.balances() returns text
language sql stable
as $$
  select format('influencer %s, business %s', tests.ledger_balance('influencer@test.local'),
                tests.ledger_balance('business@test.local'))
$$;
-- Kind, number, creator and links of an order's transactions, oldest first, read as the owner.
create function tests.order_transactions(p_order_id uuid) returns table (
  kind text, delivery_number integer, created_by uuid, reverses_delivery_number integer, payout_request_id uuid,
  created_now boolean)
language sql stable security definer set search_path = ''
as $$
  select t.kind, t.delivery_number, t.created_by, r.delivery_number, t.payout_request_id, t.created_at = now()
  from public.ledger_transactions t left join public.ledger_transactions r on r.id = t.reverses_transaction_id
  where t.order_id = p_order_id order by t.id
$$;
grant execute on function tests.balances(), tests.order_transactions(uuid) to anon, authenticated, service_role;

-- a delivery through change_order_status -------------------------------------------------------------

select tests.move_order(:'lamp_order', 'out_for_delivery');
select is(tests.order_ledger(:'lamp_order'), '', 'moving an order up to out_for_delivery posts nothing');
select tests.deliver_order(:'lamp_order');
select is(tests.order_ledger(:'lamp_order'), format('delivery#1[%s]', :'lamp_delivery'),
  'entering delivered posts one delivery: cash -S, influencer +C, business +G and -F, platform +F');
select results_eq(format('select * from tests.order_transactions(%L)', :'lamp_order'),
  format($$values ('delivery'::text, 1, %L::uuid, null::integer, null::uuid, true)$$, tests.user_id('admin@test.local')),
  'the delivery is number 1 of the order, made by the admin who changed the status, now');
select results_eq(
  format($$select commission_cents, business_gross_cents, platform_fee_cents, subtotal_cents from public.orders where id = %L$$,
         :'lamp_order'),
  format($$select sum(e.amount_cents) filter (where e.line = 'commission')::bigint,
                  sum(e.amount_cents) filter (where e.line = 'gross')::bigint,
                  sum(e.amount_cents) filter (where e.line = 'platform_fee' and e.amount_cents > 0)::bigint,
                  -sum(e.amount_cents) filter (where e.line = 'cash_collected')::bigint
           from public.ledger_entries e join public.ledger_transactions t on t.id = e.transaction_id
           where t.order_id = %L$$, :'lamp_order'),
  'the delivery posts exactly the order''s generated C, G, F and S');
select is(tests.balances(), 'influencer 400, business 3060',
  'the influencer has earned C (400), the business N = G - F (3060)');

-- leaving delivered, and delivering again ------------------------------------------------------------

select tests.move_order(:'lamp_order', 'ready_for_pickup');
select is(tests.order_ledger(:'lamp_order'),
  format('delivery#1[%s]; delivery_reversal#1[%s]', :'lamp_delivery', :'lamp_reversal'),
  'leaving delivered posts one reversal negating every entry of the delivery');
select is(tests.balances(), 'influencer 0, business 0', 'after the reversal nobody has earned anything');
select tests.move_order(:'lamp_order', 'out_for_delivery');
select is(tests.order_ledger(:'lamp_order'),
  format('delivery#1[%s]; delivery_reversal#1[%s]', :'lamp_delivery', :'lamp_reversal'),
  'moves away from delivered post nothing more');
select tests.deliver_order(:'lamp_order');
select tests.move_order(:'lamp_order', 'new_order');
select tests.deliver_order(:'lamp_order');
select results_eq(format('select * from tests.order_transactions(%L)', :'lamp_order'),
  format($$values ('delivery'::text, 1, %1$L::uuid, null::integer, null::uuid, true),
                  ('delivery_reversal', 1, %1$L, 1, null, true),
                  ('delivery', 2, %1$L, null, null, true),
                  ('delivery_reversal', 2, %1$L, 2, null, true),
                  ('delivery', 3, %1$L, null, null, true)$$, tests.user_id('admin@test.local')),
  'delivered, reverted, delivered again, reverted to new, delivered: deliveries 1, 2, 3, each reversal of its own');
select is(tests.order_ledger(:'lamp_order'),
  format('delivery#1[%1$s]; delivery_reversal#1[%2$s]; delivery#2[%1$s]; delivery_reversal#2[%2$s]; delivery#3[%1$s]',
         :'lamp_delivery', :'lamp_reversal'),
  'every delivery posts the same entries, every reversal their negation');
select is(tests.balances(), 'influencer 400, business 3060', 'delivered once more, the order is earned once');
select results_eq(
  format($$select tests.account_label(e.account_id), sum(e.amount_cents)
           from public.ledger_entries e join public.ledger_transactions t on t.id = e.transaction_id
           where t.order_id = %L and e.account_id in (select id from public.ledger_accounts where user_id is null)
           group by 1 order by 1$$, :'lamp_order'),
  $$values ('delivery_cash'::text, -4000::numeric), ('platform_fees', 540)$$,
  'on the platform accounts the order nets to the cash collected once and the fee once');
select is_empty(
  format($$select t.id from public.ledger_transactions t join public.ledger_entries e on e.transaction_id = t.id
           where t.order_id = %L group by t.id having sum(e.amount_cents) <> 0$$, :'lamp_order'),
  'every transaction of the order sums to zero');

-- zero amounts are left out; odd figures ---------------------------------------------------------------

select tests.deliver_order(:'penny_order');
select is(tests.order_ledger(:'penny_order'), 'delivery#1[delivery_cash cash_collected -1, business gross 1]',
  'a 1-cent sale at 10% posts no commission and no fee entry (both round to 0)');
select tests.move_order(:'penny_order', 'out_for_delivery');
select is(tests.order_ledger(:'penny_order'),
  'delivery#1[delivery_cash cash_collected -1, business gross 1]; delivery_reversal#1[delivery_cash cash_collected 1, business gross -1]',
  'its reversal negates the two entries');
select tests.deliver_order(:'penny_all_order');
select is(tests.order_ledger(:'penny_all_order'), 'delivery#1[delivery_cash cash_collected -1, influencer commission 1]',
  'a 1-cent sale at 99.99% posts no gross and no fee entry for the business');
select tests.deliver_order(:'odd_order');
select is(tests.order_ledger(:'odd_order'),
  'delivery#1[delivery_cash cash_collected -1999, influencer commission 666, business gross 1333, business platform_fee -200, platform_fees platform_fee 200]',
  '$19.99 at 33.3%: C 665.667 -> 666, G 1333, F 199.95 -> 200');

-- a refused status change posts nothing --------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.change_order_status(%L, 'delivered')$$, :'lamp_order'), '55000',
  'Cannot change an order from delivered to delivered', 'delivering a delivered order again is refused');
select tests.authenticate_as('business@test.local');
select throws_ok(format($$select public.change_order_status(%L, 'delivered')$$, :'fresh_order'), '42501',
  'Only admins can change order status', 'a business cannot deliver its order (and post its earnings)');
select tests.act_as_owner();
select is(tests.order_ledger(:'lamp_order'),
  format('delivery#1[%1$s]; delivery_reversal#1[%2$s]; delivery#2[%1$s]; delivery_reversal#2[%2$s]; delivery#3[%1$s]',
         :'lamp_delivery', :'lamp_reversal'),
  'the refused change posted nothing');
select is(tests.order_ledger(:'fresh_order'), '', 'the refused delivery posted nothing');

-- the private posting functions: guarded, and callable by no client role ------------------------------

select throws_ok(format('select private.post_delivery(%L)', :'lamp_order'), '55000',
  format('Order %s already has its delivery posted', :'lamp_order'),
  'calling post_delivery again for a delivered order is refused (55000): a delivery is never posted twice');
select throws_ok(format('select private.post_delivery(%L)', :'fresh_order'), '55000',
  format('Order %s is not delivered', :'fresh_order'), 'post_delivery refuses an order that is not delivered');
select throws_ok(format('select private.post_delivery(%L)', '00000000-0000-4000-8000-000000000000'), '55000',
  'Order 00000000-0000-4000-8000-000000000000 is not delivered', 'post_delivery refuses an unknown order');
select throws_ok(format('select private.reverse_delivery(%L)', :'fresh_order'), '55000',
  format('Order %s has no delivery to reverse', :'fresh_order'), 'reverse_delivery refuses an order never delivered');
select tests.deliver_order(:'spare_order');
select lives_ok(format('select private.reverse_delivery(%L)', :'spare_order'), 'a delivery is reversed once');
select throws_ok(format('select private.reverse_delivery(%L)', :'spare_order'), '55000',
  format('Order %s has no delivery to reverse', :'spare_order'), 'a second reversal of the same delivery is refused');
select is(tests.order_ledger(:'lamp_order'),
  format('delivery#1[%1$s]; delivery_reversal#1[%2$s]; delivery#2[%1$s]; delivery_reversal#2[%2$s]; delivery#3[%1$s]',
         :'lamp_delivery', :'lamp_reversal'),
  'the refused calls posted nothing');
select throws_ok(
  format($$insert into public.ledger_transactions (kind, order_id, delivery_number) values ('delivery', %L, 3)$$, :'lamp_order'),
  '23505', null, 'even the owner cannot post a delivery number of an order twice (unique)');
select throws_ok(
  format($$insert into public.ledger_transactions (kind, order_id, delivery_number, reverses_transaction_id)
           select 'delivery_reversal', %L, 1, id from public.ledger_transactions
           where order_id = %L and kind = 'delivery' and delivery_number = 1$$, :'lamp_order', :'lamp_order'),
  '23505', null, 'even the owner cannot reverse a delivery twice (unique)');

select tests.act_as_anon();
select throws_ok(format('select %s', f), '42501', null, 'anon cannot call ' || split_part(f, '(', 1))
  from unnest(array[format('private.post_delivery(%L)', :'fresh_order'),
                    format('private.reverse_delivery(%L)', :'fresh_order'),
                    'private.ledger_account_id(''delivery_cash'')']) f;
select tests.authenticate_as('admin@test.local');
select throws_ok(format('select %s', f), '42501', null, 'an admin cannot call ' || split_part(f, '(', 1))
  from unnest(array[format('private.post_delivery(%L)', :'fresh_order'),
                    format('private.reverse_delivery(%L)', :'fresh_order'),
                    'private.ledger_account_id(''delivery_cash'')']) f;
select tests.act_as_service_role();
select throws_ok(format('select %s', f), '42501', null, 'service_role cannot call ' || split_part(f, '(', 1))
  from unnest(array[format('private.post_delivery(%L)', :'fresh_order'),
                    format('private.reverse_delivery(%L)', :'fresh_order'),
                    'private.ledger_account_id(''delivery_cash'')']) f;
select tests.act_as_owner();

-- append-only, even for the owner --------------------------------------------------------------------

-- A payout request, so payout_request_entries has a row.
select tests.authenticate_as('influencer@test.local');
select id as request_id from public.request_payout() \gset
select tests.act_as_owner();
select count(*) as entry_rows from public.ledger_entries \gset
select count(*) as covered_rows from public.payout_request_entries where payout_request_id = :'request_id' \gset
-- Check every balance now: a table with deferred trigger events pending cannot be truncated at all
-- (55006), which would hide the trigger under test.
select lives_ok('set constraints all immediate',
  'every transaction posted so far balances (the deferred check, run now instead of at commit)');
set constraints all deferred;
set local client_min_messages = warning;   -- no "truncate cascades to table" notices
select e.id as commission_entry, e.transaction_id as delivery_transaction
  from public.ledger_entries e join public.ledger_transactions t on t.id = e.transaction_id
  where t.order_id = :'lamp_order' and t.delivery_number = 3 and t.kind = 'delivery' and e.line = 'commission' \gset

select throws_ok(format('update public.ledger_entries set amount_cents = 1 where id = %s', :commission_entry), '55000',
  'ledger_entries rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot update a ledger entry');
select throws_ok(format('delete from public.ledger_entries where id = %s', :commission_entry), '55000',
  'ledger_entries rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot delete a ledger entry');
select throws_ok('truncate public.ledger_entries cascade', '55000', null, 'the owner cannot truncate the ledger entries');
select throws_ok(format('update public.ledger_transactions set created_by = null where id = %s', :delivery_transaction),
  '55000', 'ledger_transactions rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot update a ledger transaction');
select throws_ok(format('delete from public.ledger_transactions where id = %s', :delivery_transaction), '55000',
  'ledger_transactions rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot delete a ledger transaction');
select throws_ok('truncate public.ledger_transactions cascade', '55000', null,
  'the owner cannot truncate the ledger transactions');
select throws_ok(format('update public.payout_request_entries set ledger_entry_id = ledger_entry_id where payout_request_id = %L',
                        :'request_id'), '55000',
  'payout_request_entries rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot update what a payout request covers');
select throws_ok(format('delete from public.payout_request_entries where payout_request_id = %L', :'request_id'), '55000',
  'payout_request_entries rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot delete what a payout request covers');
select throws_ok('truncate public.payout_request_entries', '55000',
  'payout_request_entries rows are never changed or deleted; post a reversing transaction instead',
  'the owner cannot truncate what payout requests cover');
select results_eq(
  format($$select (select count(*) from public.ledger_entries),
                  (select count(*) from public.payout_request_entries where payout_request_id = %L),
                  (select amount_cents from public.ledger_entries where id = %s)$$, :'request_id', :commission_entry),
  format('values (%s::bigint, %s::bigint, 400::bigint)', :entry_rows, :covered_rows),
  'the ledger is unchanged: every entry kept, the commission still 400, the request still covering it');

-- every transaction balances at commit ------------------------------------------------------------------

-- Posts a transaction on the platform accounts, one entry per statement, then checks the
-- deferred constraints now instead of at commit, and defers them again.
create function tests.post_and_check(p_order_id uuid, p_amounts bigint[]) returns void
language plpgsql
as $$
declare
  new_id bigint;
  amount bigint;
begin
  insert into public.ledger_transactions (kind, order_id, delivery_number) values ('delivery', p_order_id, 99)
  returning id into new_id;
  foreach amount in array p_amounts loop
    insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
    values (new_id, private.ledger_account_id(case when amount < 0 then 'delivery_cash' else 'platform_fees' end::public.ledger_account_kind),
            'platform_fee', amount);
  end loop;
  set constraints all immediate;
  set constraints all deferred;
end
$$;
select throws_ok(format('select tests.post_and_check(%L, array[-100, 99])', :'fresh_order'), '23514', null,
  'a transaction whose entries sum to -1 cent fails the balance check (23514)');
select throws_ok(format('select tests.post_and_check(%L, array[-100, 100, 1])', :'fresh_order'), '23514', null,
  'a transaction whose entries sum to +1 cent fails the balance check (23514)');
select lives_ok(format('select tests.post_and_check(%L, array[-100, 60, 40])', :'fresh_order'),
  'a transaction written in several statements passes once its entries sum to zero');
select is_empty(
  $$select t.id from public.ledger_transactions t join public.ledger_entries e on e.transaction_id = t.id
    group by t.id having sum(e.amount_cents) <> 0$$,
  'no transaction in the ledger is unbalanced');
select is_empty(
  $$select t.id from public.ledger_transactions t where not exists (select from public.ledger_entries e where e.transaction_id = t.id)$$,
  'no transaction in the ledger is empty');

select * from finish();
rollback;
