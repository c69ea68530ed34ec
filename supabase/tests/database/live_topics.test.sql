-- Live topics (supabase/schemas/11_live_events.sql): who may join which private Broadcast topic,
-- checked the way Realtime checks a join (a probe row of the topic, selected as the user with
-- realtime.topic() set), for every identity, allowed and denied; that clients cannot send; and
-- what the triggers send, to which topics, with no row data.
begin;
\ir helpers.psql

select plan(62);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('shop-a@test.local', 'business', 'approved');
  perform tests.create_user('shop-b@test.local', 'business', 'approved');
  perform tests.create_user('creator-a@test.local', 'influencer', 'approved');
  perform tests.create_user('creator-b@test.local', 'influencer', 'approved');
  perform tests.create_user('pending@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('rejected@test.local', 'business', 'rejected');
  perform tests.create_campaign('shop-a@test.local', 'Live Scarf');
  perform tests.create_link('creator-a@test.local', 'Live Scarf', 'approved');
end
$$;

-- Whether the identity (an email, or 'anon') may join the topic, as Realtime decides it: a probe
-- row inserted by the server's own role, then read as the user with the topic set, rolled back.
create function tests.may_join(p_identity text, p_topic text, p_extension text default 'broadcast')
returns boolean
language plpgsql
as $$
declare
  probe uuid := gen_random_uuid();
  seen boolean;
begin
  perform tests.act_as_owner();
  insert into realtime.messages (id, topic, extension) values (probe, p_topic, p_extension);
  if p_identity = 'anon' then
    perform tests.act_as_anon();
  else
    perform tests.authenticate_as(p_identity);
  end if;
  perform set_config('realtime.topic', p_topic, true);
  select exists (select 1 from realtime.messages m where m.id = probe) into seen;
  perform tests.act_as_owner();
  delete from realtime.messages where id = probe;
  return seen;
end
$$;

-- The topic names of the fixtures.
create function tests.topic(p_prefix text, p_email text) returns text
language sql stable
as $$
  select p_prefix || ':' || tests.user_id(p_email)
$$;

-- The topics that received a message about the row, sorted, with the payloads' keys.
create function tests.sent_about(p_id uuid) returns text
language sql stable
as $$
  select coalesce(string_agg(m.topic || ' ' || m.event || ' ' || (m.payload ->> 'op'), ', ' order by m.topic, m.inserted_at), '')
  from realtime.messages m where m.payload ->> 'id' = p_id::text
$$;

-- joining: the admin topic ------------------------------------------------------------------------

select ok(tests.may_join('admin@test.local', 'admin'), 'an approved admin joins admin');
select ok(not tests.may_join('pending-admin@test.local', 'admin'), 'a pending admin does not join admin');
select ok(not tests.may_join('shop-a@test.local', 'admin'), 'a business does not join admin');
select ok(not tests.may_join('creator-a@test.local', 'admin'), 'an influencer does not join admin');
select ok(not tests.may_join('pending@test.local', 'admin'), 'a pending influencer does not join admin');
select ok(not tests.may_join('rejected@test.local', 'admin'), 'a rejected business does not join admin');
select ok(not tests.may_join('anon', 'admin'), 'anon does not join admin');

-- joining: shop topics ----------------------------------------------------------------------------

select ok(tests.may_join('shop-a@test.local', tests.topic('shop', 'shop-a@test.local')), 'a business joins its shop topic');
select ok(tests.may_join('shop-b@test.local', tests.topic('shop', 'shop-b@test.local')), 'the other business joins its own');
select ok(not tests.may_join('shop-a@test.local', tests.topic('shop', 'shop-b@test.local')), 'a business does not join another shop''s topic');
select ok(not tests.may_join('shop-b@test.local', tests.topic('shop', 'shop-a@test.local')), 'nor the other way round');
select ok(not tests.may_join('admin@test.local', tests.topic('shop', 'shop-a@test.local')), 'an admin does not join a shop topic');
select ok(not tests.may_join('creator-a@test.local', tests.topic('shop', 'shop-a@test.local')), 'an influencer selling for a shop does not join its topic');
select ok(not tests.may_join('creator-a@test.local', tests.topic('shop', 'creator-a@test.local')), 'an influencer has no shop topic');
select ok(tests.may_join('rejected@test.local', tests.topic('shop', 'rejected@test.local')), 'a rejected business joins its own (empty) shop topic');
select ok(not tests.may_join('pending@test.local', tests.topic('shop', 'shop-a@test.local')), 'a pending influencer does not join a shop topic');
select ok(not tests.may_join('anon', tests.topic('shop', 'shop-a@test.local')), 'anon does not join a shop topic');

-- joining: influencer topics ------------------------------------------------------------------------

select ok(tests.may_join('creator-a@test.local', tests.topic('influencer', 'creator-a@test.local')), 'an influencer joins its topic');
select ok(tests.may_join('creator-b@test.local', tests.topic('influencer', 'creator-b@test.local')), 'the other influencer joins its own');
select ok(not tests.may_join('creator-a@test.local', tests.topic('influencer', 'creator-b@test.local')), 'an influencer does not join another''s topic');
select ok(not tests.may_join('creator-b@test.local', tests.topic('influencer', 'creator-a@test.local')), 'nor the other way round');
select ok(not tests.may_join('shop-a@test.local', tests.topic('influencer', 'creator-a@test.local')), 'a business does not join an influencer topic of its seller');
select ok(not tests.may_join('shop-a@test.local', tests.topic('influencer', 'shop-a@test.local')), 'a business has no influencer topic');
select ok(not tests.may_join('admin@test.local', tests.topic('influencer', 'creator-a@test.local')), 'an admin does not join an influencer topic');
select ok(tests.may_join('pending@test.local', tests.topic('influencer', 'pending@test.local')), 'a pending influencer joins its own topic');
select ok(not tests.may_join('anon', tests.topic('influencer', 'creator-a@test.local')), 'anon does not join an influencer topic');

-- joining: user topics and the rest ---------------------------------------------------------------------

select ok(tests.may_join('pending@test.local', tests.topic('user', 'pending@test.local')), 'a pending account joins its user topic');
select ok(tests.may_join('rejected@test.local', tests.topic('user', 'rejected@test.local')), 'a rejected account joins its user topic');
select ok(tests.may_join('pending-admin@test.local', tests.topic('user', 'pending-admin@test.local')), 'a pending admin joins its user topic');
select ok(tests.may_join('shop-a@test.local', tests.topic('user', 'shop-a@test.local')), 'a business joins its user topic');
select ok(tests.may_join('creator-a@test.local', tests.topic('user', 'creator-a@test.local')), 'an influencer joins its user topic');
select ok(not tests.may_join('creator-a@test.local', tests.topic('user', 'creator-b@test.local')), 'an influencer does not join another account''s user topic');
select ok(not tests.may_join('admin@test.local', tests.topic('user', 'pending@test.local')), 'an admin does not join another account''s user topic');
select ok(not tests.may_join('anon', tests.topic('user', 'pending@test.local')), 'anon does not join a user topic');
select ok(not tests.may_join('admin@test.local', 'orders'), 'no one joins a topic of no rule');
select ok(not tests.may_join('admin@test.local', 'admin', 'presence'), 'the policy is for broadcast only');

-- sending from clients is refused ---------------------------------------------------------------------

select tests.authenticate_as('shop-a@test.local');
select throws_ok(
  format($q$insert into realtime.messages (topic, extension, event, payload, private)
            values (%L, 'broadcast', 'orders', '{}', true)$q$, tests.topic('shop', 'shop-a@test.local')),
  '42501', null, 'a business cannot insert a message into its own topic');
set local client_min_messages = error; -- realtime.send's WARNING is the expected outcome
select realtime.send('{"table": "orders"}', 'orders', tests.topic('shop', 'shop-a@test.local'));
reset client_min_messages;
select tests.act_as_owner();
select is((select count(*) from realtime.messages where payload = '{"table": "orders"}'::jsonb)::int, 0,
  'realtime.send as a signed-in user sends nothing (the policy refuses it, realtime.send only warns)');
select tests.act_as_anon();
select throws_ok($q$insert into realtime.messages (topic, extension) values ('admin', 'broadcast')$q$,
  '42501', null, 'anon cannot insert a message');
select tests.authenticate_as('admin@test.local');
select throws_ok($q$insert into realtime.messages (topic, extension, private) values ('admin', 'broadcast', true)$q$,
  '42501', null, 'an admin cannot insert a message either');
select is_empty($q$update realtime.messages set topic = 'admin' returning id$q$, 'a client updates no message');
select tests.act_as_owner();

-- what the triggers send ------------------------------------------------------------------------------

select tests.create_order('creator-a@test.local', 'Live Scarf', 'Tuol Kouk', 'Boeng Kak Ti Muoy') as order_id \gset
select is(tests.sent_about(:'order_id'),
  format('admin orders INSERT, %s orders INSERT, %s orders INSERT',
         tests.topic('influencer', 'creator-a@test.local'), tests.topic('shop', 'shop-a@test.local')),
  'a new order goes to admin, its shop and its influencer');
select is((select array_agg(distinct k order by k) from realtime.messages m, jsonb_object_keys(m.payload) k
           where m.payload ->> 'id' = :'order_id'),
  array['id', 'op', 'table'], 'an order''s message names the table, the operation and the id, nothing else');
select ok((select bool_and(m.private) from realtime.messages m where m.payload ->> 'id' = :'order_id'),
  'every message is private');

delete from realtime.messages;
select tests.move_order(:'order_id', 'ready_for_pickup');
select is(tests.sent_about(:'order_id'),
  format('admin orders UPDATE, %s orders UPDATE, %s orders UPDATE',
         tests.topic('influencer', 'creator-a@test.local'), tests.topic('shop', 'shop-a@test.local')),
  'a status change goes to the same three topics');

delete from realtime.messages;
update public.users set status = 'approved', decided_at = now() where id = tests.user_id('pending@test.local');
select is(tests.sent_about(tests.user_id('pending@test.local')),
  format('admin users UPDATE, %s users UPDATE', tests.topic('user', 'pending@test.local')),
  'an account''s approval goes to admin and to the account itself');

delete from realtime.messages;
select tests.create_campaign('shop-b@test.local', 'Live Bag') as bag_id \gset
select is(tests.sent_about(:'bag_id'), format('%s campaigns INSERT', tests.topic('shop', 'shop-b@test.local')),
  'a new campaign goes to its shop only');
select tests.create_link('creator-b@test.local', 'Live Bag', 'pending') as link_id \gset
select is(tests.sent_about(:'link_id'),
  format('admin affiliate_links INSERT, %s affiliate_links INSERT, %s affiliate_links INSERT',
         tests.topic('influencer', 'creator-b@test.local'), tests.topic('shop', 'shop-b@test.local')),
  'a link application goes to admin, the influencer and the campaign''s shop');
delete from realtime.messages;
update public.campaigns set price_cents = 2600 where id = :'bag_id';
select is(tests.sent_about(:'bag_id'),
  format('%s campaigns UPDATE, %s campaigns UPDATE',
         tests.topic('influencer', 'creator-b@test.local'), tests.topic('shop', 'shop-b@test.local')),
  'a campaign change also goes to every influencer with a link to it');

-- Clicks: at most once per link per 5-second window.
delete from realtime.messages;
insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, clicks, last_click_at)
values (:'link_id', tests.user_id('creator-b@test.local'), tests.user_id('shop-b@test.local'), 1,
        to_timestamp(floor(extract(epoch from now()) / 5) * 5));
select is((select count(*) from realtime.messages where topic = 'admin')::int, 1, 'a link''s first click is sent');
update public.link_click_counts set clicks = clicks + 1, last_click_at = last_click_at + interval '1 second'
where affiliate_link_id = :'link_id';
update public.link_click_counts set clicks = clicks + 1, last_click_at = last_click_at + interval '3 seconds'
where affiliate_link_id = :'link_id';
select is((select count(*) from realtime.messages where topic = 'admin')::int, 1, 'more clicks in the same window are not');
update public.link_click_counts set clicks = clicks + 1, last_click_at = last_click_at + interval '2 seconds'
where affiliate_link_id = :'link_id';
select is(tests.sent_about(:'link_id'),
  format('admin link_click_counts INSERT, admin link_click_counts UPDATE, %s link_click_counts INSERT, %s link_click_counts UPDATE, %s link_click_counts INSERT, %s link_click_counts UPDATE',
         tests.topic('influencer', 'creator-b@test.local'), tests.topic('influencer', 'creator-b@test.local'),
         tests.topic('shop', 'shop-b@test.local'), tests.topic('shop', 'shop-b@test.local')),
  'the first click of the next window is sent, to admin, the influencer and the shop');

-- A keyword trigger goes to its influencer only.
delete from realtime.messages;
select tests.create_keyword_trigger(tests.link_id('creator-a@test.local', 'Live Scarf'), 'LIVE') as trigger_id \gset
select is(tests.sent_about(:'trigger_id'), format('%s keyword_triggers INSERT', tests.topic('influencer', 'creator-a@test.local')),
  'a keyword trigger goes to its influencer only');

-- An influencer's Instagram account and Facebook Page go to their influencer only: connected, and
-- a token refused (the card must say so without a reload).
delete from realtime.messages;
insert into public.instagram_accounts (influencer_id, ig_user_id, username, token_ciphertext, token_expires_at, token_issued_at)
values (tests.user_id('creator-a@test.local'), '17841400000000009', 'live.kh', 'c2VhbGVk', now() + interval '60 days', now());
select is(tests.sent_about(tests.user_id('creator-a@test.local')),
  format('%s instagram_accounts INSERT', tests.topic('influencer', 'creator-a@test.local')),
  'a connected Instagram account goes to its influencer only');
delete from realtime.messages;
update public.instagram_accounts set token_refused_at = now() where username = 'live.kh';
select is(tests.sent_about(tests.user_id('creator-a@test.local')),
  format('%s instagram_accounts UPDATE', tests.topic('influencer', 'creator-a@test.local')),
  'so does its refused token');
delete from realtime.messages;
insert into public.facebook_pages (influencer_id, page_id, page_name, token_ciphertext)
values (tests.user_id('creator-a@test.local'), '104000000000009', 'Live Shop', 'c2VhbGVk');
select is(tests.sent_about(tests.user_id('creator-a@test.local')),
  format('%s facebook_pages INSERT', tests.topic('influencer', 'creator-a@test.local')),
  'and a connected Facebook Page');
delete from realtime.messages;
delete from public.facebook_pages where page_id = '104000000000009';
select is(tests.sent_about(tests.user_id('creator-a@test.local')),
  format('%s facebook_pages DELETE', tests.topic('influencer', 'creator-a@test.local')),
  'and its disconnection');

-- A payout request goes to admin and to its owner's topic.
delete from realtime.messages;
insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents)
values (tests.user_id('creator-a@test.local'), 100, 100, 0) returning id as payout_id \gset
select is(tests.sent_about(:'payout_id'),
  format('admin payout_requests INSERT, %s payout_requests INSERT', tests.topic('influencer', 'creator-a@test.local')),
  'a payout request goes to admin and its influencer');

-- Nothing sent carries a phone or an email.
select is_empty($q$select 1 from realtime.messages where payload::text ~ '(\+855|@)'$q$,
  'no message carries a phone or an email');

-- A message that cannot be stored never fails the change it reports (no partition for today).
delete from realtime.messages;
select format('realtime.%I', 'messages_' || to_char(now() at time zone 'utc', 'YYYY_MM_DD')) as today_partition \gset
alter table realtime.messages detach partition :today_partition;
set local client_min_messages = error; -- the WARNING is the expected outcome
select lives_ok($q$select tests.create_order('creator-a@test.local', 'Live Scarf', 'Tuol Kouk', 'Boeng Kak Ti Muoy')$q$,
  'a checkout still succeeds when its live events cannot be stored');
reset client_min_messages;
select is((select count(*) from realtime.messages)::int, 0, 'and no message was stored');
alter table realtime.messages attach partition :today_partition
  for values from (date_trunc('day', now() at time zone 'utc')) to (date_trunc('day', now() at time zone 'utc') + interval '1 day');

-- Joining does not depend on messages: a member joins before anything was ever sent.
delete from realtime.messages;
select ok(tests.may_join('shop-b@test.local', tests.topic('shop', 'shop-b@test.local')), 'joining needs no earlier message');

select * from finish();
rollback;
