-- The audit log: every admin action, written in the same transaction as the action itself, so an
-- action and its entry are committed (or rolled back) together.
--
-- Entries are written by AFTER triggers on the tables the admin actions change, not by the
-- functions that change them: whatever path makes the change (the api function, a PostgREST call
-- with an admin's token, a later function) is recorded, and no function can forget to. A trigger
-- records only when the caller (auth.uid(), set per transaction by the api function as PostgREST
-- does) is an approved admin: a checkout, a payout request or an operator's maintenance is not an
-- admin action. Each entry holds the before and after values of the changed columns only. The
-- triggers sit on the tables of the other areas (users, affiliate_links, orders,
-- order_status_history, payout_requests, payout_reference_corrections, marketplace_settings,
-- delivery_zones, provinces); this file applies
-- last, after all of them exist.
--
-- Append-only: no client role may insert, update or delete (no grants), and triggers refuse
-- update, delete and truncate to everyone, the table's owner included. Only admins read it (RLS).
--
-- This file also holds private.account_identifiers, what the self-dealing check of link
-- applications (public.link_self_dealing, 03_campaigns_and_links.sql) compares between parties.

-- types -------------------------------------------------------------------------------------------

-- What an admin did, named <target>.<verb>: one per trigger below (an order's steps, reverts,
-- cancellations and reopenings are all order.status_change).
create type public.audit_action as enum (
  'user.approve', 'user.reject', 'link.approve', 'link.reject', 'order.status_change', 'order.review',
  'payout.complete', 'settings.update', 'delivery_zone.update',
  'user.suspend', 'user.reinstate', 'payout.reject', 'payout.reference_correct', 'order.confirmation_call',
  'order.auto_cancel', 'courier.create', 'courier.update', 'order.courier_assign', 'courier.link_create',
  'courier.link_revoke', 'remittance.record', 'remittance.reverse'
);
comment on type public.audit_action is 'An action the audit log records, named <target>.<verb>: an admin''s, a courier''s on its rider page (order.status_change), or (order.auto_cancel) a scheduled job''s acting on a rule an admin set.';
create type public.audit_target_type as enum (
  'user', 'affiliate_link', 'order', 'payout_request', 'marketplace_settings', 'delivery_zone', 'courier',
  'remittance'
);
comment on type public.audit_target_type is 'What an audit log entry is about.';

-- tables ------------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity primary key,
  -- Accounts are never deleted, so the actor stays resolvable; the email is also snapshotted, so
  -- an entry keeps saying who acted even if the account's email changes later. Both are null on
  -- the entries of a scheduled job (private.cancel_unconfirmed_orders), which acts on a rule an
  -- admin set rather than for a person.
  actor_id uuid constraint audit_log_actor_id_fkey references public.users (id),
  actor_email text,
  -- The courier whose rider acted on the rider's page (a step of one of its orders), instead of
  -- an account.
  actor_courier_id uuid constraint audit_log_actor_courier_id_fkey references public.couriers (id),
  action public.audit_action not null,
  target_type public.audit_target_type not null,
  target_id text not null constraint audit_log_target_id_length check (char_length(target_id) between 1 and 100),
  -- {before: {...}, after: {...}} of the changed columns, plus the reason and what names the
  -- target for a person (an email, an order number) where the action has them.
  details jsonb not null default '{}' constraint audit_log_details_object check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null default now(),
  constraint audit_log_actor_check check ((actor_id is null) = (actor_email is null)
                                          and num_nonnulls(actor_id, actor_courier_id) <= 1
                                          and (actor_id is not null or actor_courier_id is not null
                                               or action = 'order.auto_cancel'))
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.audit_log is 'Every admin action (decisions, order changes, payouts, settings, delivery fees) with before and after values; append-only, read by admins only.';
comment on column public.audit_log.actor_email is 'The actor''s email when they acted (a snapshot); null, with actor_id, for a scheduled job''s entry.';
comment on column public.audit_log.details is 'before/after of the changed columns, and the reason and names of the target where there are any.';

-- indexes -----------------------------------------------------------------------------------------

-- GET /admin/audit-log reads newest first (id desc) and keyset-pages on id, with or without one
-- of these filters.
create index audit_log_actor_id_idx on public.audit_log (actor_id, id desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email), id desc);
create index audit_log_action_idx on public.audit_log (action, id desc);
create index audit_log_target_idx on public.audit_log (target_type, target_id, id desc);

-- row level security, grants and policies ---------------------------------------------------------

alter table public.audit_log enable row level security;
-- Nobody writes it directly, not even the api function's service connection: the triggers below
-- (security definer, running as the owner) are the only writers.
revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated;

create policy "Admins can read the audit log" on public.audit_log
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

create or replace function private.refuse_audit_log_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only: its entries are never changed or deleted' using errcode = '55000';
end
$$;
comment on function private.refuse_audit_log_change is 'Trigger: audit log entries are never updated, deleted or truncated, by anyone.';

-- The columns whose values differ between two versions of a row, as {before, after}; the ignored
-- keys (updated_at and the like) are bookkeeping, not part of the change. Null when nothing changed.
create or replace function private.audit_changes(p_old jsonb, p_new jsonb, p_ignored text[] default '{}')
returns jsonb
language sql immutable set search_path = ''
as $$
  select case when count(*) = 0 then null else jsonb_build_object(
    'before', jsonb_object_agg(n.key, p_old -> n.key),
    'after', jsonb_object_agg(n.key, n.value)) end
  from jsonb_each(p_new) as n
  where not n.key = any (p_ignored) and (p_old -> n.key) is distinct from n.value
$$;
comment on function private.audit_changes is 'The changed columns of a row as {before, after}, or null when none changed.';

-- One entry by the calling admin; nothing when the caller is not an approved admin. An action a
-- shop may take itself (its order packed: p_shop_may_act) records an approved shop as the actor
-- too.
create or replace function private.record_admin_action(
  p_action public.audit_action, p_target_type public.audit_target_type, p_target_id text, p_details jsonb,
  p_shop_may_act boolean default false
)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  actor public.users;
begin
  select * into actor from public.users
  where id = (select auth.uid()) and status = 'approved'
    and (user_type = 'admin' or (p_shop_may_act and user_type = 'business'));
  if not found then
    return;
  end if;
  -- Keys without a value (no reason on an approval) are left out; nulls inside before and after
  -- stay, since "was empty" is part of a change.
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, details)
  select actor.id, actor.email, p_action, p_target_type, p_target_id,
         coalesce((select jsonb_object_agg(d.key, d.value) from jsonb_each(p_details) as d
                   where d.value <> 'null'::jsonb), '{}');
end
$$;
comment on function private.record_admin_action is 'Writes one audit log entry for the calling admin (or, where the action allows it, the calling shop); does nothing for any other caller.';

-- Account decisions (public.set_user_status, 01_accounts.sql, the only path that changes a status):
-- user.approve, user.reject, user.suspend (each with its reason) and user.reinstate (suspended ->
-- approved).
create or replace function private.audit_user_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case
      when new.status = 'approved' and old.status = 'suspended' then 'user.reinstate'::public.audit_action
      when new.status = 'approved' then 'user.approve'
      when new.status = 'suspended' then 'user.suspend'
      else 'user.reject'
    end,
    'user', new.id::text,
    private.audit_changes(
      jsonb_build_object('status', old.status, 'rejection_reason', old.rejection_reason,
                         'suspension_reason', old.suspension_reason),
      jsonb_build_object('status', new.status, 'rejection_reason', new.rejection_reason,
                         'suspension_reason', new.suspension_reason))
    || jsonb_build_object('reason', coalesce(new.rejection_reason, new.suspension_reason),
                          'email', new.email, 'user_type', new.user_type));
  return null;
end
$$;
comment on function private.audit_user_status is 'Trigger: records an admin''s approval, rejection, suspension or reinstatement of an account.';

-- Link decisions (public.decide_affiliate_link, 03_campaigns_and_links.sql, the only path that
-- changes a link's status): link.approve, link.reject with the reason; the trigger's condition
-- leaves only those two. The reason is inserted into affiliate_link_rejections after the link's
-- update, so this trigger is deferred to the end of the transaction, where both are there.
create or replace function private.audit_link_decision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  current_link public.affiliate_links;
begin
  -- The row as it is at commit (a deferred trigger's NEW is the row as that update left it).
  select * into current_link from public.affiliate_links where id = new.id;
  perform private.record_admin_action(
    case new.status when 'approved' then 'link.approve'::public.audit_action else 'link.reject' end,
    'affiliate_link', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', old.status),
      'after', jsonb_build_object('status', new.status, 'short_code', new.short_code),
      'reason', (select r.reason from public.affiliate_link_rejections r
                 where r.affiliate_link_id = new.id and r.attempt = current_link.attempt),
      'attempt', nullif(current_link.attempt, 1),
      'influencer_email', (select u.email from public.users u where u.id = new.influencer_id),
      'product_name', (select c.product_name from public.campaigns c where c.id = new.campaign_id)));
  return null;
end
$$;
comment on function private.audit_link_decision is 'Constraint trigger (deferred): records an admin''s approval or rejection (with its reason) of a link.';

-- Order status changes (public.change_order_status, 05_orders.sql), cancellations and reopenings
-- included: each one writes a history row, which carries from, to, the note and the cancellation
-- reason.
create or replace function private.audit_order_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  details jsonb := jsonb_build_object(
      'before', jsonb_build_object('status', new.from_status),
      'after', jsonb_build_object('status', new.to_status),
      'reason', new.cancellation_reason,
      'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id));
begin
  -- A rider's step (private.rider_step) names its courier as the actor; there is no account.
  if new.changed_by_courier is not null then
    insert into public.audit_log (actor_courier_id, action, target_type, target_id, details)
    values (new.changed_by_courier, 'order.status_change', 'order', new.order_id::text,
            details - array(select d.key from jsonb_each(details) as d where d.value = 'null'::jsonb));
    return null;
  end if;
  -- A shop's own step (public.mark_order_ready) is audited with the shop as the actor.
  perform private.record_admin_action('order.status_change', 'order', new.order_id::text, details,
    p_shop_may_act => true);
  return null;
end
$$;
comment on function private.audit_order_status is 'Trigger: records an admin''s (or the shop''s own, or a courier''s rider''s) change of an order''s status, with the cancellation reason.';

-- Order reviews (public.review_order, 05_orders.sql: review_status held -> cleared). The flags
-- live in public.order_flags, not on the order.
create or replace function private.audit_order_review() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('order.review', 'order', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('review_status', old.review_status),
      'after', jsonb_build_object('review_status', new.review_status),
      'flags', (select to_jsonb(f.flags) from public.order_flags f where f.order_id = new.id),
      'order_number', new.order_number));
  return null;
end
$$;
comment on function private.audit_order_review is 'Trigger: records an admin''s review of a flagged order (review_status before and after).';

-- A call to confirm an order (public.record_confirmation_call, 05_orders.sql): its outcome and note.
create or replace function private.audit_confirmation_call() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('order.confirmation_call', 'order', new.order_id::text,
    jsonb_build_object('outcome', new.outcome, 'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id)));
  return null;
end
$$;
comment on function private.audit_confirmation_call is 'Trigger: records an admin''s call to confirm an order (its outcome and note).';

-- Payout decisions (06_ledger_and_payouts.sql): a completion (public.complete_payouts) with its ABA
-- reference, and a rejection (public.reject_payout_request) with its reason. An owner's own
-- cancellation is not an admin action, so record_admin_action leaves it out.
create or replace function private.audit_payout_completion() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case new.status when 'rejected' then 'payout.reject'::public.audit_action else 'payout.complete' end,
    'payout_request', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('status', old.status),
      'after', jsonb_build_object('status', new.status, 'aba_reference', new.aba_reference),
      'reason', new.rejection_reason,
      'amount_cents', new.amount_cents,
      'user_id', new.user_id,
      'email', (select u.email from public.users u where u.id = new.user_id)));
  return null;
end
$$;
comment on function private.audit_payout_completion is 'Trigger: records an admin''s completion (with its ABA reference) or rejection (with its reason) of a payout request.';

-- Corrections of a completed payout's ABA reference (public.correct_payout_reference,
-- 06_ledger_and_payouts.sql): the reference before and after, with the reason.
create or replace function private.audit_payout_reference_correction() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  request public.payout_requests;
begin
  select * into request from public.payout_requests where id = new.payout_request_id;
  perform private.record_admin_action('payout.reference_correct', 'payout_request', new.payout_request_id::text,
    jsonb_build_object(
      'before', jsonb_build_object('aba_reference', new.previous_reference),
      'after', jsonb_build_object('aba_reference', new.aba_reference),
      'reason', new.reason,
      'amount_cents', request.amount_cents,
      'user_id', request.user_id,
      'email', (select u.email from public.users u where u.id = request.user_id)));
  return null;
end
$$;
comment on function private.audit_payout_reference_correction is 'Trigger: records an admin''s correction of a completed payout''s ABA reference (before, after, reason).';

-- Marketplace settings (public.update_marketplace_settings, 02_settings.sql): the changed settings
-- only, so every settings column is recorded without naming it here. Saving unchanged values
-- records nothing.
create or replace function private.audit_settings_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb := private.audit_changes(to_jsonb(old), to_jsonb(new), array['id', 'updated_at', 'updated_by']);
begin
  if changes is not null then
    perform private.record_admin_action('settings.update', 'marketplace_settings', 'marketplace', changes);
  end if;
  return null;
end
$$;
comment on function private.audit_settings_update is 'Trigger: records an admin''s change of the marketplace settings (changed values only).';

-- Couriers (public.create_courier and update_courier, 06_couriers.sql): a new courier with what it
-- was given, or the changed values of one.
create or replace function private.audit_courier() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  facts jsonb := jsonb_build_object('name', new.name, 'phone', new.phone, 'kind', new.kind,
                                    'keeps_delivery_fee', new.keeps_delivery_fee);
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_admin_action('courier.create', 'courier', new.id::text, jsonb_build_object('after', facts));
  else
    changes := private.audit_changes(to_jsonb(old), to_jsonb(new), array['updated_at']);
    if changes is not null then
      perform private.record_admin_action('courier.update', 'courier', new.id::text,
        changes || jsonb_build_object('name', new.name));
    end if;
  end if;
  return null;
end
$$;
comment on function private.audit_courier is 'Trigger: records an admin''s new courier, or the changed values of one.';

-- A rider link made or revoked (public.create_courier_link and revoke_courier_link, 06_couriers.sql),
-- on the courier it opens, naming the link.
create or replace function private.audit_courier_link() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case when tg_op = 'INSERT' then 'courier.link_create'::public.audit_action else 'courier.link_revoke' end,
    'courier', new.courier_id::text,
    jsonb_build_object('link_id', new.id, 'name', (select k.name from public.couriers k where k.id = new.courier_id)));
  return null;
end
$$;
comment on function private.audit_courier_link is 'Trigger: records an admin''s new rider link of a courier, or its revocation.';

-- Cash received from a courier (public.record_remittance, 06_remittances.sql), with its amount,
-- reference and the orders it pays, and its reversal (public.reverse_remittance) with the reason.
create or replace function private.audit_remittance() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case when tg_op = 'INSERT' then 'remittance.record'::public.audit_action else 'remittance.reverse' end,
    'remittance', new.id::text,
    jsonb_build_object(
      'courier', (select k.name from public.couriers k where k.id = new.courier_id),
      'amount_cents', new.amount_cents,
      'aba_reference', new.aba_reference,
      'reason', new.reversal_reason));
  return null;
end
$$;
comment on function private.audit_remittance is 'Trigger: records an admin''s remittance (amount, reference, courier) or its reversal with the reason.';

-- An order given to a courier, taken back or given to another (public.assign_courier,
-- 06_couriers.sql): the couriers before and after, by name.
create or replace function private.audit_order_courier() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action('order.courier_assign', 'order', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('courier', (select k.name from public.couriers k where k.id = old.courier_id)),
      'after', jsonb_build_object('courier', (select k.name from public.couriers k where k.id = new.courier_id)),
      'order_number', new.order_number));
  return null;
end
$$;
comment on function private.audit_order_courier is 'Trigger: records an admin''s assignment of an order to a courier (before and after, by name).';

-- Delivery fees (04_zones.sql): admins change them through the "Admins can change delivery fees"
-- policy (an admin's token at PostgREST), which no function wraps, so the table's trigger records
-- them.
-- A fee of Phnom Penh's sangkats (public.delivery_zones, by commune) or a province's fee and
-- estimate (public.provinces): both are delivery zones to the admin, the target named by its
-- gazetteer code (6 digits: a commune; 2: a province), with the place's Latin names.
create or replace function private.audit_delivery_zone_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb := private.audit_changes(to_jsonb(old), to_jsonb(new), array['updated_at']);
  zone_code text := coalesce(to_jsonb(new) ->> 'commune_code', to_jsonb(new) ->> 'code');
begin
  if changes is not null then
    perform private.record_admin_action('delivery_zone.update', 'delivery_zone', zone_code,
      changes || (select jsonb_build_object('province', p.name_en) || coalesce(
                   (select jsonb_build_object('district', d.name_en, 'commune', c.name_en)
                    from public.communes c join public.districts d on d.code = c.district_code
                    where c.code = zone_code), '{}')
                  from public.provinces p where p.code = left(zone_code, 2)));
  end if;
  return null;
end
$$;
comment on function private.audit_delivery_zone_update is 'Trigger: records an admin''s change of a Phnom Penh sangkat''s fee or a province''s fee or estimate.';

-- What identifies where a user is reached and paid: (kind, value) pairs compared across parties by
-- public.link_self_dealing (03_campaigns_and_links.sql):
--   phone         users.phone, users.store_phone, digits only;
--   bank_account  users.account_number, or the account number a KHQR carries in sub-tag 01 of tag
--                 29/30 (as ABA's "Receive" codes do), digits only;
--   khqr_account  the Bakong id (sub-tag 00 of tag 29/30) with the account information (sub-tag
--                 01): ABA puts its own Bakong id in every personal code, so the id alone would
--                 match every two ABA users.
create or replace function private.account_identifiers(p_user public.users)
returns table (kind text, value text)
language sql immutable set search_path = ''
as $$
  with khqr as (
    select coalesce(private.tlv_value(p_user.khqr, '29'), private.tlv_value(p_user.khqr, '30')) as account
  ), khqr_account as (
    select lower(private.tlv_value(account, '00')) as bakong_id, btrim(private.tlv_value(account, '01')) as info
    from khqr
  )
  select 'phone', regexp_replace(phone, '[^0-9]', '', 'g')
  from unnest(array[p_user.phone, p_user.store_phone]) as phone
  where regexp_replace(phone, '[^0-9]', '', 'g') <> ''
  union
  select 'bank_account', digits
  from (select regexp_replace(p_user.account_number, '[^0-9]', '', 'g') as digits
        union all
        -- A KHQR's account information counts as an account number when it is one (digits, spaces, dashes).
        select regexp_replace(info, '[^0-9]', '', 'g') from khqr_account where info ~ '^[0-9 -]+$') numbers
  where digits <> ''
  union
  select 'khqr_account', bakong_id || '/' || coalesce(info, '')
  from khqr_account where bakong_id is not null
$$;
comment on function private.account_identifiers is 'A user''s phones, account numbers (profile and KHQR) and KHQR account, as (kind, value) pairs for the self-dealing check.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.refuse_audit_log_change() from public;
revoke execute on function private.audit_changes(jsonb, jsonb, text[]) from public;
revoke execute on function private.record_admin_action(public.audit_action, public.audit_target_type, text, jsonb, boolean) from public;
revoke execute on function private.audit_user_status() from public;
revoke execute on function private.audit_link_decision() from public;
revoke execute on function private.audit_order_status() from public;
revoke execute on function private.audit_order_review() from public;
revoke execute on function private.audit_confirmation_call() from public;
revoke execute on function private.audit_payout_completion() from public;
revoke execute on function private.audit_payout_reference_correction() from public;
revoke execute on function private.audit_settings_update() from public;
revoke execute on function private.audit_delivery_zone_update() from public;
revoke execute on function private.audit_courier() from public;
revoke execute on function private.audit_order_courier() from public;
revoke execute on function private.audit_courier_link() from public;
revoke execute on function private.audit_remittance() from public;
revoke execute on function private.account_identifiers(public.users) from public;

-- triggers ----------------------------------------------------------------------------------------

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_log_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_log_change();

create trigger users_audit_status after update of status on public.users
  for each row when (old.status is distinct from new.status)
  execute function private.audit_user_status();

create constraint trigger affiliate_links_audit_decision after update of status on public.affiliate_links
  deferrable initially deferred
  for each row when (old.status is distinct from new.status and new.status in ('approved', 'rejected'))
  execute function private.audit_link_decision();

-- A history row without an actor is a checkout's first status, a customer's cancel or the job's.
create trigger order_status_history_audit after insert on public.order_status_history
  for each row when (new.changed_by is not null or new.changed_by_courier is not null)
  execute function private.audit_order_status();

create trigger order_confirmation_calls_audit after insert on public.order_confirmation_calls
  for each row execute function private.audit_confirmation_call();

create trigger orders_audit_review after update of review_status on public.orders
  for each row when (old.review_status is distinct from new.review_status)
  execute function private.audit_order_review();

create trigger payout_requests_audit_completion after update of status on public.payout_requests
  for each row when (old.status is distinct from new.status and new.status in ('completed', 'rejected'))
  execute function private.audit_payout_completion();

create trigger payout_reference_corrections_audit after insert on public.payout_reference_corrections
  for each row execute function private.audit_payout_reference_correction();

create trigger marketplace_settings_audit after update on public.marketplace_settings
  for each row execute function private.audit_settings_update();

create trigger delivery_zones_audit after update on public.delivery_zones
  for each row execute function private.audit_delivery_zone_update();

create trigger provinces_audit after update on public.provinces
  for each row execute function private.audit_delivery_zone_update();

create trigger couriers_audit after insert or update on public.couriers
  for each row execute function private.audit_courier();

create trigger courier_links_audit_create after insert on private.courier_links
  for each row execute function private.audit_courier_link();
create trigger courier_links_audit_revoke after update of revoked_at on private.courier_links
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function private.audit_courier_link();

create trigger remittances_audit_record after insert on public.remittances
  for each row execute function private.audit_remittance();
create trigger remittances_audit_reverse after update of reversed_at on public.remittances
  for each row when (old.reversed_at is null and new.reversed_at is not null)
  execute function private.audit_remittance();

create trigger orders_courier_audit after update of courier_id on public.orders
  for each row when (old.courier_id is distinct from new.courier_id)
  execute function private.audit_order_courier();
