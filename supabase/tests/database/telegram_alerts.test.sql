-- Telegram alerts in the database: linked chats (public.telegram_chats) are read, switched and
-- unlinked by their owner only, and created by no client role; the link tokens and the outbox
-- (private) are out of every client role's reach, as are the functions that make and spend tokens
-- and claim notices. The triggers queue one notice per interested chat in the event's own
-- transaction: a new order for the shop's and the admins' chats (never the customer's phone), a
-- completed payout for the payee's, a sign-up for the admins'.
begin;
\ir helpers.psql

select plan(46);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('other-shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_campaign('shop@test.local', 'TG Kampot Pepper');
  perform tests.create_campaign('other-shop@test.local', 'TG Palm Sugar');
  perform tests.create_link('creator@test.local', 'TG Kampot Pepper', 'approved');
  perform tests.create_link('creator@test.local', 'TG Palm Sugar', 'approved');
  perform tests.create_zone('TG District', 'TG Commune', 150);
end
$$;

-- Links made the way the webhook makes them: a token, then /start with it.
create function tests.link_chat(p_email text, p_chat_id bigint, p_language public.telegram_language default 'en')
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  token text := private.new_telegram_link_token(tests.user_id(p_email), p_language);
begin
  return (private.link_telegram_chat(token, p_chat_id, 'Chat ' || p_chat_id)).id;
end
$$;
grant execute on function tests.link_chat(text, bigint, public.telegram_language) to anon, authenticated, service_role;

create function tests.queued(p_chat_id bigint) returns table (kind text, payload jsonb)
language sql stable security definer set search_path = ''
as $$
  select o.kind::text, o.payload from private.telegram_outbox o
  join public.telegram_chats c on c.id = o.telegram_chat_id
  where c.chat_id = p_chat_id order by o.id
$$;
grant execute on function tests.queued(bigint) to anon, authenticated, service_role;

-- tokens -------------------------------------------------------------------------------------------

select matches(private.new_telegram_link_token(tests.user_id('shop@test.local'), 'km'), '^[A-Za-z0-9_-]{32}$',
  'a link token is 32 characters Telegram accepts after ?start=');
create temporary table made_token as
  select private.new_telegram_link_token(tests.user_id('shop@test.local'), 'en') as token;
select results_eq($$select t.token_hash from private.telegram_link_tokens t, made_token m
                    where t.token_hash = extensions.digest(m.token, 'sha256')$$,
  $$select extensions.digest(token, 'sha256') from made_token$$, 'the SHA-256 of the token is stored');
select is((select count(*)::int from private.telegram_link_tokens t, made_token m
           where t.token_hash = convert_to(m.token, 'UTF8')), 0, 'and never the token itself');

select lives_ok($$select tests.link_chat('shop@test.local', 1001, 'km')$$, 'a token links a chat');
select results_eq($$select title, language, notify_new_orders, notify_payouts, notify_signups
                    from public.telegram_chats where chat_id = 1001$$,
  $$values ('Chat 1001'::text, 'km'::public.telegram_language, true, true, true)$$, 'the chat takes the token''s language, every notice on');

do $$
declare
  token text := private.new_telegram_link_token(tests.user_id('shop@test.local'), 'en');
begin
  perform private.link_telegram_chat(token, 1002, 'First');
  create temporary table second_use as select (private.link_telegram_chat(token, 1003, 'Second')).id;
end
$$;
select is((select id from second_use), null, 'a spent token links nothing');
select is((select count(*)::int from public.telegram_chats where chat_id = 1003), 0, 'the second chat stays unlinked');

do $$
declare
  token text := private.new_telegram_link_token(tests.user_id('shop@test.local'), 'en');
begin
  update private.telegram_link_tokens set expires_at = now() - interval '1 second'
  where token_hash = extensions.digest(token, 'sha256');
  create temporary table expired_use as select (private.link_telegram_chat(token, 1004, 'Late')).id;
end
$$;
select is((select id from expired_use), null, 'an expired token links nothing');
select is((select id from (select (private.link_telegram_chat('no-such-token', 1005, 'x')).id) t), null,
  'an unknown token links nothing');

select lives_ok($$select tests.link_chat('other-shop@test.local', 2001)$$, 'another shop links its chat');
select lives_ok($$select tests.link_chat('admin@test.local', 3001)$$, 'an admin links a chat');
select lives_ok($$select tests.link_chat('admin@test.local', 3002)$$, 'an admin links a second chat');
update public.telegram_chats set notify_new_orders = false, notify_signups = false where chat_id = 3002;

-- the triggers ------------------------------------------------------------------------------------

select tests.create_order('creator@test.local', 'TG Kampot Pepper', 'TG District', 'TG Commune', 2, '+85512345678');

select results_eq($$select kind, payload - 'order_number' from tests.queued(1001)$$,
  $$values ('new_order'::text, '{"product_name": "TG Kampot Pepper", "quantity": 2, "total_cents": 5150,
            "province": "Phnom Penh", "district": "TG District", "commune": "TG Commune",
            "province_km": "ភ្នំពេញ", "district_km": "TG District", "commune_km": "TG Commune",
            "recipient_name": "PgTAP Recipient", "address_line": "House 1, Street 2", "landmark": null,
            "delivery_note": null}'::jsonb)$$,
  'a new order is queued for the shop''s chat with product, quantity, total, place in both scripts, recipient and address');
select matches((select payload ->> 'order_number' from tests.queued(1001)), '^SL-[0-9]{6,9}$', 'with its order number');
select is((select count(*)::int from tests.queued(1001) where payload::text like '%12345678%'), 0,
  'and never the customer''s phone');
select is((select count(*)::int from tests.queued(1002)), 1, 'every chat of the shop gets it');
select is((select count(*)::int from tests.queued(2001)), 0, 'another shop''s chat does not');
select is((select count(*)::int from tests.queued(3001) where kind = 'new_order'), 1, 'an admin''s chat gets it');
select is((select count(*)::int from tests.queued(3002)), 0, 'an admin''s chat with new orders off does not');

select tests.create_user('newcomer@test.local', 'influencer');
select results_eq($$select kind, payload from tests.queued(3001) where kind = 'new_signup'$$,
  $$values ('new_signup'::text, '{"user_type": "influencer", "name": null, "email": "newcomer@test.local"}'::jsonb)$$,
  'a sign-up is queued for the admins'' chats that want it');
select is((select count(*)::int from tests.queued(1001) where kind = 'new_signup'), 0, 'a shop is not told of sign-ups');

insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents)
values (tests.user_id('shop@test.local'), 3060, 3600, 540);
update public.payout_requests set status = 'completed', completed_at = now(),
  completed_by = tests.user_id('admin@test.local'), aba_reference = 'ABA-77'
where user_id = tests.user_id('shop@test.local');
select results_eq($$select payload from tests.queued(1001) where kind = 'payout_completed'$$,
  $$values ('{"amount_cents": 3060, "aba_reference": "ABA-77"}'::jsonb)$$, 'a completed payout is queued for the payee');
select is((select count(*)::int from tests.queued(2001) where kind = 'payout_completed'), 0, 'and for nobody else');

-- claiming ----------------------------------------------------------------------------------------

select tests.act_as_service_role();
select is((select count(*)::int from private.claim_telegram_outbox(100)), 6, 'the drain claims every due notice');
select is((select count(*)::int from private.claim_telegram_outbox(100)), 0, 'a claimed notice is leased to its drain');
select tests.act_as_owner();

-- An influencer's connection Meta no longer accepts: told once per refused token, to their chats
-- only, whatever the chat switched off.
select tests.link_chat('creator@test.local', 4001, 'km');
update public.telegram_chats set notify_new_orders = false, notify_payouts = false where chat_id = 4001;
insert into public.instagram_accounts (influencer_id, ig_user_id, username, token_ciphertext, token_expires_at, token_issued_at)
values (tests.user_id('creator@test.local'), '17841400000000077', 'tg.creator', 'c2VhbGVk', now() + interval '60 days', now());
insert into public.facebook_pages (influencer_id, page_id, page_name, token_ciphertext)
values (tests.user_id('creator@test.local'), '104000000000077', 'TG Creator Page', 'c2VhbGVk');
select is((select count(*)::int from tests.queued(4001)), 0, 'connecting tells nothing');
update public.instagram_accounts set token_refused_at = now() where username = 'tg.creator';
update public.facebook_pages set token_refused_at = now() where page_name = 'TG Creator Page';
select results_eq($$select kind, payload from tests.queued(4001)$$,
  $$values ('connection_refused'::text, '{"platform": "instagram", "name": "@tg.creator"}'::jsonb),
           ('connection_refused'::text, '{"platform": "facebook", "name": "TG Creator Page"}'::jsonb)$$,
  'a refused Instagram token and a refused Page token are told to the influencer''s chat, with all its switches off');
update public.instagram_accounts set token_refused_at = now() + interval '1 minute' where username = 'tg.creator';
update public.instagram_accounts set username = 'tg.creator2' where username = 'tg.creator';
select is((select count(*)::int from tests.queued(4001)), 2, 'a refused token is told once');
update public.instagram_accounts set token_ciphertext = 'bmV3' where username = 'tg.creator2';
update public.instagram_accounts set token_refused_at = now() where username = 'tg.creator2';
select is((select count(*)::int from tests.queued(4001)), 3, 'the next token''s refusal is told again');
select is((select count(*)::int from tests.queued(1001) where kind = 'connection_refused'), 0, 'and nobody else is told');

-- the shop ------------------------------------------------------------------------------------------

select tests.authenticate_as('shop@test.local');
select results_eq($$select chat_id from public.telegram_chats order by chat_id$$, $$values (1001::bigint), (1002::bigint)$$,
  'a business reads its own chats only');
select results_eq($$update public.telegram_chats set notify_new_orders = false, language = 'en' returning chat_id$$,
  $$values (1001::bigint), (1002::bigint)$$, 'a business switches its own chats');
select is_empty($$update public.telegram_chats set notify_payouts = false where chat_id = 2001 returning 1$$,
  'a business cannot switch another shop''s chat');
select throws_ok($$update public.telegram_chats set chat_id = 9 where chat_id = 1001$$, '42501', null,
  'a business cannot point its chat elsewhere');
select throws_ok($$update public.telegram_chats set user_id = tests.user_id('other-shop@test.local')$$, '42501', null,
  'a business cannot give its chat to another account');
select throws_ok($$insert into public.telegram_chats (user_id, chat_id, title)
                   values (tests.user_id('shop@test.local'), 77, 'forged')$$, '42501', null,
  'a business cannot link a chat without Telegram');
select is_empty($$delete from public.telegram_chats where chat_id = 2001 returning 1$$,
  'a business cannot unlink another shop''s chat');
select throws_ok($$select * from private.telegram_outbox$$, '42501', null, 'a business cannot read the outbox');
select throws_ok($$select * from private.telegram_link_tokens$$, '42501', null, 'a business cannot read the tokens');
select throws_ok(format($$select private.new_telegram_link_token(%L, 'en')$$, tests.user_id('shop@test.local')), '42501', null,
  'a business cannot make a token directly');
select throws_ok($$select private.link_telegram_chat('x', 1, 'x')$$, '42501', null, 'a business cannot spend a token directly');
select throws_ok($$select * from private.claim_telegram_outbox(1)$$, '42501', null, 'a business cannot claim notices');
select results_eq($$delete from public.telegram_chats where chat_id = 1002 returning chat_id$$, $$values (1002::bigint)$$,
  'a business unlinks its own chat');

-- the admin and anon -------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq($$select chat_id from public.telegram_chats order by chat_id$$, $$values (3001::bigint), (3002::bigint)$$,
  'an admin reads their own chats, not the shops''');

select tests.act_as_anon();
select throws_ok($$select * from public.telegram_chats$$, '42501', null, 'anon cannot read chats');
select throws_ok($$delete from public.telegram_chats$$, '42501', null, 'anon cannot unlink chats');

select * from finish();
rollback;
