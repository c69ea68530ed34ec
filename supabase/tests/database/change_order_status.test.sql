-- public.change_order_status(): only an approved admin moves an order, only along the transitions
-- of docs/product.md, "Orders" (one step forward; ready -> new; out -> ready or new; delivered ->
-- out, ready or new), each change kept in the history (from, to, who, note), entering `delivered`
-- posting exactly one 'delivery' ledger transaction and leaving it exactly one 'delivery_reversal'
-- (the amounts of those transactions are checked in ledger_posting.test.sql).
begin;
\ir helpers.psql

select plan(63);

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
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as walk_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as refused_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Kettle', 'PgTAP Khan', 'PgTAP Sangkat') as ledger_order \gset

-- A status change as the api function makes it with the caller's token.
create function tests.change_sql(p_order_id uuid, p_status text, p_note text default null) returns text
language sql
as $$
  select format('select status::text from public.change_order_status(%L, %L, %L)', p_order_id, p_status, p_note)
$$;
-- The status, history length and ledger transactions (kind#delivery number, oldest first) of an
-- order, read as the owner whatever the current role.
create function tests.order_state(p_order_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select format('%s, %s history, ledger [%s]',
    (select status from public.orders where id = p_order_id),
    (select count(*) from public.order_status_history where order_id = p_order_id),
    (select coalesce(string_agg(kind || '#' || delivery_number, ',' order by id), '')
     from public.ledger_transactions where order_id = p_order_id))
$$;
grant execute on function tests.change_sql(uuid, text, text), tests.order_state(uuid)
  to anon, authenticated, service_role;

-- privileges -------------------------------------------------------------------------------------

select is(has_function_privilege('anon', 'public.change_order_status(uuid, text, text, text)', 'execute'), false,
  'anon cannot execute change_order_status');
select is(has_function_privilege('public', 'public.change_order_status(uuid, text, text, text)', 'execute'), false,
  'PUBLIC cannot execute change_order_status');
select is(has_function_privilege('authenticated', 'public.change_order_status(uuid, text, text, text)', 'execute'), true,
  'authenticated can execute change_order_status (it checks has_role itself)');
select is_definer('public', 'change_order_status', array['uuid', 'text', 'text', 'text'], 'change_order_status is security definer');
select is_empty(
  $$select r.rolname || ' ' || p.oid::regprocedure::text
    from pg_proc p cross join (values ('public'), ('anon'), ('authenticated'), ('service_role')) r (rolname)
    where p.oid in ('private.post_delivery(uuid)'::regprocedure, 'private.reverse_delivery(uuid)'::regprocedure,
                    'private.order_transition_allowed(public.order_status, public.order_status)'::regprocedure)
      and has_function_privilege(r.rolname, p.oid, 'execute')$$,
  'no client role can execute the ledger posting functions or order_transition_allowed');

select tests.act_as_anon();
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'permission denied for function change_order_status', 'anon cannot change an order''s status');
select tests.authenticate_as('business@test.local');
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'the order''s business cannot change its status (42501)');
select throws_ok(tests.change_sql(gen_random_uuid(), 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'a non-admin is refused before the order is looked up (42501, not P0002)');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'the order''s influencer cannot change its status (42501)');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'a pending admin cannot change an order''s status (42501)');
select tests.authenticate_as_id(gen_random_uuid());
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'a token whose sub has no account cannot change a status (42501)');
select tests.act_as_service_role();
select throws_ok(tests.change_sql(:'walk_order', 'ready_for_pickup'), '42501',
  'Only admins can change order status', 'service_role without an admin token cannot change a status (42501)');
select is(tests.order_state(:'walk_order'), 'new_order, 1 history, ledger []',
  'after the refused callers the order is still new, with its placement history only');

-- bad input --------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.change_sql(gen_random_uuid(), 'ready_for_pickup'), 'P0002', 'Order not found',
  'an unknown order is refused (P0002)');
select throws_ok(tests.change_sql(:'walk_order', 'shipped'), '22023',
  'new_status must be one of new_order, ready_for_pickup, out_for_delivery, delivered, cancelled',
  'an unknown status is refused (22023)');
select throws_ok(tests.change_sql(:'walk_order', null), '22023',
  'new_status must be one of new_order, ready_for_pickup, out_for_delivery, delivered, cancelled',
  'a missing status is refused (22023)');
select throws_ok(tests.change_sql(:'walk_order', 'Delivered'), '22023',
  'new_status must be one of new_order, ready_for_pickup, out_for_delivery, delivered, cancelled',
  'statuses are case-sensitive (22023)');
select is(tests.order_state(:'walk_order'), 'new_order, 1 history, ledger []', 'bad input changed nothing');

-- the transition table ---------------------------------------------------------------------------

select tests.act_as_owner();
select results_eq(
  $$select f || ' -> ' || t from unnest(enum_range(null::public.order_status)::text[]) with ordinality f (f, fi)
    cross join unnest(enum_range(null::public.order_status)::text[]) with ordinality t (t, ti)
    where private.order_transition_allowed(f::public.order_status, t::public.order_status) order by fi, ti$$,
  array['new_order -> ready_for_pickup', 'new_order -> cancelled',
        'ready_for_pickup -> new_order', 'ready_for_pickup -> out_for_delivery', 'ready_for_pickup -> cancelled',
        'out_for_delivery -> new_order', 'out_for_delivery -> ready_for_pickup', 'out_for_delivery -> delivered',
        'out_for_delivery -> cancelled',
        'delivered -> new_order', 'delivered -> ready_for_pickup', 'delivered -> out_for_delivery',
        'cancelled -> new_order'],
  'order_transition_allowed allows exactly the nine forward and back transitions of docs/product.md, cancelling before delivery and reopening (no same-status, no skip forward)');

-- every allowed transition through change_order_status, by an admin ------------------------------

select tests.authenticate_as('admin@test.local');
create temporary table walk (step integer primary key, to_status public.order_status not null) on commit drop;
insert into walk values
  (1, 'ready_for_pickup'), (2, 'new_order'), (3, 'ready_for_pickup'), (4, 'out_for_delivery'),
  (5, 'ready_for_pickup'), (6, 'out_for_delivery'), (7, 'new_order'), (8, 'ready_for_pickup'),
  (9, 'out_for_delivery'), (10, 'delivered'), (11, 'out_for_delivery'), (12, 'delivered'),
  (13, 'ready_for_pickup'), (14, 'out_for_delivery'), (15, 'delivered'), (16, 'new_order');
grant select on walk to authenticated;
select results_eq(tests.change_sql(:'walk_order', to_status::text, 'step ' || step), array[to_status::text],
  format('step %s: an admin moves the order %s to %s', step,
         coalesce(lag(to_status) over (order by step), 'new_order'), to_status))
  from walk order by step;

select results_eq(
  format($$select from_status, to_status, changed_by, note from public.order_status_history
           where order_id = %L order by id offset 1$$, :'walk_order'),
  format($$select lag(to_status, 1, null) over (order by step), to_status, %L::uuid, 'step ' || step
           from (select 0 as step, 'new_order' as to_status union all select * from walk) w order by step offset 1$$,
         tests.user_id('admin@test.local')),
  'each change added one history row: from, to, the admin, the note');
select results_eq(
  format($$select count(*) filter (where changed_by is null), count(*) from public.order_status_history where order_id = %L$$,
         :'walk_order'),
  $$values (1::bigint, 17::bigint)$$, 'the history holds the placement and the 16 changes');
select is(tests.order_state(:'walk_order'),
  'new_order, 17 history, ledger [delivery#1,delivery_reversal#1,delivery#2,delivery_reversal#2,delivery#3,delivery_reversal#3]',
  'three times into delivered and three times out: one delivery (numbered 1, 2, 3) and one reversal per crossing, in order');

-- the ledger postings, one step at a time ------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(tests.change_sql(:'ledger_order', 'ready_for_pickup'), array['ready_for_pickup'], 'new -> ready');
select results_eq(tests.change_sql(:'ledger_order', 'out_for_delivery'), array['out_for_delivery'], 'ready -> out');
select is(tests.order_state(:'ledger_order'), 'out_for_delivery, 3 history, ledger []',
  'moves that neither enter nor leave delivered post no ledger transaction');
select results_eq(tests.change_sql(:'ledger_order', 'delivered', 'Paid in cash'), array['delivered'], 'out -> delivered');
select is(tests.order_state(:'ledger_order'), 'delivered, 4 history, ledger [delivery#1]',
  'entering delivered posts exactly one delivery transaction');
select throws_ok(tests.change_sql(:'ledger_order', 'delivered'), '55000',
  'Cannot change an order from delivered to delivered', 'delivered -> delivered is refused (55000)');
select is(tests.order_state(:'ledger_order'), 'delivered, 4 history, ledger [delivery#1]',
  'a refused change posts nothing and adds no history');
select results_eq(tests.change_sql(:'ledger_order', 'ready_for_pickup', 'Customer not home'), array['ready_for_pickup'],
  'delivered -> ready (revert)');
select is(tests.order_state(:'ledger_order'), 'ready_for_pickup, 5 history, ledger [delivery#1,delivery_reversal#1]',
  'leaving delivered posts exactly one reversal of that delivery');
select results_eq(
  format($$select o.status, o.updated_at = now(), h.from_status, h.to_status, h.changed_by, h.note
           from public.orders o join lateral (select * from public.order_status_history
                                              where order_id = o.id order by id desc limit 1) h on true
           where o.id = %L$$, :'ledger_order'),
  format($$values ('ready_for_pickup'::public.order_status, true, 'delivered'::public.order_status, 'ready_for_pickup'::public.order_status, %L::uuid,
                   'Customer not home'::text)$$, tests.user_id('admin@test.local')),
  'the admin reads the order and its last history row: from delivered, to ready, by the admin, with the note');
select tests.authenticate_as('business@test.local');
select results_eq(
  format($$select to_status::text from public.order_status_history where order_id = %L order by id$$, :'ledger_order'),
  array['new_order', 'ready_for_pickup', 'out_for_delivery', 'delivered', 'ready_for_pickup'],
  'the order''s business reads its whole history');
select tests.authenticate_as('influencer@test.local');
select results_eq(format($$select status::text from public.orders where id = %L$$, :'ledger_order'),
  array['ready_for_pickup'], 'the order''s influencer sees the new status');
select is_empty(format($$select * from public.order_status_history where order_id = %L$$, :'ledger_order'),
  'the influencer reads no history of it');

-- a sample of refused transitions: 55000 naming the current status --------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.change_sql(:'refused_order', 'new_order'), '55000',
  'Cannot change an order from new_order to new_order', 'new -> new is refused (55000)');
select throws_ok(tests.change_sql(:'refused_order', 'out_for_delivery'), '55000',
  'Cannot change an order from new_order to out_for_delivery', 'new -> out (a skipped step) is refused (55000)');
select throws_ok(tests.change_sql(:'refused_order', 'delivered'), '55000',
  'Cannot change an order from new_order to delivered', 'new -> delivered is refused (55000)');
select results_eq(tests.change_sql(:'refused_order', 'ready_for_pickup'), array['ready_for_pickup'], 'new -> ready');
select throws_ok(tests.change_sql(:'refused_order', 'ready_for_pickup'), '55000',
  'Cannot change an order from ready_for_pickup to ready_for_pickup',
  'a second identical request is refused: it names the status the first one left');
select throws_ok(tests.change_sql(:'refused_order', 'delivered'), '55000',
  'Cannot change an order from ready_for_pickup to delivered', 'ready -> delivered (a skipped step) is refused (55000)');
select results_eq(tests.change_sql(:'refused_order', 'out_for_delivery'), array['out_for_delivery'], 'ready -> out');
select throws_ok(tests.change_sql(:'refused_order', 'out_for_delivery'), '55000',
  'Cannot change an order from out_for_delivery to out_for_delivery', 'out -> out is refused (55000)');
select is(tests.order_state(:'refused_order'), 'out_for_delivery, 3 history, ledger []',
  'refused transitions changed nothing: two applied changes, no ledger transaction');

-- the business and influencer still cannot, whatever the status -----------------------------------

select tests.authenticate_as('business@test.local');
select throws_ok(tests.change_sql(:'refused_order', 'delivered'), '42501',
  'Only admins can change order status', 'the business cannot mark its order delivered (42501)');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.change_sql(:'refused_order', 'delivered'), '42501',
  'Only admins can change order status', 'the influencer cannot mark the order delivered (42501)');
select is(tests.order_state(:'refused_order'), 'out_for_delivery, 3 history, ledger []',
  'still out for delivery, nothing posted');

select * from finish();
rollback;
