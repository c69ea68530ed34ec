-- Orders left unconfirmed (issue 28): private.cancel_unconfirmed_orders, run by the job
-- cancel-unconfirmed-orders, cancels the orders still unconfirmed that the shop still has once
-- they are older than the setting unconfirmed_cancel_hours (0 turns it off), oldest first, as
-- customer_unreachable, with a history row and an audit entry without an actor each. Exactly at
-- the window's edge an order stays. Confirmed orders, orders on their way and newer ones stay. The
-- counters follow, split by confirmation. Nobody but the job's owner runs it.
begin;
\ir helpers.psql

select plan(22);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Unconfirmed Soap');
  perform tests.create_link('influencer@test.local', 'PgTAP Unconfirmed Soap', 'approved');
  perform tests.create_zone('PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat', 150);
end
$$;
-- Placed 48 h and a second ago, 72 h ago (packed), exactly 48 h ago, 72 h ago (confirmed by the
-- customer), 72 h ago (on its way) and just now.
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as past_edge \gset
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as packed \gset
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as at_edge \gset
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as confirmed \gset
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as on_its_way \gset
select tests.create_order('influencer@test.local', 'PgTAP Unconfirmed Soap', 'PgTAP Unconfirmed Khan', 'PgTAP Unconfirmed Sangkat') as fresh \gset
select tests.act_as_owner();
update public.orders set created_at = now() - interval '48 hours 1 second' where id = :'past_edge';
update public.orders set created_at = now() - interval '72 hours' where id in (:'packed', :'confirmed', :'on_its_way');
update public.orders set created_at = now() - interval '48 hours' where id = :'at_edge';
select tests.move_order(:'packed', 'ready_for_pickup');
select tests.move_order(:'on_its_way', 'out_for_delivery');
select private.confirm_order_by_customer(:'confirmed');

create function tests.status_of(p_order uuid) returns text
language sql
as $$
  select status || coalesce('/' || cancellation_reason, '') from public.orders where id = p_order
$$;

-- off -----------------------------------------------------------------------------------------------

select is((select unconfirmed_cancel_hours from public.marketplace_settings), 0, 'the job is off until an admin sets it');
select is(private.cancel_unconfirmed_orders(), 0, 'while off, a run cancels nothing');
select is(tests.status_of(:'packed'), 'ready_for_pickup', 'even an order three days old');

-- on: 48 hours, set by an admin --------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok($$select public.update_marketplace_settings(p_unconfirmed_cancel_hours => 721)$$, '23514', null,
  'more than 720 hours is refused by the setting''s constraint');
select is((public.update_marketplace_settings(p_unconfirmed_cancel_hours => 48)).unconfirmed_cancel_hours, 48,
  'an admin sets it');
select results_eq($$select details -> 'after' ->> 'unconfirmed_cancel_hours' from public.audit_log
                    where created_at = now() and action = 'settings.update'$$,
  $$values ('48')$$, 'the change is audited');
select tests.act_as_owner();

select is(private.cancel_unconfirmed_orders(1), 1, 'a run takes at most its batch');
select is(tests.status_of(:'packed'), 'cancelled/customer_unreachable', 'the oldest first');
select is(private.cancel_unconfirmed_orders(), 1, 'the next run takes the rest');
select is(tests.status_of(:'past_edge'), 'cancelled/customer_unreachable',
  'an order a second past the window is cancelled as customer_unreachable');
select is(tests.status_of(:'at_edge'), 'new_order', 'an order exactly at the window''s edge stays');
select is(tests.status_of(:'confirmed'), 'new_order', 'a confirmed order stays');
select is(tests.status_of(:'on_its_way'), 'out_for_delivery', 'an order on its way stays');
select is(tests.status_of(:'fresh'), 'new_order', 'a new order stays');
select is(private.cancel_unconfirmed_orders(), 0, 'a run after that finds nothing');

select results_eq(format($$select order_id, from_status::text, note, changed_by is null, cancellation_reason::text
                           from public.order_status_history where to_status = 'cancelled' and order_id in (%L, %L)
                           order by order_id = %L$$, :'packed', :'past_edge', :'past_edge'),
  format($$values (%L::uuid, 'ready_for_pickup', 'Not confirmed within 48 hours', true, 'customer_unreachable'),
                  (%L::uuid, 'new_order', 'Not confirmed within 48 hours', true, 'customer_unreachable')$$,
         :'packed', :'past_edge'),
  'each cancellation is in the history, without an actor, saying why');
select results_eq(format($$select target_id, actor_id is null and actor_email is null, details ->> 'reason',
                                  details ->> 'unconfirmed_cancel_hours', details -> 'after' ->> 'status'
                           from public.audit_log where action = 'order.auto_cancel' and target_id in (%L, %L)
                           order by target_id = %L$$, :'packed', :'past_edge', :'past_edge'),
  format($$values (%L, true, 'customer_unreachable', '48', 'cancelled'), (%L, true, 'customer_unreachable', '48', 'cancelled')$$,
         :'packed', :'past_edge'),
  'and audited as order.auto_cancel, by no one, with the rule''s hours');
select throws_ok($$insert into public.audit_log (actor_id, actor_email, action, target_type, target_id)
                   values (null, null, 'order.status_change', 'order', 'x')$$, '23514', null,
  'only the job''s action may go without an actor');

-- the counters follow, split by confirmation ---------------------------------------------------------

select is_empty($$select * from private.running_balance_differences() where balance = 'order_counts'$$,
  'the counters agree with the orders');
select tests.authenticate_as('business@test.local');
select results_eq($$select confirmation::text, status::text, orders from public.order_totals()
                    where status <> 'cancelled' order by confirmation, status$$,
  $$values ('confirmed_by_customer', 'new_order', 1::bigint), ('unconfirmed', 'new_order', 2::bigint),
           ('unconfirmed', 'out_for_delivery', 1::bigint)$$,
  'the shop''s totals tell confirmed orders from unconfirmed ones');
select tests.act_as_owner();

-- who runs it ------------------------------------------------------------------------------------------

select ok(not has_function_privilege('authenticated', 'private.cancel_unconfirmed_orders(integer)', 'execute')
          and not has_function_privilege('anon', 'private.cancel_unconfirmed_orders(integer)', 'execute')
          and not has_function_privilege('service_role', 'private.cancel_unconfirmed_orders(integer)', 'execute'),
  'no client role can run it');
select results_eq($$select schedule, command, active from cron.job where jobname = 'cancel-unconfirmed-orders'$$,
  $$values ('*/10 * * * *'::text, ' select private.cancel_unconfirmed_orders() '::text, true)$$,
  'the job runs it every 10 minutes');

select * from finish();
rollback;
