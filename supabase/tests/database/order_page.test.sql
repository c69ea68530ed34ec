-- The customer's order page: private.issue_tracking_token, tracked_order_id,
-- confirm_order_by_customer and cancel_order_by_customer, executable by service_role only (the api
-- function calls them for a customer without an account). A token is kept as its hash; confirming
-- twice changes nothing; cancelling works while the shop has the order and is refused once it is on
-- its way, naming where it is.
begin;
\ir helpers.psql

select plan(19);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Page Soap');
  perform tests.create_link('influencer@test.local', 'PgTAP Page Soap', 'approved');
  perform tests.create_zone('PgTAP Page Khan', 'PgTAP Page Sangkat', 150);
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Page Soap', 'PgTAP Page Khan', 'PgTAP Page Sangkat') as order_a \gset
select tests.create_order('influencer@test.local', 'PgTAP Page Soap', 'PgTAP Page Khan', 'PgTAP Page Sangkat') as order_b \gset
select private.issue_tracking_token(:'order_a') as token_a \gset
select private.issue_tracking_token(:'order_a') as token_a2 \gset

-- tokens -------------------------------------------------------------------------------------------

select matches(:'token_a'::text, '^[A-Za-z0-9_-]{32}$', 'a token is 32 base64url characters');
select isnt(:'token_a'::text, :'token_a2'::text, 'each answer gets a token of its own');
select is(private.tracked_order_id(:'token_a'), :'order_a'::uuid, 'a token opens its order');
select is(private.tracked_order_id(:'token_a2'), :'order_a'::uuid, 'and so does the second one');
-- Another first letter (a token begins with 'A' one time in 64).
select is(private.tracked_order_id(case when left(:'token_a', 1) = 'A' then 'B' else 'A' end || substr(:'token_a', 2)), null,
  'a token off by one letter opens nothing');
select is_empty(format($$select 1 from private.order_tracking_tokens where token_hash = convert_to(%L, 'UTF8')$$, :'token_a'),
  'the token itself is not stored, only its hash');
select is((select confirmation::text from public.orders where id = :'order_a'), 'unconfirmed', 'a new order is unconfirmed');

-- who may call them -----------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(format($$select private.tracked_order_id(%L)$$, :'token_a'), '42501', null, 'anon cannot look up a token');
select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select private.cancel_order_by_customer(%L)$$, :'order_a'), '42501', null,
  'an admin''s token cannot cancel as the customer');
select throws_ok(format($$select private.confirm_order_by_customer(%L)$$, :'order_a'), '42501', null,
  'nor confirm as the customer');
select tests.act_as_owner();
select is_empty($$select 1 from pg_proc p where p.proname in ('issue_tracking_token', 'tracked_order_id',
    'confirm_order_by_customer', 'cancel_order_by_customer')
    and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))$$,
  'no client role executes the order page''s functions');

-- confirm ------------------------------------------------------------------------------------------------

select tests.act_as_service_role();
select is((private.confirm_order_by_customer(:'order_a')).confirmation::text, 'confirmed_by_customer',
  'the customer confirms a new order');
select is((private.confirm_order_by_customer(:'order_a')).confirmation::text, 'confirmed_by_customer',
  'confirming again changes nothing');

-- cancel -------------------------------------------------------------------------------------------------

select results_eq(format($$select status::text, cancellation_reason::text from private.cancel_order_by_customer(%L)$$, :'order_a'),
  $$values ('cancelled', 'customer_cancelled')$$, 'the customer cancels a new order: customer_cancelled');
select results_eq(format($$select from_status::text, changed_by, note from public.order_status_history
                          where order_id = %L and to_status = 'cancelled'$$, :'order_a'),
  $$values ('new_order', null::uuid, 'Cancelled by the customer')$$, 'recorded in the history, by nobody');
select throws_ok(format($$select private.cancel_order_by_customer(%L)$$, :'order_a'), '55000',
  'This order is cancelled: it can no longer be cancelled here. Please call the shop', 'a cancelled order is refused');
select tests.act_as_owner();
select tests.move_order(:'order_b', 'out_for_delivery');
select tests.act_as_service_role();
select throws_ok(format($$select private.cancel_order_by_customer(%L)$$, :'order_b'), '55000',
  'This order is out for delivery: it can no longer be cancelled here. Please call the shop',
  'an order on its way is refused, naming where it is');
select throws_ok(format($$select private.confirm_order_by_customer(%L)$$, :'order_b'), '55000',
  'This order is out for delivery: there is nothing left to confirm', 'and has nothing left to confirm');
select tests.act_as_owner();
select is((select count(*) from public.audit_log where created_at = now() and target_id in (:'order_a', :'order_b')), 2::bigint,
  'only the admin''s two steps of order B are audited, not the customer''s actions');

select * from finish();
rollback;
