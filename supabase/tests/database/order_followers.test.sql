-- Customers following their order on Telegram (issue 28): an order page's token, spent once and
-- within fifteen minutes, makes a chat follow the order in the page's language; each status change
-- then queues one notice per following chat in the change's own transaction (the product and the
-- status, never the phone); the drain's claim answers the follower's chat and language. Followers
-- and tokens are out of every client role's reach.
begin;
\ir helpers.psql

select plan(15);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_campaign('shop@test.local', 'TG Follow Soap');
  perform tests.create_link('creator@test.local', 'TG Follow Soap', 'approved');
  perform tests.create_zone('TG Follow District', 'TG Follow Commune', 150);
end
$$;
select tests.create_order('creator@test.local', 'TG Follow Soap', 'TG Follow District', 'TG Follow Commune') as order_a \gset
select tests.create_order('creator@test.local', 'TG Follow Soap', 'TG Follow District', 'TG Follow Commune') as order_b \gset
select tests.act_as_owner();
select private.new_order_follow_token(:'order_a', 'km') as token_a \gset
select private.new_order_follow_token(:'order_b', 'en') as token_b \gset

create function tests.follower_notices(p_chat_id bigint) returns table (status text, reason text)
language sql stable security definer set search_path = ''
as $$
  select o.payload ->> 'status', o.payload ->> 'cancellation_reason' from private.telegram_outbox o
  join private.order_followers f on f.id = o.order_follower_id
  where f.chat_id = p_chat_id order by o.id
$$;

-- tokens -------------------------------------------------------------------------------------------

select matches(:'token_a'::text, '^[A-Za-z0-9_-]{32}$', 'a token is 32 characters of a t.me start parameter');
select is((select count(*) from private.order_follow_tokens where token_hash = extensions.digest(:'token_a', 'sha256')),
  1::bigint, 'only its hash is kept');
select results_eq(format($$select order_number, status::text, language::text from private.follow_order_in_telegram(%L, 7001)$$, :'token_a'),
  format($$values ((select order_number from public.orders where id = %L), 'new_order', 'km')$$, :'order_a'),
  'spending it makes the chat follow the order, answering its number, status and the page''s language');
select is_empty(format($$select * from private.follow_order_in_telegram(%L, 7002)$$, :'token_a'),
  'a token works once');
update private.order_follow_tokens set expires_at = now() - interval '1 second'
  where token_hash = extensions.digest(:'token_b', 'sha256');
select is_empty(format($$select * from private.follow_order_in_telegram(%L, 7002)$$, :'token_b'),
  'an expired token follows nothing');
select is_empty($$select * from private.follow_order_in_telegram('not-a-token', 7002)$$, 'an unknown one neither');
select results_eq(format($$select chat_id, language::text from private.order_followers where order_id = %L$$, :'order_a'),
  $$values (7001::bigint, 'km')$$, 'the order has the one chat that spent its token');

-- notices --------------------------------------------------------------------------------------------

select tests.move_order(:'order_a', 'ready_for_pickup');
select tests.authenticate_as('admin@test.local');
select (public.change_order_status(:'order_a', 'cancelled', null, 'out_of_stock')).status as ignored \gset
select tests.act_as_owner();
select tests.move_order(:'order_b', 'ready_for_pickup');
select results_eq($$select * from tests.follower_notices(7001)$$,
  $$values ('ready_for_pickup', null), ('cancelled', 'out_of_stock')$$,
  'each status change of the followed order queues one notice, with the reason of a cancellation');
select is((select count(*) from private.telegram_outbox o join private.order_followers f on f.id = o.order_follower_id
           where f.order_id = :'order_b'), 0::bigint, 'an order nobody follows queues nothing');
select ok((select bool_and(not (o.payload ? 'customer_phone') and not (o.payload ? 'address_line'))
           from private.telegram_outbox o where o.order_follower_id is not null),
  'a notice carries neither the phone nor the address');
select results_eq($$select chat_id, language::text, kind::text from private.claim_telegram_outbox(100) where chat_id = 7001$$,
  $$values (7001::bigint, 'km', 'order_status'), (7001::bigint, 'km', 'order_status')$$,
  'the drain''s claim answers the follower''s chat and language');
select throws_ok($$insert into private.telegram_outbox (kind, payload) values ('order_status', '{}')$$, '23514', null,
  'a notice goes to exactly one chat');

-- who reaches them -----------------------------------------------------------------------------------

select ok(not has_table_privilege('authenticated', 'private.order_followers', 'select')
          and not has_table_privilege('anon', 'private.order_followers', 'select')
          and not has_table_privilege('authenticated', 'private.order_follow_tokens', 'select'),
  'no client role reads followers or tokens');
select ok(not has_function_privilege('authenticated', 'private.new_order_follow_token(uuid, public.telegram_language)', 'execute')
          and not has_function_privilege('anon', 'private.follow_order_in_telegram(text, bigint)', 'execute'),
  'no client role makes or spends a token');
select ok(has_function_privilege('service_role', 'private.follow_order_in_telegram(text, bigint)', 'execute'),
  'the webhook (service role) spends them');

select * from finish();
rollback;
