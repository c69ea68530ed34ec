-- public.audit_log: each admin action (account and link decisions with reasons, order status
-- changes and cancellations, payout completions, settings and delivery-fee changes) writes one
-- entry with its actor and before/after values, in the action's own transaction; what others do
-- writes nothing. Only approved admins read the log; no role inserts, updates, deletes or
-- truncates it directly, and the table's owner cannot update, delete or truncate it either.
begin;
\ir helpers.psql
select tests.release_deliveries_at_once();

select plan(36);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('applicant-ok@test.local', 'business', 'pending_approval');
  perform tests.create_user('applicant-no@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('linker@test.local', 'influencer', 'approved');
  perform tests.create_user('other-linker@test.local', 'influencer', 'approved');
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Audit Lamp', 2000, 0.10);
  perform tests.create_link('influencer@test.local', 'PgTAP Audit Lamp', 'approved');
  perform tests.create_link('linker@test.local', 'PgTAP Audit Lamp', 'pending');
  perform tests.create_link('other-linker@test.local', 'PgTAP Audit Lamp', 'pending');
  perform tests.create_zone('PgTAP Audit Khan', 'PgTAP Audit Sangkat', 150);
  perform tests.set_bank_details('influencer@test.local');
end
$$;
select tests.create_order('influencer@test.local', 'PgTAP Audit Lamp', 'PgTAP Audit Khan', 'PgTAP Audit Sangkat') as paid_order \gset
select tests.create_order('influencer@test.local', 'PgTAP Audit Lamp', 'PgTAP Audit Khan', 'PgTAP Audit Sangkat') as cancelled_order \gset
select c.code as zone_id from public.communes c join public.districts d on d.code = c.district_code
where d.name_en = 'PgTAP Audit Khan' \gset
select order_number as cancelled_number from public.orders where id = :'cancelled_order' \gset

-- This test's entries (written in its transaction, so stamped with its now(): the database may
-- hold others), read as the owner whatever role the test acts as.
create function tests.audit_entries(p_action public.audit_action)
returns table (actor_email text, target_type text, target_id text, details jsonb)
language sql stable security definer set search_path = ''
as $$
  select actor_email, target_type::text, target_id, details from public.audit_log
  where action = p_action and created_at = now() order by id
$$;
create function tests.audit_count() returns bigint
language sql stable security definer set search_path = ''
as $$ select count(*) from public.audit_log where created_at = now() $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- what others do is not recorded --------------------------------------------------------------------

select is(tests.audit_count(), 0::bigint, 'fixtures, checkouts and owner changes write no entry');
select tests.deliver_order(:'paid_order');
select is(tests.audit_count(), 3::bigint, 'the admin''s three steps to delivered write three entries');
select tests.authenticate_as('influencer@test.local');
select lives_ok('select public.request_payout()', 'the influencer requests a payout');
select tests.authenticate_as('business@test.local');
select lives_ok(format('update public.delivery_zones set fee_cents = 999 where commune_code = %L', :'zone_id'),
  'a business''s update of a delivery fee runs and changes nothing (the policy lets only admins)');
select tests.act_as_owner();
update public.marketplace_settings set commission_hold_days = 0 where id;
update public.delivery_zones set fee_cents = 175 where commune_code = :'zone_id';
select is(tests.audit_count(), 3::bigint, 'a payout request and the owner''s own changes write no entry');

-- one entry per admin action ----------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select public.set_user_status(tests.user_id('applicant-ok@test.local'), 'approved');
select public.set_user_status(tests.user_id('applicant-no@test.local'), 'rejected', '  No shop page  ');
select public.decide_affiliate_link(tests.link_id('linker@test.local', 'PgTAP Audit Lamp'), 'approved');
select public.decide_affiliate_link(tests.link_id('other-linker@test.local', 'PgTAP Audit Lamp'), 'rejected', 'Audience too small');
-- A link's decision is recorded when the transaction commits (its reason is written after the
-- link); this makes the deferred trigger run now.
set constraints public.affiliate_links_audit_decision immediate;
select public.change_order_status(:'cancelled_order', 'cancelled', 'Customer phoned', 'customer_refused');
select public.complete_payouts(tests.user_id('influencer@test.local'), 'ABA-77');
select public.update_marketplace_settings(4150, null);
select public.update_marketplace_settings(4150, null);
update public.delivery_zones set fee_cents = 225 where commune_code = :'zone_id';
update public.provinces set delivery_fee_cents = 275, delivery_hours_max = 48 where code = '17';

select results_eq($$select * from tests.audit_entries('user.approve')$$,
  format($$values ('admin@test.local', 'user', %L, %L::jsonb)$$, tests.user_id('applicant-ok@test.local'),
    '{"before": {"status": "pending_approval"}, "after": {"status": "approved"}, "email": "applicant-ok@test.local", "user_type": "business"}'),
  'an approval: actor, the account, status before and after');
select results_eq($$select * from tests.audit_entries('user.reject')$$,
  format($$values ('admin@test.local', 'user', %L, %L::jsonb)$$, tests.user_id('applicant-no@test.local'),
    '{"before": {"status": "pending_approval", "rejection_reason": null}, "after": {"status": "rejected", "rejection_reason": "No shop page"}, "reason": "No shop page", "email": "applicant-no@test.local", "user_type": "influencer"}'),
  'a rejection: status and reason before and after, and the reason');
select results_eq($$select actor_email, target_id, details - 'after' from tests.audit_entries('link.approve')$$,
  format($$values ('admin@test.local', %L, %L::jsonb)$$, tests.link_id('linker@test.local', 'PgTAP Audit Lamp'),
    '{"before": {"status": "pending"}, "influencer_email": "linker@test.local", "product_name": "PgTAP Audit Lamp"}'),
  'a link approval: actor, the link, its influencer and product, status before');
select results_eq($$select details -> 'after' ->> 'status', details -> 'after' ->> 'short_code' is not null from tests.audit_entries('link.approve')$$,
  $$values ('approved', true)$$, 'a link approval: status approved after, with its short code');
select results_eq($$select target_type, target_id, details from tests.audit_entries('link.reject')$$,
  format($$values ('affiliate_link', %L, %L::jsonb)$$, tests.link_id('other-linker@test.local', 'PgTAP Audit Lamp'),
    '{"before": {"status": "pending"}, "after": {"status": "rejected", "short_code": null}, "reason": "Audience too small", "influencer_email": "other-linker@test.local", "product_name": "PgTAP Audit Lamp"}'),
  'a link rejection: status before and after and the reason');
select results_eq(
  format($$select details from tests.audit_entries('order.status_change') where target_id = %L$$, :'cancelled_order'),
  format($$values (%L::jsonb)$$, json_build_object('before', json_build_object('status', 'new_order'),
    'after', json_build_object('status', 'cancelled'), 'reason', 'customer_refused', 'note', 'Customer phoned',
    'order_number', :'cancelled_number')),
  'a cancellation: status before and after, reason, note and order number');
select results_eq(
  format($$select details -> 'before' ->> 'status', details -> 'after' ->> 'status' from tests.audit_entries('order.status_change') where target_id = %L$$, :'paid_order'),
  $$values ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered')$$,
  'each step of an order is one entry, in order');
select results_eq($$select actor_email, target_type, details - 'user_id' from tests.audit_entries('payout.complete')$$,
  $$values ('admin@test.local', 'payout_request', '{"before": {"status": "pending"}, "after": {"status": "completed", "aba_reference": "ABA-77"}, "amount_cents": 200, "email": "influencer@test.local"}'::jsonb)$$,
  'a payout completion: status before and after, the ABA reference, amount and payee');
select results_eq($$select target_id from tests.audit_entries('payout.complete')$$,
  $$select id::text from public.payout_requests where user_id = tests.user_id('influencer@test.local')$$,
  'the completion names the payout request');
select results_eq($$select target_type, target_id, details from tests.audit_entries('settings.update')$$,
  $$values ('marketplace_settings', 'marketplace', '{"before": {"riel_per_usd": 4100}, "after": {"riel_per_usd": 4150}}'::jsonb)$$,
  'a settings change: only the changed setting, before and after; saving the same value again records nothing');
select results_eq($$select target_id, details from tests.audit_entries('delivery_zone.update')$$,
  format($$values (%L, '{"before": {"fee_cents": 175}, "after": {"fee_cents": 225}, "province": "Phnom Penh", "district": "PgTAP Audit Khan", "commune": "PgTAP Audit Sangkat"}'::jsonb),
                 ('17', '{"before": {"delivery_fee_cents": 250, "delivery_hours_max": 72}, "after": {"delivery_fee_cents": 275, "delivery_hours_max": 48}, "province": "Siemreap"}'::jsonb)$$, :'zone_id'),
  'a delivery fee change through the admins'' policies: a sangkat''s fee, a province''s fee and estimate, before and after, and the place');
select results_eq($$select count(*) from public.audit_log where created_at = now() and actor_id <> tests.user_id('admin@test.local')$$,
  $$values (0::bigint)$$, 'every entry names the acting admin');

-- an action that fails leaves no entry --------------------------------------------------------------

select throws_ok(format($$select public.change_order_status(%L, 'cancelled', null, 'customer_refused')$$, :'paid_order'),
  '55000', null, 'a delivered order cannot be cancelled');
select is(tests.audit_count(), 12::bigint, 'the refused change wrote no entry');

-- the actor's email is a snapshot -----------------------------------------------------------------

select tests.act_as_owner();
update public.users set email = 'renamed-admin@test.local' where id = tests.user_id('admin@test.local');
select results_eq($$select distinct actor_email from public.audit_log where created_at = now()$$, $$values ('admin@test.local')$$,
  'entries keep the email the admin had when acting');

-- only approved admins read -------------------------------------------------------------------------

select tests.authenticate_as('renamed-admin@test.local');
select results_eq('select count(*) from public.audit_log where created_at = now()', $$values (12::bigint)$$,
  'an approved admin reads every entry');
select tests.authenticate_as('pending-admin@test.local');
select is_empty('select * from public.audit_log', 'an admin waiting for approval reads nothing');
select tests.authenticate_as('business@test.local');
select is_empty('select * from public.audit_log', 'a business reads nothing');
select tests.authenticate_as('applicant-no@test.local');
select is_empty('select * from public.audit_log', 'the rejected account reads nothing, not even about itself');
select tests.act_as_anon();
select throws_ok('select * from public.audit_log', '42501', null, 'anon cannot read the audit log');
select tests.act_as_service_role();
select throws_ok('select * from public.audit_log', '42501', null, 'service_role cannot read the audit log');

-- nobody writes it directly ---------------------------------------------------------------------------

select tests.act_as_owner();

create function tests.audit_write_statements() returns table (statement text)
language sql
as $$
  values
    ($q$insert into public.audit_log (actor_id, actor_email, action, target_type, target_id) values (tests.user_id('renamed-admin@test.local'), 'x@test.local', 'user.approve', 'user', 'x')$q$),
    ($q$update public.audit_log set details = '{}'$q$),
    ($q$delete from public.audit_log$q$),
    ($q$truncate public.audit_log$q$)
$$;
grant execute on function tests.audit_write_statements() to anon, authenticated, service_role;

-- Each statement as each role; every one must be refused with 42501 (no privilege).
create function tests.refusals(p_act text) returns setof text
language plpgsql
as $$
declare
  s text;
  refused integer := 0;
  total integer := 0;
begin
  for s in select statement from tests.audit_write_statements() loop
    total := total + 1;
    execute p_act;
    begin
      execute s;
    exception when insufficient_privilege then
      refused := refused + 1;
    end;
    perform tests.act_as_owner();
  end loop;
  return next refused || '/' || total;
end
$$;

select is((select tests.refusals($$select tests.act_as_anon()$$)), '4/4', 'anon cannot insert, update, delete or truncate');
select is((select tests.refusals($$select tests.authenticate_as('business@test.local')$$)), '4/4',
  'a business cannot insert, update, delete or truncate');
select is((select tests.refusals($$select tests.authenticate_as('renamed-admin@test.local')$$)), '4/4',
  'an approved admin cannot insert, update, delete or truncate');
select is((select tests.refusals($$select tests.act_as_service_role()$$)), '4/4',
  'service_role cannot insert, update, delete or truncate');

select tests.act_as_owner();
select throws_ok($$update public.audit_log set details = '{}'$$, '55000', null, 'even the owner cannot update an entry');
select throws_ok($$delete from public.audit_log$$, '55000', null, 'even the owner cannot delete an entry');
select throws_ok($$truncate public.audit_log$$, '55000', null, 'even the owner cannot truncate the log');
select is(tests.audit_count(), 12::bigint, 'every entry is still there');

-- order reviews ------------------------------------------------------------------------------------
-- A flagged order (as checkout flags one, with no admin acting), then cleared as
-- public.review_order clears it: the owner's privileges with the admin's claims.
insert into public.order_flags (order_id, flags) values (:'cancelled_order', '{self_order}');
update public.orders set review_status = 'held' where id = :'cancelled_order';
select is(tests.audit_count(), 12::bigint, 'flagging an order (no admin) writes no entry');
select set_config('request.jwt.claims',
  json_build_object('sub', tests.user_id('renamed-admin@test.local'), 'role', 'authenticated')::text, true);
update public.orders set review_status = 'cleared' where id = :'cancelled_order';
select results_eq($$select actor_email, target_type, target_id, details from tests.audit_entries('order.review')$$,
  format($$values ('renamed-admin@test.local', 'order', %L, %L::jsonb)$$, :'cancelled_order',
    json_build_object('before', json_build_object('review_status', 'held'),
      'after', json_build_object('review_status', 'cleared'), 'flags', array['self_order'],
      'order_number', :'cancelled_number')),
  'a review: review_status before and after, the flags and the order number, by the admin as now named');

select * from finish();
rollback;
