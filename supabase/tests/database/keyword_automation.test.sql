-- Keyword automation in the database: connected Instagram accounts (public.instagram_accounts) and
-- Facebook Pages (public.facebook_pages), the Pages awaiting a pick (private.facebook_page_choices),
-- the single-use connect states (private.connect_states) and the two webhooks' events
-- (public.keyword_events). The token columns are readable by no client role at all, their owner
-- and admins included; accounts, Pages and events are visible to their influencer and admins
-- only; no client role writes any of them. public.update_keyword_trigger lets an influencer reword or
-- switch only their own triggers, within the rules.
begin;
\ir helpers.psql

select plan(84);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_user('other@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'Silk Scarf');
  perform tests.create_campaign('business@test.local', 'Old Hat', 'inactive');
  perform tests.create_link('creator@test.local', 'Silk Scarf', 'approved');
  perform tests.create_link('creator@test.local', 'Old Hat', 'approved');
  perform tests.create_link('other@test.local', 'Silk Scarf', 'approved');
  perform tests.create_keyword_trigger(tests.link_id('creator@test.local', 'Silk Scarf'), 'SILK');
  perform tests.create_keyword_trigger(tests.link_id('creator@test.local', 'Old Hat'), 'HAT', false);
  perform tests.create_keyword_trigger(tests.link_id('other@test.local', 'Silk Scarf'), 'SILK');
  insert into public.instagram_accounts (influencer_id, ig_user_id, username, token_ciphertext, token_expires_at, token_issued_at)
  values (tests.user_id('creator@test.local'), '17841400000000001', 'creator.kh', 'c2VhbGVkLXRva2Vu', now() + interval '60 days', now()),
         (tests.user_id('other@test.local'), '17841400000000002', 'other.kh', 'c2VhbGVkLXRva2Vu', now() + interval '60 days', now());
  insert into public.facebook_pages (influencer_id, page_id, page_name, token_ciphertext)
  values (tests.user_id('creator@test.local'), '104000000000001', 'Creator Shop', 'c2VhbGVkLXRva2Vu'),
         (tests.user_id('other@test.local'), '104000000000002', 'Other Shop', 'c2VhbGVkLXRva2Vu');
  insert into public.keyword_events (influencer_id, platform, account_id, kind, external_id, sender_id, outcome, skip_reason, finished_at)
  values (tests.user_id('creator@test.local'), 'instagram', '17841400000000001', 'comment', 'c-1', 'p-1', 'skipped', 'no_keyword', now()),
         (tests.user_id('other@test.local'), 'facebook', '104000000000002', 'dm', 'm-1', 'p-2', 'skipped', 'no_keyword', now());
end
$$;

create function tests.trigger_id(p_email text, p_keyword text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.keyword_triggers where influencer_id = tests.user_id(p_email) and keyword = p_keyword
$$;
grant execute on function tests.trigger_id(text, text) to anon, authenticated, service_role;

-- Every direct write a client might try.
create function tests.automation_writes() returns table (label text, statement text)
language sql
as $$
  values
    ('insert an account', format($q$insert into public.instagram_accounts (influencer_id, ig_user_id, username, token_ciphertext, token_expires_at, token_issued_at)
                                   values (%L, '1', 'x', 'x', now(), now())$q$, tests.user_id('business@test.local'))),
    ('change a token', $q$update public.instagram_accounts set token_ciphertext = 'x'$q$),
    ('disconnect an account directly', $q$delete from public.instagram_accounts$q$),
    ('connect a Page', format($q$insert into public.facebook_pages (influencer_id, page_id, page_name, token_ciphertext)
                                values (%L, '1', 'x', 'x')$q$, tests.user_id('business@test.local'))),
    ('change a Page token', $q$update public.facebook_pages set token_ciphertext = 'x'$q$),
    ('disconnect a Page directly', $q$delete from public.facebook_pages$q$),
    ('clear a refused token', $q$update public.instagram_accounts set token_refused_at = null$q$),
    ('mark a Page token refused', $q$update public.facebook_pages set token_refused_at = now()$q$),
    ('read the Pages awaiting a pick', $q$select * from private.facebook_page_choices$q$),
    ('insert an event', format($q$insert into public.keyword_events (influencer_id, platform, account_id, kind, external_id, sender_id, outcome, skip_reason)
                                 values (%L, 'instagram', '1', 'dm', 'forged', 'p', 'skipped', 'no_keyword')$q$, tests.user_id('creator@test.local'))),
    ('mark an event sent', $q$update public.keyword_events set outcome = 'sent'$q$),
    ('delete events', $q$delete from public.keyword_events$q$),
    ('read the connect states', $q$select * from private.connect_states$q$),
    ('make a connect state', format($q$select private.new_connect_state(%L)$q$, tests.user_id('creator@test.local'))),
    ('consume a connect state', format($q$select private.consume_connect_state(gen_random_uuid(), %L)$q$, tests.user_id('creator@test.local')))
$$;
grant execute on function tests.automation_writes() to anon, authenticated, service_role;

-- anon ---------------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok($$select username from public.instagram_accounts$$, '42501', null, 'anon cannot read accounts');
select throws_ok($$select id from public.keyword_events$$, '42501', null, 'anon cannot read events');
select throws_ok($$select page_name from public.facebook_pages$$, '42501', null, 'anon cannot read Pages');
select throws_ok(statement, '42501', null, 'anon cannot ' || label) from tests.automation_writes();
select throws_ok(format($$select public.update_keyword_trigger(%L, 'Hi {link}', null)$$, tests.trigger_id('creator@test.local', 'SILK')),
  '42501', null, 'anon cannot execute update_keyword_trigger');

-- the influencer -----------------------------------------------------------------------------------

select tests.authenticate_as('creator@test.local');
select results_eq($$select username, ig_user_id from public.instagram_accounts$$,
  $$values ('creator.kh'::text, '17841400000000001'::text)$$, 'an influencer reads their own account, and only it');
select throws_ok($$select token_ciphertext from public.instagram_accounts$$, '42501',
  'permission denied for table instagram_accounts', 'an influencer cannot read their own token');
select throws_ok($$select * from public.instagram_accounts$$, '42501',
  'permission denied for table instagram_accounts', 'select * does not reach the token either');
select results_eq($$select page_id, page_name from public.facebook_pages$$,
  $$values ('104000000000001'::text, 'Creator Shop'::text)$$, 'an influencer reads their own Page, and only it');
select throws_ok($$select token_ciphertext from public.facebook_pages$$, '42501',
  'permission denied for table facebook_pages', 'an influencer cannot read their own Page token');
select results_eq($$select token_refused_at from public.instagram_accounts$$, $$values (null::timestamptz)$$,
  'an influencer reads whether their account''s token was refused');
select results_eq($$select token_refused_at from public.facebook_pages$$, $$values (null::timestamptz)$$,
  'and their Page''s');
select results_eq($$select external_id from public.keyword_events$$, $$values ('c-1'::text)$$,
  'an influencer reads their own events, and only them');
select throws_ok(statement, '42501', null, 'an influencer cannot ' || label) from tests.automation_writes();

select lives_ok(format($$select public.update_keyword_trigger(%L, 'Get {product} here: {link}', null)$$,
  tests.trigger_id('creator@test.local', 'SILK')), 'an influencer rewords their own trigger');
select is((select dm_template_text from public.keyword_triggers where keyword = 'SILK'),
  'Get {product} here: {link}', 'the template is saved');
select throws_ok(format($$select public.update_keyword_trigger(%L, 'No link here', null)$$,
  tests.trigger_id('creator@test.local', 'SILK')), '23514', null, 'a template without {link} is refused');
select throws_ok(format($$select public.update_keyword_trigger(%L, null, true)$$,
  tests.trigger_id('creator@test.local', 'HAT')), '55000', 'The campaign is no longer active',
  'a trigger of an inactive campaign cannot be switched on');
select lives_ok(format($$select public.update_keyword_trigger(%L, null, false)$$,
  tests.trigger_id('creator@test.local', 'SILK')), 'an influencer switches their trigger off');
select is((select is_active from public.keyword_triggers where keyword = 'SILK'), false, 'it is off');
select throws_ok(format($$select public.update_keyword_trigger(%L, 'Mine {link}', null)$$,
  tests.trigger_id('other@test.local', 'SILK')), 'P0002', 'Keyword reply not found',
  'another influencer''s trigger is not found');

-- A second trigger on the same keyword: switching the first back on is refused.
select tests.act_as_owner();
select tests.create_campaign('business@test.local', 'Silk Tie');
select tests.create_link('creator@test.local', 'Silk Tie', 'approved');
select tests.create_keyword_trigger(tests.link_id('creator@test.local', 'Silk Tie'), 'SILK');
select tests.authenticate_as('creator@test.local');
select throws_ok(format($$select public.update_keyword_trigger(%L, null, true)$$,
  (select id from public.keyword_triggers where keyword = 'SILK' and not is_active)), '55000',
  'Another active keyword reply already uses this keyword', 'a keyword in use by another active trigger is refused');

-- other roles ---------------------------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select is_empty($$select username from public.instagram_accounts$$, 'a business reads no account');
select is_empty($$select id from public.keyword_events$$, 'a business reads no event');
select is_empty($$select page_name from public.facebook_pages$$, 'a business reads no Page');
select throws_ok(format($$select public.update_keyword_trigger(%L, 'Hi {link}', null)$$,
  tests.trigger_id('other@test.local', 'SILK')), 'P0002', 'Keyword reply not found', 'a business changes no trigger');

select tests.authenticate_as('admin@test.local');
select results_eq($$select username from public.instagram_accounts order by username$$,
  $$values ('creator.kh'::text), ('other.kh')$$, 'an admin reads every account');
select throws_ok($$select token_ciphertext from public.instagram_accounts$$, '42501', null, 'an admin cannot read tokens');
select results_eq($$select page_name from public.facebook_pages order by page_name$$,
  $$values ('Creator Shop'::text), ('Other Shop')$$, 'an admin reads every Page');
select throws_ok($$select token_ciphertext from public.facebook_pages$$, '42501', null, 'an admin cannot read Page tokens');
select results_eq($$select count(*)::int from public.keyword_events$$, $$values (2)$$, 'an admin reads every event');
select throws_ok(statement, '42501', null, 'an admin cannot ' || label) from tests.automation_writes();

-- service_role (the functions) ------------------------------------------------------------------------

select tests.act_as_service_role();
select results_eq($$select count(token_ciphertext)::int from public.instagram_accounts$$, $$values (2)$$,
  'the functions read the tokens');
select results_eq($$select count(token_ciphertext)::int from public.facebook_pages$$, $$values (2)$$,
  'and the Page tokens');
select ok(private.consume_connect_state(
  private.new_connect_state(tests.user_id('creator@test.local')), tests.user_id('creator@test.local')),
  'a fresh state is consumed by its own user');
select private.new_connect_state(tests.user_id('creator@test.local')) as nonce \gset state_
select ok(not private.consume_connect_state(:'state_nonce', tests.user_id('other@test.local')),
  'another user cannot consume it');
select ok(private.consume_connect_state(:'state_nonce', tests.user_id('creator@test.local')),
  'its own user can');
select ok(not private.consume_connect_state(:'state_nonce', tests.user_id('creator@test.local')),
  'but only once');
select private.new_connect_state(tests.user_id('creator@test.local')) as nonce \gset expired_
update private.connect_states set expires_at = now() - interval '1 second' where nonce = :'expired_nonce';
select ok(not private.consume_connect_state(:'expired_nonce', tests.user_id('creator@test.local')),
  'an expired state is refused');

-- A refused token stays marked until a new token replaces it (connecting again, a refresh).
update public.instagram_accounts set token_refused_at = now() where username = 'creator.kh';
update public.facebook_pages set token_refused_at = now() where page_name = 'Creator Shop';
update public.instagram_accounts set username = 'creator.km' where username = 'creator.kh';
update public.facebook_pages set page_name = 'Creator Store' where page_name = 'Creator Shop';
select results_eq(
  $$select (select token_refused_at is not null from public.instagram_accounts where username = 'creator.km'),
           (select token_refused_at is not null from public.facebook_pages where page_name = 'Creator Store')$$,
  $$values (true, true)$$, 'a refused token stays marked when something else of its connection changes');
update public.instagram_accounts set token_ciphertext = 'bmV3LXRva2Vu' where username = 'creator.km';
update public.facebook_pages set token_ciphertext = 'bmV3LXRva2Vu' where page_name = 'Creator Store';
select results_eq(
  $$select (select token_refused_at from public.instagram_accounts where username = 'creator.km'),
           (select token_refused_at from public.facebook_pages where page_name = 'Creator Store')$$,
  $$values (null::timestamptz, null::timestamptz)$$, 'a new token clears the mark, on either platform');

select tests.act_as_owner();
select results_eq($$select count(*)::int from public.keyword_events where external_id = 'forged'$$, $$values (0)$$,
  'the refused writes changed nothing');

select * from finish();
rollback;
