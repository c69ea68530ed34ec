-- The five ledger and payout tables per client role and command: a business or an influencer reads
-- only its own ledger account, the entries on it, the transactions touching it, its own payout
-- requests and what they cover; an approved admin (and the api function's service_role) reads
-- everything; a pending admin, a token without an account and anon read nothing (anon is refused
-- outright). Nobody writes any of these tables directly, not even their own rows: insert, update,
-- delete and truncate are refused (42501) for every client role; request_payout, complete_payouts
-- and the order status change write them.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(172);

-- fixtures --------------------------------------------------------------------------------------
-- Lamp: business's campaign, 2000 cents at 10%; Bag: other business's, 1000 cents at 20%.
-- Order A: influencer, 2 lamps (S 4000, C 400, G 3600, F 540); order B: other influencer, 1 bag
-- (S 1000, C 200, G 800, F 120). Both delivered. The influencer was paid its 400; the other business
-- has a pending request of 680 (gross 800, fee 120).

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Ledger Lamp', 2000, 0.10);
  perform tests.create_priced_campaign('other-business@test.local', 'PgTAP Ledger Bag', 1000, 0.20);
  perform tests.create_link('influencer@test.local', 'PgTAP Ledger Lamp', 'approved');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Ledger Bag', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  perform tests.set_bank_details('other-business@test.local');
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Ledger Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 2) as order_a \gset
select tests.create_order('other-influencer@test.local', 'PgTAP Ledger Bag', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_b \gset
select tests.deliver_order(:'order_a') as delivered_a, tests.deliver_order(:'order_b') as delivered_b \gset

select tests.authenticate_as('influencer@test.local') as acting \gset
select id as influencer_request from public.request_payout() \gset
select tests.authenticate_as('admin@test.local') as acting \gset
select count(*) as completed from public.complete_payouts(tests.user_id('influencer@test.local'), 'PGTAP-ABA-1') \gset
select tests.authenticate_as('other-business@test.local') as acting \gset
select id as other_business_request from public.request_payout() \gset
select tests.act_as_owner() as acting \gset

-- The fixture rows by id (other tests may have committed rows of their own, couriers' cash
-- accounts among them: this file makes none).
select array_agg(a.id)::text as fixture_accounts
  from public.ledger_accounts a left join public.users u on u.id = a.user_id
  where (a.user_id is null and a.kind <> 'courier_cash') or u.email like '%@test.local' \gset
select array_agg(t.id)::text as fixture_transactions
  from public.ledger_transactions t
  where t.order_id in (:'order_a', :'order_b') or t.payout_request_id = :'influencer_request' \gset
select array[:'influencer_request', :'other_business_request']::text as fixture_requests \gset
select a.id as influencer_account, e.id as influencer_entry
  from public.ledger_accounts a join public.ledger_entries e on e.account_id = a.id
  where a.user_id = tests.user_id('influencer@test.local') and e.line = 'commission' \gset
select id as delivery_a from public.ledger_transactions where order_id = :'order_a' and kind = 'delivery' \gset
select (select count(*) from public.ledger_accounts) || ',' || (select count(*) from public.ledger_transactions) || ','
       || (select count(*) from public.ledger_entries) || ',' || (select count(*) from public.payout_requests) || ','
       || (select count(*) from public.payout_request_entries) as row_counts \gset

-- Labels, read as the owner whatever the current role.
create function tests.transaction_label(p_transaction_id bigint) returns text
language sql stable security definer set search_path = ''
as $$
  select case t.kind when 'payout' then 'payout to ' || split_part(u.email, '@', 1)
                     else t.kind || ' of ' || o.product_name end
  from public.ledger_transactions t
  left join public.orders o on o.id = t.order_id
  left join public.payout_requests r on r.id = t.payout_request_id
  left join public.users u on u.id = r.user_id
  where t.id = p_transaction_id
$$;
create function tests.entry_label(p_entry_id bigint) returns text
language sql stable security definer set search_path = ''
as $$
  select tests.account_label(account_id) || ' ' || line || ' ' || amount_cents from public.ledger_entries where id = p_entry_id
$$;
create function tests.request_label(p_request_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select split_part(u.email, '@', 1) || ' ' || r.status || ' ' || r.amount_cents
  from public.payout_requests r join public.users u on u.id = r.user_id where r.id = p_request_id
$$;

-- What the current role sees of the fixture rows of each table (security invoker: RLS applies).
create function tests.visible_ledger(p_table text, p_accounts bigint[], p_transactions bigint[], p_requests uuid[])
returns text
language plpgsql
as $$
declare
  seen text;
begin
  case p_table
  when 'ledger_accounts' then
    select string_agg(tests.account_label(id), ', ' order by tests.account_label(id) collate "C") into seen
    from public.ledger_accounts where id = any (p_accounts);
  when 'ledger_transactions' then
    select string_agg(tests.transaction_label(id), ', ' order by tests.transaction_label(id) collate "C") into seen
    from public.ledger_transactions where id = any (p_transactions);
  when 'ledger_entries' then
    select string_agg(tests.entry_label(id), ', ' order by tests.entry_label(id) collate "C") into seen
    from public.ledger_entries where transaction_id = any (p_transactions);
  when 'payout_requests' then
    select string_agg(tests.request_label(id), ', ' order by tests.request_label(id) collate "C") into seen
    from public.payout_requests where id = any (p_requests);
  when 'payout_request_entries' then
    select string_agg(tests.entry_label(ledger_entry_id), ', ' order by tests.entry_label(ledger_entry_id) collate "C")
    into seen
    from public.payout_request_entries where payout_request_id = any (p_requests);
  end case;
  return coalesce(seen, '');
end
$$;

-- What each role is expected to see, table by table.
create temporary table expected_reads (reader text, tbl text, seen text, primary key (reader, tbl)) on commit drop;
insert into expected_reads values
  ('all', 'ledger_accounts', 'business, delivery_cash, delivery_fees, influencer, other-business, other-influencer, platform_fees'),
  ('all', 'ledger_transactions', 'delivery of PgTAP Ledger Bag, delivery of PgTAP Ledger Lamp, payout to influencer'),
  ('all', 'ledger_entries',
   'business gross 3600, business platform_fee -540, delivery_cash cash_collected -1000, '
   'delivery_cash cash_collected -4000, delivery_cash payout 400, influencer commission 400, '
   'influencer payout -400, other-business gross 800, other-business platform_fee -120, '
   'other-influencer commission 200, platform_fees platform_fee 120, platform_fees platform_fee 540'),
  ('all', 'payout_requests', 'influencer completed 400, other-business pending 680'),
  ('all', 'payout_request_entries',
   'influencer commission 400, other-business gross 800, other-business platform_fee -120'),
  ('influencer', 'ledger_accounts', 'influencer'),
  ('influencer', 'ledger_transactions', 'delivery of PgTAP Ledger Lamp, payout to influencer'),
  ('influencer', 'ledger_entries', 'influencer commission 400, influencer payout -400'),
  ('influencer', 'payout_requests', 'influencer completed 400'),
  ('influencer', 'payout_request_entries', 'influencer commission 400'),
  ('business', 'ledger_accounts', 'business'),
  ('business', 'ledger_transactions', 'delivery of PgTAP Ledger Lamp'),
  ('business', 'ledger_entries', 'business gross 3600, business platform_fee -540'),
  ('business', 'payout_requests', ''),
  ('business', 'payout_request_entries', ''),
  ('other-business', 'ledger_accounts', 'other-business'),
  ('other-business', 'ledger_transactions', 'delivery of PgTAP Ledger Bag'),
  ('other-business', 'ledger_entries', 'other-business gross 800, other-business platform_fee -120'),
  ('other-business', 'payout_requests', 'other-business pending 680'),
  ('other-business', 'payout_request_entries', 'other-business gross 800, other-business platform_fee -120'),
  ('other-influencer', 'ledger_accounts', 'other-influencer'),
  ('other-influencer', 'ledger_transactions', 'delivery of PgTAP Ledger Bag'),
  ('other-influencer', 'ledger_entries', 'other-influencer commission 200'),
  ('other-influencer', 'payout_requests', ''),
  ('other-influencer', 'payout_request_entries', ''),
  ('nobody', 'ledger_accounts', ''),
  ('nobody', 'ledger_transactions', ''),
  ('nobody', 'ledger_entries', ''),
  ('nobody', 'payout_requests', ''),
  ('nobody', 'payout_request_entries', '');
grant select on expected_reads to anon, authenticated, service_role;

-- Every direct write a client might try, aimed at the influencer's own rows where it can be.
create function tests.ledger_write_statements(
  p_account bigint, p_transaction bigint, p_entry bigint, p_request uuid, p_order uuid
) returns table (label text, statement text)
language sql
as $$
  values
    ('insert into ledger_accounts',
     format($q$insert into public.ledger_accounts (kind, user_id) values ('business', %L)$q$,
            tests.user_id('pending-admin@test.local'))),
    ('update ledger_accounts', format($q$update public.ledger_accounts set user_id = null where id = %s$q$, p_account)),
    ('delete from ledger_accounts', format($q$delete from public.ledger_accounts where id = %s$q$, p_account)),
    ('truncate ledger_accounts', 'truncate public.ledger_accounts cascade'),
    ('insert into ledger_transactions',
     format($q$insert into public.ledger_transactions (kind, order_id, delivery_number) values ('delivery', %L, 9)$q$, p_order)),
    ('update ledger_transactions',
     format($q$update public.ledger_transactions set delivery_number = 9 where id = %s$q$, p_transaction)),
    ('delete from ledger_transactions', format($q$delete from public.ledger_transactions where id = %s$q$, p_transaction)),
    ('truncate ledger_transactions', 'truncate public.ledger_transactions cascade'),
    ('insert into ledger_entries',
     format($q$insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
               values (%s, %s, 'commission', 100000)$q$, p_transaction, p_account)),
    ('update ledger_entries', format($q$update public.ledger_entries set amount_cents = 100000 where id = %s$q$, p_entry)),
    ('delete from ledger_entries', format($q$delete from public.ledger_entries where id = %s$q$, p_entry)),
    ('truncate ledger_entries', 'truncate public.ledger_entries cascade'),
    ('insert into payout_requests',
     format($q$insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents)
               values (%L, 100000, 100000, 0)$q$, tests.user_id('influencer@test.local'))),
    ('update payout_requests',
     format($q$update public.payout_requests set status = 'pending', amount_cents = 100000, gross_cents = 100000
               where id = %L$q$, p_request)),
    ('delete from payout_requests', format($q$delete from public.payout_requests where id = %L$q$, p_request)),
    ('truncate payout_requests', 'truncate public.payout_requests cascade'),
    ('insert into payout_request_entries',
     format($q$insert into public.payout_request_entries (ledger_entry_id, payout_request_id)
               select id, %L from public.ledger_entries where account_id = %s and line = 'payout'$q$, p_request, p_account)),
    ('update payout_request_entries',
     format($q$update public.payout_request_entries set payout_request_id = %L where ledger_entry_id = %s$q$,
            p_request, p_entry)),
    ('delete from payout_request_entries',
     format($q$delete from public.payout_request_entries where ledger_entry_id = %s$q$, p_entry)),
    ('truncate payout_request_entries', 'truncate public.payout_request_entries')
$$;
grant execute on function tests.transaction_label(bigint), tests.entry_label(bigint), tests.request_label(uuid),
  tests.visible_ledger(text, bigint[], bigint[], uuid[]),
  tests.ledger_write_statements(bigint, bigint, bigint, uuid, uuid) to anon, authenticated, service_role;

-- anon: nothing at all ---------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok('select * from public.' || t, '42501', 'permission denied for table ' || t, 'anon cannot read ' || t)
  from unnest(array['ledger_accounts', 'ledger_transactions', 'ledger_entries', 'payout_requests',
                    'payout_request_entries']) t;
select throws_ok(statement, '42501', null, 'anon cannot ' || label)
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

-- influencer: its own account, entries, requests; the transactions touching it -------------------

select tests.authenticate_as('influencer@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('an influencer reads %s: %s', tbl, coalesce(nullif(seen, ''), 'nothing')))
  from expected_reads where reader = 'influencer' order by tbl;
select throws_ok(statement, '42501', null, 'an influencer cannot ' || label || ' (not even its own rows)')
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

select tests.authenticate_as('other-influencer@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('another influencer reads %s: %s', tbl, coalesce(nullif(seen, ''), 'nothing')))
  from expected_reads where reader = 'other-influencer' order by tbl;

-- business: its own account and entries, the deliveries of its orders ----------------------------

select tests.authenticate_as('business@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('a business reads %s: %s', tbl, coalesce(nullif(seen, ''), 'nothing')))
  from expected_reads where reader = 'business' order by tbl;
select throws_ok(statement, '42501', null, 'a business cannot ' || label)
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

select tests.authenticate_as('other-business@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('another business reads %s: %s', tbl, coalesce(nullif(seen, ''), 'nothing')))
  from expected_reads where reader = 'other-business' order by tbl;

-- a pending admin and a token without an account: nothing ----------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('a pending admin reads nothing of %s', tbl))
  from expected_reads where reader = 'nobody' order by tbl;
select throws_ok(statement, '42501', null, 'a pending admin cannot ' || label)
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

select tests.authenticate_as_id(gen_random_uuid());
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('a token whose sub has no account reads nothing of %s', tbl))
  from expected_reads where reader = 'nobody' order by tbl;

-- approved admin: everything, still no direct write ------------------------------------------------

select tests.authenticate_as('admin@test.local');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('an admin reads every row of %s', tbl))
  from expected_reads where reader = 'all' order by tbl;
select is((select count(*) from public.ledger_accounts) || ',' || (select count(*) from public.ledger_transactions) || ','
          || (select count(*) from public.ledger_entries) || ',' || (select count(*) from public.payout_requests) || ','
          || (select count(*) from public.payout_request_entries),
  :'row_counts', 'an admin reads as many rows of the five tables as the owner, not only the fixtures');
select throws_ok(statement, '42501', null, 'an admin cannot ' || label)
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

-- service_role: the api function reads everything, writes nothing directly --------------------------

select tests.act_as_service_role();
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('service_role reads every row of %s', tbl))
  from expected_reads where reader = 'all' order by tbl;
select throws_ok(statement, '42501', null, 'service_role cannot ' || label || ' (it uses the functions)')
  from tests.ledger_write_statements(:influencer_account, :delivery_a, :influencer_entry, :'influencer_request', :'order_a');

-- nothing changed --------------------------------------------------------------------------------

select tests.act_as_owner();
select is((select count(*) from public.ledger_accounts) || ',' || (select count(*) from public.ledger_transactions) || ','
          || (select count(*) from public.ledger_entries) || ',' || (select count(*) from public.payout_requests) || ','
          || (select count(*) from public.payout_request_entries),
  :'row_counts', 'no refused statement added or removed a row of the five tables');
select is(tests.visible_ledger(tbl, :'fixture_accounts', :'fixture_transactions', :'fixture_requests'), seen,
  format('the fixture rows of %s are unchanged', tbl))
  from expected_reads where reader = 'all' order by tbl;

select * from finish();
rollback;
