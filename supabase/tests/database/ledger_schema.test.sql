-- Structure of the earnings ledger and payouts (docs/money.md): the five tables with row-level
-- security, comments, read-only policies and privileges; the append-only and balance triggers; the
-- function privileges (the posting functions are granted to nobody, request_payout and
-- complete_payouts to authenticated only); and the money rules of an order, the generated columns
-- of public.orders, to the cent with half-up rounding.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(96);

-- tables, row-level security, comments -----------------------------------------------------------

select has_table('public', t, 'public.' || t || ' exists')
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select ok((select relrowsecurity from pg_class where oid = ('public.' || t)::regclass),
  'row level security is enabled on public.' || t)
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select isnt(obj_description(('public.' || t)::regclass, 'pg_class'), null, 'public.' || t || ' has a comment')
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select hasnt_table('private', 'ledger_hook_calls', 'the placeholder private.ledger_hook_calls is dropped');

-- policies: read only, to authenticated, one per reader ------------------------------------------

select policies_are('public', 'ledger_accounts',
  array['Users can read their own ledger account', 'Admins can read every ledger account'],
  'ledger_accounts has exactly the two read policies');
select policies_are('public', 'ledger_transactions',
  array['Users can read ledger transactions touching their account', 'Admins can read every ledger transaction'],
  'ledger_transactions has exactly the two read policies');
select policies_are('public', 'ledger_entries',
  array['Users can read entries on their own ledger account', 'Admins can read every ledger entry'],
  'ledger_entries has exactly the two read policies');
select policies_are('public', 'payout_requests',
  array['Users can read their own payout requests', 'Admins can read every payout request'],
  'payout_requests has exactly the two read policies');
select policies_are('public', 'payout_request_entries',
  array['Users can read what their payout requests cover', 'Admins can read what every payout request covers'],
  'payout_request_entries has exactly the two read policies');
select is_empty(
  $$select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public'
      and tablename in ('ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                        'payout_request_entries')
      and (cmd <> 'SELECT' or roles <> array['authenticated']::name[])$$,
  'every ledger and payout policy is for select, to authenticated only (nobody writes through RLS)');

-- table privileges: authenticated and service_role read, nobody writes -----------------------------

select table_privs_are('public', t, 'anon', array[]::text[], 'anon holds no privilege on public.' || t)
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  'authenticated holds only SELECT on public.' || t)
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select table_privs_are('public', t, 'service_role', array['SELECT'],
  'service_role holds only SELECT on public.' || t || ' (it writes through the functions)')
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;

-- keys and indexes that carry the money rules ------------------------------------------------------

select index_is_unique('public', 'payout_requests', 'payout_requests_one_pending_key',
  'one pending payout request per user is a unique index');
select is((select pg_get_expr(indpred, indrelid) from pg_index
           where indexrelid = 'public.payout_requests_one_pending_key'::regclass),
  '(status = ''pending''::payout_status)', 'the one-pending index covers pending requests only');
select index_is_unique('public', 'ledger_transactions', 'ledger_transactions_order_key',
  'each delivery number of an order is posted and reversed at most once (unique index)');
select col_is_unique('public', 'ledger_transactions', 'reverses_transaction_id',
  'a delivery is reversed at most once');
select col_is_unique('public', 'ledger_transactions', 'payout_request_id',
  'a payout request is paid by one transaction at most');
select col_is_pk('public', 'payout_request_entries', 'ledger_entry_id',
  'a ledger entry is covered by one payout request at most');
select results_eq(
  $$select kind, count(*) from public.ledger_accounts where user_id is null and courier_id is null
    group by kind order by kind::text$$,
  $$values ('delivery_cash'::public.ledger_account_kind, 1::bigint), ('delivery_fees'::public.ledger_account_kind, 1::bigint),
           ('platform_fees'::public.ledger_account_kind, 1::bigint)$$,
  'the platform has exactly one delivery_cash, one delivery_fees and one platform_fees account');

-- triggers -----------------------------------------------------------------------------------------

select has_trigger('public', tbl, tbl || '_append_only', 'public.' || tbl || ' has the append-only row trigger')
  from unnest(array['ledger_entries', 'ledger_transactions', 'payout_reference_corrections']) tbl;
select has_trigger('public', 'payout_request_entries', 'payout_request_entries_guard',
  'public.payout_request_entries has the guard trigger (rows are deleted only to release them)');
select has_trigger('public', tbl, tbl || '_no_truncate', 'public.' || tbl || ' has the no-truncate trigger')
  from unnest(array['ledger_entries', 'ledger_transactions', 'payout_request_entries', 'payout_reference_corrections']) tbl;
select has_trigger('public', 'payout_requests', 'payout_requests_guard',
  'public.payout_requests has the guard trigger');
select results_eq(
  $$select tgconstraint <> 0, tgdeferrable, tginitdeferred from pg_trigger
    where tgrelid = 'public.ledger_entries'::regclass and tgname = 'ledger_entries_balanced'$$,
  $$values (true, true, true)$$,
  'the balance check is a constraint trigger, deferrable and initially deferred (checked at commit)');

-- realtime -----------------------------------------------------------------------------------------

select ok(not exists (select from pg_publication_tables
                  where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'payout_requests'),
  'public.payout_requests is not in the supabase_realtime publication (its changes go out as live events)');

-- function privileges ------------------------------------------------------------------------------

select is_empty(
  $$select r.rolname || ' ' || p.oid::regprocedure::text
    from pg_proc p cross join (values ('public'), ('anon'), ('authenticated'), ('service_role')) r (rolname)
    where p.oid in ('private.ledger_account_id(public.ledger_account_kind, uuid)'::regprocedure,
                    'private.post_delivery(uuid)'::regprocedure,
                    'private.reverse_delivery(uuid)'::regprocedure,
                    'private.refuse_ledger_change()'::regprocedure,
                    'private.check_ledger_transaction_balanced()'::regprocedure,
                    'private.guard_payout_request_change()'::regprocedure)
      and has_function_privilege(r.rolname, p.oid, 'execute')$$,
  'no client role (nor PUBLIC) can execute the private ledger functions');
select is(has_function_privilege(r, f, 'execute'), r = 'authenticated',
  format('%s %s execute %s', r, case when r = 'authenticated' then 'can' else 'cannot' end, f))
  from unnest(array['public.request_payout()', 'public.complete_payouts(uuid, text)']) f
  cross join unnest(array['public', 'anon', 'authenticated', 'service_role']) r;
select is_definer('public', 'request_payout', array[]::name[], 'request_payout is security definer');
select is_definer('public', 'complete_payouts', array['uuid', 'text'], 'complete_payouts is security definer');
select function_returns('public', 'complete_payouts', array['uuid', 'text'], 'payout_requests',
  'complete_payouts answers the one request it completed (a user has one pending at most), not a set');
select isnt(
  (select proretset from pg_proc where oid = 'public.complete_payouts(uuid, text)'::regprocedure), true,
  'complete_payouts returns a single row');
select is_definer('private', f, array['uuid'], 'private.' || f || ' is security definer')
  from unnest(array['post_delivery', 'reverse_delivery']) f;
select is_definer('private', 'ledger_account_id', array['ledger_account_kind', 'uuid'], 'private.ledger_account_id is security definer');

-- the money columns of public.orders ---------------------------------------------------------------

select results_eq(
  $$select attname::text collate "default", attgenerated::text from pg_attribute
    where attrelid = 'public.orders'::regclass
      and attname in ('commission_cents', 'business_gross_cents', 'platform_fee_cents', 'business_net_cents')
    order by attnum$$,
  $$values ('commission_cents', 's'), ('business_gross_cents', 's'), ('platform_fee_cents', 's'),
           ('business_net_cents', 's')$$,
  'the four money columns of public.orders are stored generated columns');
select col_type_is('public', 'orders', c, 'bigint', 'public.orders.' || c || ' is bigint cents')
  from unnest(array['commission_cents', 'business_gross_cents', 'platform_fee_cents', 'business_net_cents']) c;
select isnt(col_description('public.orders'::regclass,
                            (select attnum from pg_attribute where attrelid = 'public.orders'::regclass and attname = c)),
  null, 'public.orders.' || c || ' has a comment')
  from unnest(array['commission_cents', 'business_gross_cents', 'platform_fee_cents', 'business_net_cents']) c;

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 125);
end
$$;

-- Price, quantity and rate of each case, and the expected S, C, G, F and N in cents. Half-up
-- cases are chosen where banker's rounding or floating point would give another cent.
create temporary table money_cases (
  n integer primary key, price bigint, quantity integer, rate numeric(6, 4),
  sale bigint, commission bigint, gross bigint, fee bigint, net bigint, why text
) on commit drop;
insert into money_cases values
  (1, 2000, 2, 0.10, 4000, 400, 3600, 540, 3060, '$20.00 x 2 at 10% (docs/money.md)'),
  (2, 1999, 1, 0.333, 1999, 666, 1333, 200, 1133, 'C 665.667 up, F 199.95 up'),
  (3, 1500, 1, 0.333, 1500, 500, 1000, 150, 850, 'C exactly 499.5 rounds up'),
  (4, 1234, 3, 0.07, 3702, 259, 3443, 516, 2927, 'C 259.14 down, F 516.45 down'),
  (5, 2500, 1, 0.15, 2500, 375, 2125, 319, 1806, 'F 318.75 up'),
  (6, 5, 1, 0.10, 5, 1, 4, 1, 3, 'C exactly 0.5 rounds up (banker''s would give 0)'),
  (7, 25, 1, 0.10, 25, 3, 22, 3, 19, 'C exactly 2.5 rounds up (banker''s would give 2)'),
  (8, 33, 1, 0.10, 33, 3, 30, 5, 25, 'F exactly 4.5 rounds up (banker''s would give 4)'),
  (9, 11, 1, 0.10, 11, 1, 10, 2, 8, 'F exactly 1.5 rounds up'),
  (10, 100, 1, 0.5, 100, 50, 50, 8, 42, 'F exactly 7.5 rounds up'),
  (11, 1, 1, 0.10, 1, 0, 1, 0, 1, 'a 1-cent sale: no commission, no fee'),
  (12, 1, 1, 0.9999, 1, 1, 0, 0, 0, 'a 1-cent sale at 99.99%: all commission'),
  (13, 3333, 3, 0.15, 9999, 1500, 8499, 1275, 7224, 'C 1499.85 up, F 1274.85 up'),
  (14, 99999999, 10, 0.3333, 999999990, 333299997, 666699993, 100004999, 566694994, 'large amounts stay exact');
alter table money_cases add column order_id uuid;

do $$
declare
  c record;
begin
  for c in select * from money_cases order by n loop
    perform tests.create_priced_campaign('business@test.local', 'PgTAP Money ' || c.n, c.price, c.rate);
    perform tests.create_link('influencer@test.local', 'PgTAP Money ' || c.n, 'approved');
    update money_cases
    set order_id = tests.create_order('influencer@test.local', 'PgTAP Money ' || c.n, 'PgTAP Khan', 'PgTAP Sangkat',
                                      c.quantity)
    where n = c.n;
  end loop;
end
$$;

select results_eq(
  format($$select subtotal_cents, commission_cents, business_gross_cents, platform_fee_cents, business_net_cents
           from public.orders where id = %L$$, order_id),
  format('values (%s::bigint, %s::bigint, %s::bigint, %s::bigint, %s::bigint)', sale, commission, gross, fee, net),
  format('%s x %s at %s: S %s, C %s, G %s, F %s, N %s (%s)', price, quantity, rate, sale, commission, gross, fee, net, why))
  from money_cases order by n;
select is_empty(
  $$select id from public.orders
    where commission_cents + business_gross_cents <> subtotal_cents
       or platform_fee_cents + business_net_cents <> business_gross_cents
       or total_cents <> subtotal_cents + delivery_fee_cents$$,
  'on every order C + G = S, F + N = G, and the delivery fee stays out of the split');
select throws_ok(
  format($$update public.orders set commission_cents = 0 where id = %L$$, (select order_id from money_cases where n = 1)),
  '428C9', null, 'even the owner cannot write a money column: it is generated');

select * from finish();
rollback;
