-- Undoing payout decisions (docs/money.md): the owner cancels a pending request
-- (public.cancel_payout_request) or an admin rejects it with a reason (public.reject_payout_request);
-- either way the entries it covered are released, available again at once, and the next request
-- covers them. An admin corrects a completed payout's reference with a reason
-- (public.correct_payout_reference), recorded in public.payout_reference_corrections and the audit
-- log. Nothing else ends or changes a request: the guards refuse direct writes, even the owner's.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(51);

-- Lamp: 2000 cents at 10%: one lamp earns the influencer 200 cents.
do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PD Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PD Lamp', 'approved');
  perform tests.create_link('other@test.local', 'PD Lamp', 'approved');
  perform tests.create_zone('PD Khan', 'PD Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
  perform tests.set_bank_details('other@test.local');
  perform tests.deliver_order(tests.create_order('influencer@test.local', 'PD Lamp', 'PD Khan', 'PD Sangkat', 2));
  perform tests.deliver_order(tests.create_order('other@test.local', 'PD Lamp', 'PD Khan', 'PD Sangkat', 1));
end
$$;

-- The fixture user's pending request (every request of this file has the same requested_at).
create function tests.request_of(p_email text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.payout_requests where user_id = tests.user_id(p_email) and status = 'pending'
$$;
create function tests.covered_by(p_request uuid) returns integer
language sql stable security definer set search_path = ''
as $$ select count(*)::int from public.payout_request_entries where payout_request_id = p_request $$;
create function tests.differences() returns integer
language sql stable security definer set search_path = ''
as $$ select count(*)::int from private.running_balance_differences() $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- cancelling --------------------------------------------------------------------------------------

select is(tests.try_request('influencer@test.local'), 400::bigint, 'the influencer requests 400');
select tests.request_of('influencer@test.local') as first_request \gset
select is(tests.covered_by(:'first_request'), 1, 'precondition: the request covers the delivery''s commission entry');

select tests.authenticate_as('other@test.local');
select throws_ok('select public.cancel_payout_request()', '55000', 'There is no pending payout request to cancel.',
  'another influencer cancels nothing of someone else''s: they have nothing pending (55000)');
select tests.authenticate_as('admin@test.local');
select throws_ok('select public.cancel_payout_request()', '42501', 'Only businesses and influencers can cancel payout requests',
  'an admin cannot cancel (42501)');
select tests.act_as_anon();
select throws_ok('select public.cancel_payout_request()', '42501', null, 'anon cannot cancel (42501)');

select tests.authenticate_as('influencer@test.local');
select results_eq('select status::text, amount_cents, cancelled_at = now(), rejected_at, rejection_reason from public.cancel_payout_request()',
  $$values ('cancelled', 400::bigint, true, null::timestamptz, null::text)$$,
  'the owner cancels their pending request');
select throws_ok('select public.cancel_payout_request()', '55000', 'There is no pending payout request to cancel.',
  'cancelling twice finds nothing pending (55000)');
select tests.act_as_owner();
select is(tests.covered_by(:'first_request'), 0, 'the cancelled request covers no entry any more');
select is(tests.available_for_payout('influencer@test.local'), 400::bigint, 'its 400 are available again');
select is(tests.differences(), 0, 'the running balances agree with the entries after the release');
select is((select covered_transactions from public.payout_requests where id = :'first_request'), 1,
  'the cancelled request still says what it covered, for the history');
select is(tests.try_request('influencer@test.local'), 400::bigint, 'a new request covers the same 400');
select tests.request_of('influencer@test.local') as second_request \gset
select is(tests.covered_by(:'second_request'), 1, 'and the same entry');

-- rejecting ---------------------------------------------------------------------------------------

\set not_admin 'Only admins can reject payout requests'
select tests.authenticate_as('influencer@test.local');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), 'x'),
  '42501', :'not_admin', 'the owner cannot reject (42501)');
select tests.authenticate_as('business@test.local');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), 'x'),
  '42501', :'not_admin', 'a business cannot reject (42501)');
select tests.act_as_service_role();
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), 'x'),
  '42501', null, 'service_role cannot reject (42501)');

select tests.act_as_anon();
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), 'x'),
  '42501', null, 'anon cannot reject (42501)');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'first_request', 'ABA-100', 'x'),
  '42501', null, 'anon cannot correct a reference (42501)');
select tests.authenticate_as('admin@test.local');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), '  '),
  '22023', 'A reason is required to reject a payout request', 'a blank reason is refused (22023)');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), E'\t\n '),
  '22023', 'A reason is required to reject a payout request', 'a reason of tabs and newlines is none either (22023)');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('influencer@test.local'), repeat('x', 501)),
  '23514', null, 'a reason over 500 characters is refused by payout_requests_rejection_reason_length (23514)');
select throws_ok(format('select public.reject_payout_request(%L, %L)', gen_random_uuid(), 'x'),
  'P0002', 'User not found', 'an unknown user is not found (P0002)');
select throws_ok(format('select public.reject_payout_request(%L, %L)', tests.user_id('business@test.local'), 'x'),
  '55000', 'There is no pending payout request for this user.', 'a user with nothing pending (55000)');
select results_eq(
  format($$select status::text, rejected_at = now(), rejected_by, rejection_reason
           from public.reject_payout_request(%L, '  Name does not match the account  ')$$, tests.user_id('influencer@test.local')),
  format($$values ('rejected', true, %L::uuid, 'Name does not match the account')$$, tests.user_id('admin@test.local')),
  'an admin rejects it with the reason, trimmed');
select results_eq(
  format($$select action::text, details ->> 'reason', details -> 'after' ->> 'status', (details ->> 'amount_cents')::int
           from public.audit_log where target_id = %L$$, :'second_request'),
  $$values ('payout.reject', 'Name does not match the account', 'rejected', 400)$$,
  'the audit log records payout.reject with the reason');
select tests.act_as_owner();
select is(tests.available_for_payout('influencer@test.local'), 400::bigint, 'the rejected 400 are available again');
select is(tests.differences(), 0, 'the running balances agree after the rejection');
select tests.authenticate_as('influencer@test.local');
select is((select rejection_reason from public.payout_requests where id = :'second_request'),
  'Name does not match the account', 'the owner reads why');
select tests.authenticate_as('other@test.local');
select is((select count(*)::int from public.payout_requests where id = :'second_request'), 0,
  'another user reads nothing of it');

-- the guards: nothing ends or changes a request but these functions ---------------------------------

select tests.act_as_owner();
select is(tests.try_request('influencer@test.local'), 400::bigint, 'a third request covers the 400');
select tests.request_of('influencer@test.local') as third_request \gset
select throws_ok(format('delete from public.payout_request_entries where payout_request_id = %L', :'third_request'),
  '55000', null, 'a pending request''s entries are not released by a delete, even by the owner');
select throws_ok(format($$update public.payout_requests set status = 'cancelled', cancelled_at = now() where id = %L$$,
                        :'first_request'), '55000', null, 'a cancelled request never changes again');
select throws_ok(format($$update public.payout_requests set status = 'pending', cancelled_at = null where id = %L$$,
                        :'first_request'), '55000', null, 'nor goes back to pending');
select throws_ok(format($$update public.payout_requests set status = 'cancelled' where id = %L$$, :'third_request'),
  '23514', null, 'a cancellation without its time is refused by payout_requests_cancellation');
select tests.authenticate_as('admin@test.local');
select throws_ok(format('select public.complete_payouts(%L, %L)', tests.user_id('other@test.local'), 'ABA-X'),
  '55000', 'There is no pending payout request for this user.', 'a user with no pending request has nothing to complete');
select lives_ok(format('select public.complete_payouts(%L, %L)', tests.user_id('influencer@test.local'), 'ABA-1O0'),
  'an admin completes the third request');
select tests.act_as_owner();
select throws_ok(format('delete from public.payout_request_entries where payout_request_id = %L', :'third_request'),
  '55000', null, 'a completed request''s entries are never released');
select throws_ok(format($$update public.payout_requests set status = 'completed', completed_at = now(), completed_by = %L,
                                 aba_reference = 'ABA-X' where id = %L$$, tests.user_id('admin@test.local'), :'first_request'),
  '55000', null, 'a cancelled request can never be completed');

-- correcting a completed payout's reference ---------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'third_request', 'ABA-100', 'x'),
  '42501', 'Only admins can correct payout references', 'the owner cannot correct the reference (42501)');
select tests.authenticate_as('admin@test.local');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'first_request', 'ABA-100', 'x'),
  '55000', 'Only a completed payout has an ABA reference to correct', 'a cancelled request has no reference (55000)');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'third_request', 'ABA-100', ' '),
  '22023', 'A reason is required to correct an ABA reference', 'a reason is required (22023)');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'third_request', 'ABA-100', E'\n\t'),
  '22023', 'A reason is required to correct an ABA reference', 'a reason of blanks is none (22023)');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', :'third_request', 'ABA-1O0', 'x'),
  '55000', 'This payout already has ABA reference ABA-1O0', 'the same reference is no correction (55000)');
select throws_ok(format('select public.correct_payout_reference(%L, %L, %L)', gen_random_uuid(), 'ABA-100', 'x'),
  'P0002', 'Payout request not found', 'an unknown request is not found (P0002)');
select results_eq(format($$select status::text, aba_reference from public.correct_payout_reference(%L, '  ABA-100 ', 'Typed O for 0')$$,
                         :'third_request'),
  $$values ('completed', 'ABA-100')$$, 'an admin corrects the reference, trimmed');
select results_eq(
  format($$select action::text, details -> 'before' ->> 'aba_reference', details -> 'after' ->> 'aba_reference', details ->> 'reason'
           from public.audit_log where target_id = %L and action = 'payout.reference_correct'$$, :'third_request'),
  $$values ('payout.reference_correct', 'ABA-1O0', 'ABA-100', 'Typed O for 0')$$,
  'the audit log keeps both values and the reason');
select tests.authenticate_as('influencer@test.local');
select results_eq(format('select previous_reference, aba_reference, reason from public.payout_reference_corrections where payout_request_id = %L', :'third_request'),
  $$values ('ABA-1O0', 'ABA-100', 'Typed O for 0')$$, 'the owner reads the correction');
select tests.authenticate_as('other@test.local');
select is_empty(format('select 1 from public.payout_reference_corrections where payout_request_id = %L', :'third_request'),
  'another user reads no one else''s corrections');

select tests.act_as_owner();
select throws_ok(format($$update public.payout_requests set aba_reference = 'ABA-999' where id = %L$$, :'third_request'),
  '55000', null, 'the reference changes through a correction only, even for the owner');
select throws_ok('update public.payout_reference_corrections set reason = $$other$$', '55000', null,
  'corrections are append-only');
select throws_ok('delete from public.payout_reference_corrections', '55000', null,
  'corrections are never deleted');

select * from finish();
rollback;
