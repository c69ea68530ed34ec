-- public.request_payout() and public.complete_payouts() (docs/money.md): a business or an
-- influencer with bank details requests everything available (> 0), one pending request at a time;
-- the request covers exactly the ledger entries no request covered yet, and its amount is their sum
-- (gross and fee shown for a business). An approved admin completes all of a user's pending requests
-- with a trimmed, non-empty ABA reference, which posts one balanced payout transaction; a repeat
-- finds nothing pending and never pays twice. A reversal after a payout leaves the user owing, and
-- later earnings net it off. A request only ever goes from pending to completed (guard trigger).
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(78);

-- fixtures --------------------------------------------------------------------------------------
-- Lamp: business's campaign, 2000 cents at 10%. One lamp: S 2000, C 200, G 1800, F 270, N 1530.

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('broke-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('tiny-business@test.local', 'business', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Payout Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Payout Lamp', 'approved');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Payout Lamp', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.set_bank_details('broke-influencer@test.local');
  perform tests.set_bank_details('other-influencer@test.local');
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Payout Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 2) as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Payout Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 1) as order_b \gset
select tests.create_order('influencer@test.local', 'PgTAP Payout Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 3) as order_c \gset
select tests.create_order('other-influencer@test.local', 'PgTAP Payout Lamp', 'PgTAP Khan', 'PgTAP Sangkat', 4) as order_d \gset
select tests.deliver_order(:'order_a') as delivered \gset

-- A payout request call as the api function makes it with the caller's token.
create function tests.request_sql() returns text
language sql
as $$
  select 'select user_id, status, amount_cents, gross_cents, fee_cents, requested_at = now(), completed_at, completed_by,
                 aba_reference from public.request_payout()'
$$;
-- A completion call as the api function makes it.
create function tests.complete_sql(p_user_email text, p_reference text) returns text
language sql
as $$
  select format('select user_id, status, amount_cents, aba_reference, completed_by, completed_at = now()
                 from public.complete_payouts(%L, %L)', tests.user_id(p_user_email), p_reference)
$$;
-- The fixture user's requests, completed ones first, larger amounts first (every request of a test
-- has the same requested_at, the transaction's now()): 'completed 400, pending 200'. Read as the owner.
create function tests.requests_of(p_email text) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(string_agg(status || ' ' || amount_cents, ', ' order by status::text, amount_cents desc), '')
  from public.payout_requests where user_id = tests.user_id(p_email)
$$;
-- The entries a request covers, in posting order: 'influencer commission 400 (delivery#1 of 2)'
-- (the order is told by its quantity). Read as the owner.
create function tests.covered_by(p_request_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(string_agg(format('%s %s %s (%s#%s of %s)', tests.account_label(e.account_id), e.line, e.amount_cents,
                                    t.kind, t.delivery_number, o.quantity), ', ' order by e.id), '')
  from public.payout_request_entries c
  join public.ledger_entries e on e.id = c.ledger_entry_id
  join public.ledger_transactions t on t.id = e.transaction_id
  left join public.orders o on o.id = t.order_id
  where c.payout_request_id = p_request_id
$$;
-- The payout transactions of a request: 'payout by <admin>[delivery_cash payout 400, influencer payout -400]'.
create function tests.payout_ledger(p_request_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(string_agg(format('payout by %s[%s]', split_part(u.email, '@', 1), (
    select string_agg(tests.account_label(e.account_id) || ' ' || e.line || ' ' || e.amount_cents, ', '
                      order by tests.account_label(e.account_id) collate "C")
    from public.ledger_entries e where e.transaction_id = t.id)), '; ' order by t.id), '')
  from public.ledger_transactions t left join public.users u on u.id = t.created_by
  where t.payout_request_id = p_request_id and t.kind = 'payout'
$$;
-- The id of a fixture user's request in a given status (the newest).
create function tests.request_id(p_email text, p_status public.payout_status) returns uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.payout_requests where user_id = tests.user_id(p_email) and status = p_status
  order by requested_at desc, id desc limit 1
$$;
grant execute on function tests.request_sql(), tests.complete_sql(text, text), tests.requests_of(text),
  tests.covered_by(uuid), tests.payout_ledger(uuid), tests.request_id(text, public.payout_status) to anon, authenticated, service_role;

-- who may request ------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok('select public.request_payout()', '42501', 'permission denied for function request_payout',
  'anon cannot request a payout');
select tests.authenticate_as('admin@test.local');
select throws_ok('select public.request_payout()', '42501', 'Only businesses and influencers can request payouts',
  'an admin cannot request a payout (42501)');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok('select public.request_payout()', '42501', 'Only businesses and influencers can request payouts',
  'a pending admin cannot request a payout (42501)');
select tests.authenticate_as_id(gen_random_uuid());
select throws_ok('select public.request_payout()', '42501', 'Only businesses and influencers can request payouts',
  'a token whose sub has no account cannot request a payout (42501)');
select tests.act_as_service_role();
select throws_ok('select public.request_payout()', '42501', null,
  'service_role without a user token cannot request a payout (42501)');

-- bank details, then a positive balance, are required -------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '22023',
  'Please complete your bank account information in your profile before requesting a payout.',
  'an influencer with earnings but no bank details is refused (22023)');
select tests.act_as_owner();
select tests.set_bank_details('influencer@test.local', 'ABA Bank', null, null);
select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '22023',
  'Please complete your bank account information in your profile before requesting a payout.',
  'a bank name alone is not enough (22023)');
select tests.act_as_owner();
select tests.set_bank_details('influencer@test.local', 'ABA Bank', 'PgTAP Holder', '   ');
select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '22023',
  'Please complete your bank account information in your profile before requesting a payout.',
  'a blank account number is not enough (22023)');
select tests.act_as_owner();
select tests.set_bank_details('influencer@test.local', '', 'PgTAP Holder', '000123456');
select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '22023',
  'Please complete your bank account information in your profile before requesting a payout.',
  'an empty bank name is not enough (22023)');
select is(tests.requests_of('influencer@test.local'), '', 'the refused requests created nothing');

select tests.authenticate_as('broke-influencer@test.local');
select throws_ok('select public.request_payout()', '55000', 'You have no available balance to request a payout.',
  'an influencer with bank details but no earnings is refused (55000)');
select tests.act_as_owner();
select tests.deliver_order(:'order_d');
select tests.move_order(:'order_d', 'out_for_delivery');
select tests.authenticate_as('other-influencer@test.local');
select throws_ok('select public.request_payout()', '55000', 'You have no available balance to request a payout.',
  'an influencer whose only delivery was reversed has nothing available (55000)');
select is(tests.requests_of('other-influencer@test.local') || '|' || tests.requests_of('broke-influencer@test.local'), '|',
  'nothing was requested');

-- an influencer's request --------------------------------------------------------------------------------

select tests.act_as_owner();
select tests.set_bank_details('influencer@test.local');
select is(tests.available_for_payout('influencer@test.local'), 400::bigint,
  'precondition: the influencer has earned C = 400 on order A (2 lamps)');
select tests.authenticate_as('influencer@test.local');
select results_eq(tests.request_sql(),
  format($$values (%L::uuid, 'pending'::public.payout_status, 400::bigint, 400::bigint, 0::bigint, true, null::timestamptz, null::uuid, null::text)$$,
         tests.user_id('influencer@test.local')),
  'an influencer requests everything available: 400, pending, gross 400, no fee');
select is(tests.covered_by(tests.request_id('influencer@test.local', 'pending')),
  'influencer commission 400 (delivery#1 of 2)', 'the request covers exactly the commission entry of order A');
select is(tests.available_for_payout('influencer@test.local'), 0::bigint, 'nothing is available while it is requested');
select throws_ok('select public.request_payout()', '55000', 'You already have a pending payout request.',
  'a second request while one is pending is refused (55000)');
select tests.act_as_owner();
select tests.deliver_order(:'order_b');
select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '55000', 'You already have a pending payout request.',
  'new earnings do not allow a second pending request');
select is(tests.requests_of('influencer@test.local'), 'pending 400', 'the influencer has its one pending request');
select is(tests.available_for_payout('influencer@test.local'), 200::bigint,
  'order B''s commission (200) is available, not in the pending request');

-- a business's request: gross, fee and net ----------------------------------------------------------------

select tests.act_as_owner();
select tests.set_bank_details('business@test.local');
select tests.authenticate_as('business@test.local');
select results_eq(tests.request_sql(),
  format($$values (%L::uuid, 'pending'::public.payout_status, 4590::bigint, 5400::bigint, 810::bigint, true, null::timestamptz, null::uuid, null::text)$$,
         tests.user_id('business@test.local')),
  'a business requests its net: orders A and B, gross 3600 + 1800, fee 540 + 270, amount 4590');
select is(tests.covered_by(tests.request_id('business@test.local', 'pending')),
  'business gross 3600 (delivery#1 of 2), business platform_fee -540 (delivery#1 of 2), '
  'business gross 7200 (delivery#1 of 4), business platform_fee -1080 (delivery#1 of 4), '
  'business gross -7200 (delivery_reversal#1 of 4), business platform_fee 1080 (delivery_reversal#1 of 4), '
  'business gross 1800 (delivery#1 of 1), business platform_fee -270 (delivery#1 of 1)',
  'the business''s request covers the gross and fee entries of orders A and B, and order D''s delivery and reversal');

-- who may complete -----------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-1'), '42501',
  'permission denied for function complete_payouts', 'anon cannot complete payouts');
select tests.authenticate_as('business@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-1'), '42501', 'Only admins can complete payouts',
  'a business cannot complete payouts (42501)');
select throws_ok(tests.complete_sql('business@test.local', 'ABA-1'), '42501', 'Only admins can complete payouts',
  'a business cannot complete its own payout (42501)');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-1'), '42501', 'Only admins can complete payouts',
  'an influencer cannot complete its own payout (42501)');
select tests.authenticate_as('pending-admin@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-1'), '42501', 'Only admins can complete payouts',
  'a pending admin cannot complete payouts (42501)');
select tests.act_as_service_role();
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-1'), '42501', null,
  'service_role without an admin token cannot complete payouts (42501)');

-- the ABA reference and the user ----------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', null), '22023',
  'ABA reference number is required to complete payout.', 'a missing reference is refused (22023)');
select throws_ok(tests.complete_sql('influencer@test.local', ''), '22023',
  'ABA reference number is required to complete payout.', 'an empty reference is refused (22023)');
select throws_ok(tests.complete_sql('influencer@test.local', '   '), '22023',
  'ABA reference number is required to complete payout.', 'a reference of spaces is refused (22023)');
select throws_ok(tests.complete_sql('influencer@test.local', repeat('7', 65)), '23514',
  'new row for relation "payout_requests" violates check constraint "payout_requests_aba_reference_check"',
  'a reference over 64 characters is refused by payout_requests_aba_reference_check (23514)');
select throws_ok(format($$select public.complete_payouts(%L, 'ABA-1')$$, gen_random_uuid()), 'P0002', 'User not found',
  'an unknown user is refused (P0002)');
select throws_ok(tests.complete_sql('broke-influencer@test.local', 'ABA-1'), '55000',
  'There is no pending payout request for this user.', 'a user without a pending request is refused (55000)');
select is(tests.requests_of('influencer@test.local') || '; ' || tests.requests_of('business@test.local'),
  'pending 400; pending 4590', 'the refused completions completed nothing');
select is(tests.payout_ledger(tests.request_id('influencer@test.local', 'pending')), '',
  'and posted no payout');

-- completion ---------------------------------------------------------------------------------------------------

select results_eq(tests.complete_sql('influencer@test.local', '  ABA-2026-0001  '),
  format($$values (%L::uuid, 'completed'::public.payout_status, 400::bigint, 'ABA-2026-0001'::text, %L::uuid, true)$$,
         tests.user_id('influencer@test.local'), tests.user_id('admin@test.local')),
  'an admin completes the influencer''s pending request: the reference trimmed, the admin and the time recorded');
select tests.act_as_owner();
select tests.request_id('influencer@test.local', 'completed') as first_request \gset
select results_eq(
  format($$select status, aba_reference, completed_by, completed_at = now(), amount_cents from public.payout_requests where id = %L$$,
         :'first_request'),
  format($$values ('completed'::public.payout_status, 'ABA-2026-0001'::text, %L::uuid, true, 400::bigint)$$, tests.user_id('admin@test.local')),
  'the stored request is completed with the trimmed reference');
select is(tests.payout_ledger(:'first_request'), 'payout by admin[delivery_cash payout 400, influencer payout -400]',
  'completion posts one balanced payout transaction: the influencer -400, delivery_cash +400, by the admin');
select is(tests.requests_of('business@test.local'), 'pending 4590', 'another user''s pending request is untouched');
select is(tests.ledger_balance('influencer@test.local') || ' / ' || tests.available_for_payout('influencer@test.local'),
  '200 / 200', 'after the payout the influencer''s balance and available amount are order B''s 200');
select tests.authenticate_as('admin@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', 'ABA-2026-0001'), '55000',
  'There is no pending payout request for this user.', 'a repeated completion finds nothing pending (55000)');
select is(tests.payout_ledger(:'first_request'), 'payout by admin[delivery_cash payout 400, influencer payout -400]',
  'the repeat paid nothing more');
select results_eq(tests.complete_sql('business@test.local', 'ABA-2026-0002'),
  format($$values (%L::uuid, 'completed'::public.payout_status, 4590::bigint, 'ABA-2026-0002'::text, %L::uuid, true)$$,
         tests.user_id('business@test.local'), tests.user_id('admin@test.local')),
  'an admin completes the business''s request');
select is(tests.payout_ledger(tests.request_id('business@test.local', 'completed')),
  'payout by admin[business payout -4590, delivery_cash payout 4590]', 'the business is paid its net, 4590');

-- the next request covers only what came after ----------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select results_eq('select amount_cents, gross_cents, fee_cents from public.request_payout()',
  $$values (200::bigint, 200::bigint, 0::bigint)$$, 'the next request is order B''s 200 only');
select is(tests.covered_by(tests.request_id('influencer@test.local', 'pending')),
  'influencer commission 200 (delivery#1 of 1)', 'it covers order B''s commission, neither order A''s nor the payout');
select tests.authenticate_as('admin@test.local');
select results_eq(
  format($$select count(*) from public.complete_payouts(%L, 'ABA-2026-0003')$$, tests.user_id('influencer@test.local')),
  array[1::bigint], 'an admin completes it');
select is(tests.requests_of('influencer@test.local'), 'completed 400, completed 200', 'the influencer''s history: two payouts');
select is(tests.ledger_balance('influencer@test.local'), 0::bigint, 'the influencer has been paid everything');

-- a reversal after the payout: owed, then netted off ------------------------------------------------------------

select tests.act_as_owner();
select tests.move_order(:'order_a', 'out_for_delivery');
select is(tests.available_for_payout('influencer@test.local'), -400::bigint,
  'order A reverted after it was paid: the influencer owes its 400');
select is(tests.ledger_balance('influencer@test.local'), -400::bigint, 'its ledger balance is -400');
select is(tests.available_for_payout('business@test.local'), -3060::bigint, 'the business owes order A''s net, 3060');
select tests.authenticate_as('influencer@test.local');
select throws_ok('select public.request_payout()', '55000', 'You have no available balance to request a payout.',
  'while owing, the influencer cannot request (55000)');
select tests.authenticate_as('business@test.local');
select throws_ok('select public.request_payout()', '55000', 'You have no available balance to request a payout.',
  'while owing, the business cannot request (55000)');
select tests.act_as_owner();
select tests.deliver_order(:'order_c');
select is(tests.available_for_payout('influencer@test.local'), 200::bigint,
  'order C (3 lamps, C 600) nets off the 400 owed: 200 available');
select tests.authenticate_as('influencer@test.local');
select results_eq('select amount_cents, gross_cents, fee_cents from public.request_payout()',
  $$values (200::bigint, 200::bigint, 0::bigint)$$, 'the influencer requests the 200 left');
select is(tests.covered_by(tests.request_id('influencer@test.local', 'pending')),
  'influencer commission -400 (delivery_reversal#1 of 2), influencer commission 600 (delivery#1 of 3)',
  'the request takes in the reversal and the new commission');
select tests.authenticate_as('business@test.local');
select results_eq('select amount_cents, gross_cents, fee_cents from public.request_payout()',
  $$values (1530::bigint, 1800::bigint, 270::bigint)$$,
  'the business requests order C''s net minus order A''s: gross 5400 - 3600, fee 810 - 540, amount 1530');
select is(tests.covered_by(tests.request_id('business@test.local', 'pending')),
  'business gross -3600 (delivery_reversal#1 of 2), business platform_fee 540 (delivery_reversal#1 of 2), '
  'business gross 5400 (delivery#1 of 3), business platform_fee -810 (delivery#1 of 3)',
  'the business''s request takes in the reversal and order C');
select is(tests.available_for_payout('influencer@test.local') || ' / ' || tests.available_for_payout('business@test.local'),
  '0 / 0', 'nothing is left available');

-- a request only goes from pending to completed, even for the owner ----------------------------------------------

select tests.act_as_owner();
select tests.request_id('influencer@test.local', 'pending') as pending_request \gset
select throws_ok(format($$update public.payout_requests set status = 'pending', completed_at = null, completed_by = null,
                            aba_reference = null where id = %L$$, :'first_request'), '55000',
  'A payout request can only be completed once, and its amounts never change',
  'the owner cannot put a completed request back to pending');
select throws_ok(format($$update public.payout_requests set aba_reference = 'ABA-OTHER' where id = %L$$, :'first_request'),
  '55000', 'A payout request can only be completed once, and its amounts never change',
  'the owner cannot change a completed request''s reference');
select throws_ok(format($$update public.payout_requests set amount_cents = amount_cents + 1, gross_cents = gross_cents + 1
                          where id = %L$$, :'pending_request'), '55000',
  'A payout request can only be completed once, and its amounts never change',
  'the owner cannot change a pending request''s amount');
select throws_ok(format($$update public.payout_requests set status = 'completed', completed_at = now(), aba_reference = 'X',
                            completed_by = %L, amount_cents = 1, gross_cents = 1 where id = %L$$,
                        tests.user_id('admin@test.local'), :'pending_request'), '55000',
  'A payout request can only be completed once, and its amounts never change',
  'the owner cannot complete a request with another amount');
select throws_ok(format($$delete from public.payout_requests where id = %L$$, :'first_request'), '55000',
  'Payout requests are never deleted', 'the owner cannot delete a request');
-- A table with deferred trigger events pending cannot be truncated at all (55006): check every
-- balance now, so the truncate meets the trigger under test.
select lives_ok('set constraints all immediate',
  'every transaction posted so far balances (the deferred check, run now instead of at commit)');
set constraints all deferred;
set local client_min_messages = warning;   -- no "truncate cascades to table" notices
select throws_ok('truncate public.payout_requests cascade', '55000', null,
  'the owner cannot truncate the requests (the cascade reaches the append-only ledger)');
select is(tests.requests_of('influencer@test.local'), 'completed 400, completed 200, pending 200',
  'the influencer''s requests are unchanged');
select is_empty(
  $$select r.id from public.payout_requests r
    left join public.payout_request_entries c on c.payout_request_id = r.id
    left join public.ledger_entries e on e.id = c.ledger_entry_id
    -- A cancelled or rejected request released its entries (payout_decisions.test.sql).
    where r.status in ('pending', 'completed')
    group by r.id
    having r.amount_cents is distinct from sum(e.amount_cents)
        or r.gross_cents is distinct from sum(e.amount_cents) filter (where e.line <> 'platform_fee')
        or r.fee_cents is distinct from coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)$$,
  'every request''s amount is the sum of the entries it covers, its gross and fee the sums of their lines');
select is_empty(
  $$select r.id from public.payout_requests r
    where (r.status = 'completed') <> exists (
      select from public.ledger_transactions t join public.ledger_entries e on e.transaction_id = t.id
      where t.payout_request_id = r.id and t.kind = 'payout'
      group by t.id having sum(e.amount_cents) = 0 and count(*) = 2)$$,
  'every completed request, and only those, has one balanced payout transaction');

-- a business whose reversed fee exceeds its later fees ----------------------------------------------------------
-- Tiny: 11 cents at 10% (C 1, G 10, F 2 = 1.5 up, N 8); Crumb: 3 cents at 10% (C 0, G 3, F 0, N 3).
-- Tiny is delivered, paid (8), reverted (-10 gross, +2 fee); three Crumbs are delivered (+9 gross).
-- Available: 9 - 10 + 2 = 1 cent, with a gross of -1 and a fee of -2 (the reversed fee exceeds the new ones).

do $$
begin
  perform tests.create_priced_campaign('tiny-business@test.local', 'PgTAP Tiny', 11, 0.10);
  perform tests.create_priced_campaign('tiny-business@test.local', 'PgTAP Crumb', 3, 0.10);
  perform tests.create_link('other-influencer@test.local', 'PgTAP Tiny', 'approved');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Crumb', 'approved');
  perform tests.set_bank_details('tiny-business@test.local');
end
$$;
select tests.create_order('other-influencer@test.local', 'PgTAP Tiny', 'PgTAP Khan', 'PgTAP Sangkat') as tiny_order \gset
select tests.deliver_order(:'tiny_order');
select tests.authenticate_as('tiny-business@test.local');
select results_eq('select amount_cents, gross_cents, fee_cents from public.request_payout()',
  $$values (8::bigint, 10::bigint, 2::bigint)$$, 'the tiny business requests 8 (gross 10, fee 2)');
select tests.authenticate_as('admin@test.local');
select results_eq(format($$select count(*) from public.complete_payouts(%L, 'ABA-TINY')$$, tests.user_id('tiny-business@test.local')),
  array[1::bigint], 'and is paid');
select tests.act_as_owner();
select tests.move_order(:'tiny_order', 'new_order');
select tests.deliver_order(tests.create_order('other-influencer@test.local', 'PgTAP Crumb', 'PgTAP Khan', 'PgTAP Sangkat'))
  from generate_series(1, 3);
select is(tests.available_for_payout('tiny-business@test.local'), 1::bigint,
  'precondition: after the reversal and three crumbs, 1 cent is available');
select tests.authenticate_as('tiny-business@test.local');
select lives_ok('select public.request_payout()',
  'the available cent can be requested, with a negative fee (a reversed fee outweighs the later ones)');
select tests.act_as_owner();
select is(tests.requests_of('tiny-business@test.local'), 'completed 8, pending 1',
  'the tiny business has a pending request of 1 cent');

-- whitespace other than spaces --------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.complete_sql('influencer@test.local', E'\t\n'), '22023',
  'ABA reference number is required to complete payout.',
  'a reference of only a tab and a newline is refused (22023)');

select * from finish();
rollback;
