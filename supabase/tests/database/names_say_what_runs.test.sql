-- Names say what runs: a function named like a trigger (on_..., ..._trigger) is a trigger
-- function, every trigger function is some trigger's, and the work a function calls is named for
-- what it does (the ledger's posting, the checkout's fraud flags).
begin;
\ir helpers.psql

select plan(9);

-- (A keyword trigger is the product's Instagram automation, public.keyword_triggers: its functions
-- are named for it.)
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
      and (p.proname like 'on\_%' or p.proname like '%\_trigger') and p.proname not like '%keyword\_trigger'
      and p.prorettype <> 'trigger'::regtype$$,
  'no called function of public or private is named like a trigger');
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.prorettype = 'trigger'::regtype
      and not exists (select from pg_trigger t where t.tgfoid = p.oid)$$,
  'every trigger function of public and private is run by a trigger');

-- The ledger's posting: called by change_order_status, under names for what they post.
select hasnt_function('private', 'on_order_delivered', 'private.on_order_delivered is gone');
select hasnt_function('private', 'on_order_undelivered', 'private.on_order_undelivered is gone');
select function_returns('private', 'post_delivery', array['uuid'], 'void', 'private.post_delivery(uuid) posts a delivery');
select function_returns('private', 'reverse_delivery', array['uuid'], 'void',
  'private.reverse_delivery(uuid) posts its reversal');
select ok(
  (select prosrc from pg_proc where oid = 'public.change_order_status(uuid, text, text, text)'::regprocedure)
    ~ 'perform private\.post_delivery\(p_order_id\).*perform private\.reverse_delivery\(p_order_id\)',
  'change_order_status calls both');

-- The checkout's fraud flags: called by place_order.
select function_returns('private', 'flag_order', array['orders', 'text'], 'orders',
  'private.flag_order(orders, text) answers the order as stored');
select ok(
  (select prosrc from pg_proc
   where oid = 'private.place_order(uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text)'::regprocedure)
    ~ 'private\.flag_order\(new_order, p_customer_phone\)',
  'place_order calls it');

select * from finish();
rollback;
