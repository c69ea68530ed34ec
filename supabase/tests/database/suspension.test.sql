-- Suspension (public.set_user_status): an approved admin suspends an approved business or
-- influencer with a reason, and reinstates it. Suspending ends every session of the account and
-- drops the Telegram notices still waiting for its chats; while suspended the account has no role
-- (private.has_role), joins no live topic, cannot request a payout, its links take no order, its
-- shop's orders alert nobody on its chats, and everything it earned stays in the ledger.
begin;
\ir helpers.psql

select plan(47);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('other-admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_user('bystander@test.local', 'influencer', 'approved');
  perform tests.create_user('pending@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('rejected@test.local', 'influencer', 'rejected');
  perform tests.create_campaign('shop@test.local', 'SU Kampot Pepper');
  perform tests.create_campaign('shop@test.local', 'SU Palm Sugar');
  perform tests.create_link('creator@test.local', 'SU Kampot Pepper', 'approved');
  perform tests.create_link('bystander@test.local', 'SU Kampot Pepper', 'approved');
  perform tests.create_zone('SU District', 'SU Commune', 150);
  perform tests.set_bank_details('creator@test.local');
end
$$;

create function tests.link_chat(p_email text, p_chat_id bigint) returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  return (private.link_telegram_chat(private.new_telegram_link_token(tests.user_id(p_email), 'en'), p_chat_id, 'Chat')).id;
end
$$;

create function tests.outbox(p_chat_id bigint) returns table (kind text, sent boolean, failed boolean, last_error text)
language sql stable security definer set search_path = ''
as $$
  select o.kind::text, o.sent_at is not null, o.failed_at is not null, o.last_error from private.telegram_outbox o
  join public.telegram_chats c on c.id = o.telegram_chat_id
  where c.chat_id = p_chat_id order by o.id
$$;

create function tests.sessions_of(p_email text) returns table (live boolean, end_reason text)
language sql stable security definer set search_path = ''
as $$
  select s.ended_at is null, s.end_reason::text from private.sessions s
  where s.user_id = tests.user_id(p_email) order by s.created_at, s.session_id
$$;

create function tests.suspend_sql(p_email text, p_reason text default 'Self-orders from one phone') returns text
language sql stable
as $$ select format('select status::text, suspension_reason from public.set_user_status(%L, %L, %L)',
                    tests.user_id(p_email), 'suspended', p_reason) $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

do $$
begin
  perform tests.link_chat('shop@test.local', 3001);
  perform tests.link_chat('creator@test.local', 3002);
end
$$;

-- Two live sessions of the creator (two phones) and one of the shop.
create temporary table creator_sessions as select tests.live_session(tests.user_id('creator@test.local')) as session_id;
insert into private.sessions (user_id, device) values (tests.user_id('creator@test.local'), 'second phone');
grant select on creator_sessions to authenticated;
-- A delivered order before the suspension: its commission is the creator's.
select tests.deliver_order(tests.create_order('creator@test.local', 'SU Kampot Pepper', 'SU District', 'SU Commune'));
-- A payout notice still waiting for the creator's chat.
insert into private.telegram_outbox (telegram_chat_id, kind, payload)
select c.id, 'payout_completed', '{"amount_cents": 100, "aba_reference": "X"}'
from public.telegram_chats c where c.chat_id = 3002;

-- refusals before anything changes ---------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.suspend_sql('creator@test.local', '   '), '22023',
  'A reason is required to suspend an account', 'a blank reason is refused (22023)');
select throws_ok(tests.suspend_sql('creator@test.local', E'\t\r\n'), '22023',
  'A reason is required to suspend an account', 'a reason of tabs and newlines is refused too (22023)');
select throws_ok(format('select public.set_user_status(%L, %L)', tests.user_id('creator@test.local'), 'suspended'),
  '22023', 'A reason is required to suspend an account', 'no reason is refused (22023)');
select throws_ok(tests.suspend_sql('creator@test.local', repeat('x', 501)), '23514', null,
  'a reason over 500 characters is refused by users_suspension_reason_length (23514)');
select throws_ok(tests.suspend_sql('pending@test.local'), '55000', 'Only an approved account can be suspended',
  'a pending account cannot be suspended (55000)');
select throws_ok(tests.suspend_sql('rejected@test.local'), '55000', 'Only an approved account can be suspended',
  'a rejected account cannot be suspended (55000)');
select throws_ok(tests.suspend_sql('other-admin@test.local'), '55000', 'Admin accounts cannot be suspended',
  'an admin cannot be suspended (55000)');
select throws_ok(tests.suspend_sql('admin@test.local'), '55000', 'Admin accounts cannot be suspended',
  'an admin cannot suspend themselves (55000)');

\set not_admin 'Only admins can approve or reject accounts'
select tests.authenticate_as('shop@test.local');
select throws_ok(tests.suspend_sql('creator@test.local'), '42501', :'not_admin', 'a business cannot suspend (42501)');
select tests.authenticate_as('bystander@test.local');
select throws_ok(tests.suspend_sql('creator@test.local'), '42501', :'not_admin', 'an influencer cannot suspend (42501)');
select tests.act_as_service_role();
select throws_ok(tests.suspend_sql('creator@test.local'), '42501', :'not_admin',
  'service_role cannot suspend: it needs an admin user (42501)');
select tests.act_as_anon();
select throws_ok(tests.suspend_sql('creator@test.local'), '42501', null, 'anon cannot suspend (42501)');

-- before: the creator may do what an approved influencer does ---------------------------------------

select tests.authenticate_as('creator@test.local');
select ok(private.has_role('influencer'), 'before: the creator has the influencer role');
select ok(private.may_join_topic('user:' || tests.user_id('creator@test.local')), 'before: the creator joins their user topic');
select tests.act_as_owner();
select is((select count(*)::int from tests.sessions_of('creator@test.local') where live), 2,
  'before: the creator has two live sessions');

-- suspending ---------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(tests.suspend_sql('creator@test.local', '  Self-orders from one phone  '),
  $$values ('suspended', 'Self-orders from one phone')$$,
  'an admin suspends an approved influencer; the reason is kept trimmed');
select throws_ok(tests.suspend_sql('creator@test.local'), '55000', 'User is already suspended',
  'suspending twice is refused (55000)');
select throws_ok(format('select public.set_user_status(%L, %L, %L)', tests.user_id('creator@test.local'), 'rejected', 'x'),
  '55000', 'A suspended account is reinstated or stays suspended', 'a suspended account cannot be rejected (55000)');

select tests.act_as_owner();
select results_eq($$select live, end_reason from tests.sessions_of('creator@test.local')$$,
  $$values (false, 'suspended'), (false, 'suspended')$$, 'every session of the account ended, as suspended');
select is((select count(*)::int from tests.sessions_of('shop@test.local') where not live), 0,
  'the sessions of other accounts are untouched');
-- (the creator's chat also has the notices of the orders through its links: dropped alike)
select results_eq($$select bool_and(failed and not sent and last_error = 'The account was suspended'),
                           count(*) filter (where kind = 'payout_completed') from tests.outbox(3002)$$,
  $$values (true, 1::bigint)$$,
  'the notices waiting for the suspended account''s chat are dropped, not sent');
select results_eq(
  $$select action::text, details -> 'before' ->> 'status', details -> 'after' ->> 'status', details ->> 'reason'
    from public.audit_log where target_id = tests.user_id('creator@test.local')::text order by id$$,
  $$values ('user.suspend', 'approved', 'suspended', 'Self-orders from one phone')$$,
  'the audit log records user.suspend with the reason');

-- while suspended ----------------------------------------------------------------------------------

-- Its old token (of an ended session), and a token of a session started anyway, are refused alike.
select tests.authenticate_in_session('creator@test.local', (select session_id from creator_sessions limit 1));
select is(private.session_is_live(), false, 'the old token''s session is no longer live');
select is(private.may_join_topic('user:' || tests.user_id('creator@test.local')), false,
  'the old token joins no live topic');
select tests.act_as_owner();
insert into private.sessions (user_id, device) values (tests.user_id('creator@test.local'), 'after suspension');
select tests.authenticate_as('creator@test.local');
select is(private.session_is_live(), true, 'precondition: a session started after the suspension is live');
select is(private.may_join_topic('user:' || tests.user_id('creator@test.local')), false,
  'even a live session of a suspended account joins no topic');
select is(private.may_join_topic('influencer:' || tests.user_id('creator@test.local')), false,
  'nor its influencer topic');
select is(private.has_role('influencer'), false, 'a suspended influencer has no influencer role');
select throws_ok($$select public.request_payout()$$, '42501', 'Your account is suspended: Self-orders from one phone',
  'a suspended account cannot request a payout (42501, with the reason)');
select throws_ok(
  format($$insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)$$,
         tests.user_id('creator@test.local'), tests.campaign_id('SU Palm Sugar')),
  '42501', null, 'a suspended influencer cannot apply for links (RLS)');
select is((select status::text from public.users where id = (select auth.uid())), 'suspended',
  'a suspended account still reads its own row, with its status');
select is((select suspension_reason from public.users where id = (select auth.uid())), 'Self-orders from one phone',
  'and the reason');

select tests.act_as_owner();
select throws_ok($$select tests.create_order('creator@test.local', 'SU Kampot Pepper', 'SU District', 'SU Commune')$$,
  '55000', 'This product is no longer available', 'a suspended influencer''s link takes no order (55000)');
select lives_ok($$select tests.create_order('bystander@test.local', 'SU Kampot Pepper', 'SU District', 'SU Commune')$$,
  'another influencer''s link to the same product still takes orders');
select is(tests.ledger_balance('creator@test.local'), 375::bigint,
  'what the suspended influencer earned (15% of 2,500 cents) stays in the ledger');

-- A suspended shop: no order through any link to its products, and no alert on its chats.
select tests.authenticate_as('admin@test.local');
select results_eq(tests.suspend_sql('shop@test.local', 'Sells fakes'), $$values ('suspended', 'Sells fakes')$$,
  'an admin suspends an approved business');
select tests.act_as_owner();
select throws_ok($$select tests.create_order('bystander@test.local', 'SU Kampot Pepper', 'SU District', 'SU Commune')$$,
  '55000', 'This product is no longer available', 'a suspended shop''s products take no order (55000)');
select is((select count(*)::int from tests.outbox(3001) where kind = 'new_order' and not failed), 0,
  'the suspended shop''s chat has no new-order notice waiting');

-- reinstating --------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(format('select status::text, suspension_reason, is_approved from public.set_user_status(%L, %L)',
                         tests.user_id('creator@test.local'), 'approved'),
  $$values ('approved', null::text, true)$$, 'an admin reinstates the influencer: approved, the reason cleared');
select results_eq(format('select status::text from public.set_user_status(%L, %L)', tests.user_id('shop@test.local'), 'approved'),
  $$values ('approved')$$, 'and the shop');
select results_eq(
  $$select action::text, details -> 'before' ->> 'status', details -> 'after' ->> 'status'
    from public.audit_log where target_id = tests.user_id('creator@test.local')::text order by id$$,
  $$values ('user.suspend', 'approved', 'suspended'), ('user.reinstate', 'suspended', 'approved')$$,
  'the audit log records user.reinstate after user.suspend');
select throws_ok(format('select public.set_user_status(%L, %L)', tests.user_id('creator@test.local'), 'approved'),
  '55000', 'User is already approved', 'reinstating an approved account is refused (55000)');

select tests.act_as_owner();
select is((select count(*)::int from tests.sessions_of('creator@test.local') where live), 1,
  'reinstating starts no session: only the one started meanwhile is live');
select lives_ok($$select tests.create_order('creator@test.local', 'SU Kampot Pepper', 'SU District', 'SU Commune')$$,
  'a reinstated influencer''s link takes orders again');
select is((select count(*)::int from tests.outbox(3001) where kind = 'new_order' and not failed), 1,
  'and the reinstated shop''s chat is alerted of it');
select tests.authenticate_as('creator@test.local');
select ok(private.has_role('influencer'), 'a reinstated influencer has the influencer role again');
select ok(private.may_join_topic('user:' || tests.user_id('creator@test.local')), 'and joins its topics again');

select * from finish();
rollback;
