-- Cancelling an order with a reason and reopening it (issue 14): only an approved admin cancels,
-- from new_order, ready_for_pickup or out_for_delivery, always with one of the reasons; a
-- delivered order must be reverted first and a cancelled one reopens as new_order only. The
-- history keeps the reason, the order carries it while cancelled, and a cancelled order never has
-- money in the ledger.
begin;
\ir helpers.psql

select plan(37);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Kettle');
  perform tests.create_link('influencer@test.local', 'PgTAP Kettle', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 100);
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as new_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as ready_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as out_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as delivered_order \gset
select tests.move_order(:'ready_order', 'ready_for_pickup');
select tests.move_order(:'out_order', 'out_for_delivery');
select tests.deliver_order(:'delivered_order');

-- A cancellation as the api function makes it with the caller's token.
create function tests.cancel_sql(p_order_id uuid, p_reason text, p_status text default 'cancelled') returns text
language sql
as $$
  select format('select status::text from public.change_order_status(%L, %L, %L, %L)',
    p_order_id, p_status, 'pgTAP', p_reason)
$$;
-- Status, reason, history length and ledger transactions of an order, read as the owner.
create function tests.cancel_state(p_order_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select format('%s (%s), %s history, ledger [%s]',
    o.status, coalesce(o.cancellation_reason::text, 'no reason'),
    (select count(*) from public.order_status_history where order_id = o.id),
    (select coalesce(string_agg(kind || '#' || delivery_number, ',' order by id), '')
     from public.ledger_transactions where order_id = o.id))
  from public.orders o where o.id = p_order_id
$$;
grant execute on function tests.cancel_sql(uuid, text, text), tests.cancel_state(uuid) to anon, authenticated, service_role;

-- the function ----------------------------------------------------------------------------------

select is_definer('public', 'change_order_status', array['uuid', 'text', 'text', 'text'],
  'change_order_status (with the reason) is security definer');
select hasnt_function('public', 'change_order_status', array['uuid', 'text', 'text'],
  'the three-parameter change_order_status is gone, so no call is ambiguous');

-- who may cancel ----------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(tests.cancel_sql(:'new_order', 'duplicate'), '42501',
  'permission denied for function change_order_status', 'anon cannot cancel an order');
select tests.authenticate_as('business@test.local');
select throws_ok(tests.cancel_sql(:'new_order', 'out_of_stock'), '42501',
  'Only admins can change order status', 'the order''s business cannot cancel it, even out of stock (42501)');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.cancel_sql(:'new_order', 'duplicate'), '42501',
  'Only admins can change order status', 'the order''s influencer cannot cancel it (42501)');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(tests.cancel_sql(:'new_order', 'duplicate'), '42501',
  'Only admins can change order status', 'a pending admin cannot cancel an order (42501)');
select tests.act_as_service_role();
select throws_ok(tests.cancel_sql(:'new_order', 'duplicate'), '42501',
  'Only admins can change order status', 'service_role without an admin token cannot cancel (42501)');

-- the reason --------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.cancel_sql(:'new_order', null), '22023',
  'reason is required to cancel an order', 'cancelling without a reason is refused (22023)');
select throws_ok(tests.cancel_sql(:'new_order', 'changed_mind'), '22023',
  'reason must be one of customer_refused, customer_unreachable, out_of_stock, duplicate, suspected_fraud, other, customer_cancelled',
  'an unknown reason is refused, listing the reasons (22023)');
select throws_ok(tests.cancel_sql(:'new_order', 'duplicate', 'ready_for_pickup'), '22023',
  'reason is only for cancelling an order', 'a reason with any other status is refused (22023)');
select is(tests.cancel_state(:'new_order'), 'new_order (no reason), 1 history, ledger []',
  'refused calls changed nothing');

-- cancelling from each status before delivery -----------------------------------------------------

select results_eq(tests.cancel_sql(:'new_order', 'duplicate'), array['cancelled'], 'an admin cancels a new order as duplicate');
select results_eq(tests.cancel_sql(:'ready_order', 'out_of_stock'), array['cancelled'],
  'an admin cancels a ready order as out_of_stock');
select results_eq(tests.cancel_sql(:'out_order', 'customer_refused'), array['cancelled'],
  'an admin cancels an order out for delivery as customer_refused');
select is(tests.cancel_state(:'new_order'), 'cancelled (duplicate), 2 history, ledger []', 'new -> cancelled, with its reason');
select is(tests.cancel_state(:'ready_order'), 'cancelled (out_of_stock), 3 history, ledger []', 'ready -> cancelled, with its reason');
select is(tests.cancel_state(:'out_order'), 'cancelled (customer_refused), 4 history, ledger []',
  'out -> cancelled, with its reason');
select results_eq(
  format($$select from_status::text, to_status::text, changed_by, note, cancellation_reason::text
           from public.order_status_history where order_id = %L order by id desc limit 1$$, :'out_order'),
  format($$values ('out_for_delivery', 'cancelled', %L::uuid, 'pgTAP'::text, 'customer_refused')$$,
         tests.user_id('admin@test.local')),
  'the history row of the cancellation: from, to, the admin, the note and the reason');

-- what is refused --------------------------------------------------------------------------------

select throws_ok(tests.cancel_sql(:'delivered_order', 'customer_refused'), '55000',
  'A delivered order cannot be cancelled: revert it to Out for Delivery first',
  'a delivered order cannot be cancelled (55000 naming the status and what to do)');
select is(tests.cancel_state(:'delivered_order'), 'delivered (no reason), 4 history, ledger [delivery#1]',
  'the refused cancellation left the delivery and its ledger posting as they were');
select throws_ok(tests.cancel_sql(:'out_order', 'customer_refused'), '55000',
  'A cancelled order can only be reopened as a New Order', 'cancelled -> cancelled is refused (55000)');
select throws_ok(tests.cancel_sql(:'out_order', null, 'ready_for_pickup'), '55000',
  'A cancelled order can only be reopened as a New Order', 'cancelled -> ready is refused (55000)');
select throws_ok(tests.cancel_sql(:'out_order', null, 'out_for_delivery'), '55000',
  'A cancelled order can only be reopened as a New Order', 'cancelled -> out is refused (55000)');
select throws_ok(tests.cancel_sql(:'out_order', null, 'delivered'), '55000',
  'A cancelled order can only be reopened as a New Order', 'cancelled -> delivered is refused: it was never delivered (55000)');

-- a delivered order reverted, then cancelled: its money is reversed, none remains -----------------

select results_eq(tests.cancel_sql(:'delivered_order', null, 'out_for_delivery'), array['out_for_delivery'],
  'delivered -> out (the revert the message asks for)');
select results_eq(tests.cancel_sql(:'delivered_order', 'customer_refused'), array['cancelled'],
  'then out -> cancelled as customer_refused');
select is(tests.cancel_state(:'delivered_order'),
  'cancelled (customer_refused), 6 history, ledger [delivery#1,delivery_reversal#1]',
  'the revert reversed the delivery; the cancellation posted nothing');
select is(tests.ledger_balance('influencer@test.local'), 0::bigint, 'the influencer earns nothing from cancelled orders');
select is(tests.ledger_balance('business@test.local'), 0::bigint, 'nor does the business');

-- reopening -------------------------------------------------------------------------------------

select results_eq(tests.cancel_sql(:'new_order', null, 'new_order'), array['new_order'], 'an admin reopens a cancelled order as new');
select results_eq(
  format($$select o.status::text, o.cancellation_reason::text, h.from_status::text, h.cancellation_reason::text
           from public.orders o join lateral (select * from public.order_status_history where order_id = o.id
                                              order by id desc limit 1) h on true where o.id = %L$$, :'new_order'),
  $$values ('new_order', null::text, 'cancelled', null::text)$$,
  'a reopened order has no reason; its reopening row has none either');
select results_eq(
  format($$select count(*) filter (where cancellation_reason = 'duplicate') from public.order_status_history where order_id = %L$$,
         :'new_order'),
  array[1::bigint], 'the history still says it was once cancelled as duplicate');

-- who sees it --------------------------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select results_eq(
  format($$select to_status::text, cancellation_reason::text from public.order_status_history where order_id = %L order by id$$,
         :'ready_order'),
  $$values ('new_order', null::text), ('ready_for_pickup', null), ('cancelled', 'out_of_stock')$$,
  'the order''s business reads its history with the reason');
select tests.authenticate_as('influencer@test.local');
select results_eq(format($$select status::text, cancellation_reason::text from public.orders where id = %L$$, :'out_order'),
  $$values ('cancelled', 'customer_refused')$$, 'the order''s influencer sees it cancelled with the reason');
select throws_ok(format($$update public.orders set cancellation_reason = 'other' where id = %L$$, :'out_order'), '42501',
  'permission denied for table orders', 'no one writes a reason directly');

-- the invariants -----------------------------------------------------------------------------------

select tests.act_as_owner();
select throws_ok(format($$update public.orders set cancellation_reason = null where id = %L$$, :'ready_order'), '23514', null,
  'even the owner cannot leave a cancelled order without a reason (check constraint)');
select is_empty(
  $$select o.id from public.orders o join public.ledger_transactions t on t.order_id = o.id
    where o.status = 'cancelled'
    group by o.id having count(*) filter (where t.kind = 'delivery') <> count(*) filter (where t.kind = 'delivery_reversal')$$,
  'no cancelled order has an unreversed delivery in the ledger');

select * from finish();
rollback;
