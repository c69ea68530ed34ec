-- account decisions: written by npm run db:diff from supabase/schemas/ (after account_decision_states, which adds the enum values used here). Reviewed by: the session that wrote it (privileges and comments added by hand).

drop trigger if exists "payout_request_entries_append_only" on "public"."payout_request_entries";

drop trigger if exists "payout_requests_audit_completion" on "public"."payout_requests";

drop trigger if exists "users_audit_status" on "public"."users";

alter table "public"."affiliate_link_rejections" drop constraint "affiliate_link_rejections_pkey";

drop index if exists "public"."affiliate_link_rejections_pkey";


  create table "public"."payout_reference_corrections" (
    "id" bigint generated always as identity not null,
    "payout_request_id" uuid not null,
    "previous_reference" text not null,
    "aba_reference" text not null,
    "reason" text not null,
    "corrected_by" uuid not null,
    "corrected_at" timestamp with time zone not null default now()
      );


alter table "public"."payout_reference_corrections" enable row level security;

alter table "public"."affiliate_link_rejections" add column "attempt" smallint not null default 1;

alter table "public"."affiliate_links" add column "attempt" smallint not null default 1;

alter table "public"."affiliate_links" add column "reapplied_at" timestamp with time zone;

alter table "public"."payout_requests" add column "cancelled_at" timestamp with time zone;

alter table "public"."payout_requests" add column "rejected_at" timestamp with time zone;

alter table "public"."payout_requests" add column "rejected_by" uuid;

alter table "public"."payout_requests" add column "rejection_reason" text;

alter table "public"."users" add column "suspension_reason" text;

CREATE INDEX payout_reference_corrections_corrected_by_idx ON public.payout_reference_corrections USING btree (corrected_by);

CREATE UNIQUE INDEX payout_reference_corrections_pkey ON public.payout_reference_corrections USING btree (id);

CREATE INDEX payout_reference_corrections_request_idx ON public.payout_reference_corrections USING btree (payout_request_id, id);

CREATE INDEX payout_requests_rejected_by_idx ON public.payout_requests USING btree (rejected_by);

CREATE UNIQUE INDEX affiliate_link_rejections_pkey ON public.affiliate_link_rejections USING btree (affiliate_link_id, attempt);

alter table "public"."payout_reference_corrections" add constraint "payout_reference_corrections_pkey" PRIMARY KEY using index "payout_reference_corrections_pkey";

alter table "public"."affiliate_link_rejections" add constraint "affiliate_link_rejections_pkey" PRIMARY KEY using index "affiliate_link_rejections_pkey";

alter table "public"."affiliate_links" add constraint "affiliate_links_attempt_check" CHECK (((attempt >= 1) AND (attempt <= 2))) not valid;

alter table "public"."affiliate_links" validate constraint "affiliate_links_attempt_check";

alter table "public"."affiliate_links" add constraint "affiliate_links_reapplied_on_second_attempt" CHECK (((attempt = 2) = (reapplied_at IS NOT NULL))) not valid;

alter table "public"."affiliate_links" validate constraint "affiliate_links_reapplied_on_second_attempt";

alter table "public"."payout_reference_corrections" add constraint "payout_reference_corrections_corrected_by_fkey" FOREIGN KEY (corrected_by) REFERENCES users(id) not valid;

alter table "public"."payout_reference_corrections" validate constraint "payout_reference_corrections_corrected_by_fkey";

alter table "public"."payout_reference_corrections" add constraint "payout_reference_corrections_payout_request_id_fkey" FOREIGN KEY (payout_request_id) REFERENCES payout_requests(id) not valid;

alter table "public"."payout_reference_corrections" validate constraint "payout_reference_corrections_payout_request_id_fkey";

alter table "public"."payout_reference_corrections" add constraint "payout_reference_corrections_reason_length" CHECK (((char_length(btrim(reason)) >= 1) AND (char_length(btrim(reason)) <= 500))) not valid;

alter table "public"."payout_reference_corrections" validate constraint "payout_reference_corrections_reason_length";

alter table "public"."payout_requests" add constraint "payout_requests_cancellation" CHECK (((status = 'cancelled'::payout_status) = (cancelled_at IS NOT NULL))) not valid;

alter table "public"."payout_requests" validate constraint "payout_requests_cancellation";

alter table "public"."payout_requests" add constraint "payout_requests_rejected_by_fkey" FOREIGN KEY (rejected_by) REFERENCES users(id) not valid;

alter table "public"."payout_requests" validate constraint "payout_requests_rejected_by_fkey";

alter table "public"."payout_requests" add constraint "payout_requests_rejection" CHECK (((status = 'rejected'::payout_status) = ((rejected_at IS NOT NULL) AND (rejected_by IS NOT NULL) AND (rejection_reason IS NOT NULL)))) not valid;

alter table "public"."payout_requests" validate constraint "payout_requests_rejection";

alter table "public"."payout_requests" add constraint "payout_requests_rejection_reason_length" CHECK (((char_length(btrim(rejection_reason)) >= 1) AND (char_length(btrim(rejection_reason)) <= 500))) not valid;

alter table "public"."payout_requests" validate constraint "payout_requests_rejection_reason_length";

alter table "public"."users" add constraint "users_suspension_reason_length" CHECK (((suspension_reason IS NULL) OR ((char_length(btrim(suspension_reason)) >= 1) AND (char_length(btrim(suspension_reason)) <= 500)))) not valid;

alter table "public"."users" validate constraint "users_suspension_reason_length";

alter table "public"."users" add constraint "users_suspension_reason_when_suspended" CHECK (((status = 'suspended'::account_status) = (suspension_reason IS NOT NULL))) not valid;

alter table "public"."users" validate constraint "users_suspension_reason_when_suspended";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.audit_payout_reference_correction()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.end_pending_payout(p_user_id uuid, p_status payout_status, p_reason text)
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ended public.payout_requests;
begin
  -- The request queue's lock (request_payout): a request being made waits, then sees this one ended.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || p_user_id::text, 0));
  update public.payout_requests
  set status = p_status,
      cancelled_at = case when p_status = 'cancelled' then now() end,
      rejected_at = case when p_status = 'rejected' then now() end,
      rejected_by = case when p_status = 'rejected' then (select auth.uid()) end,
      rejection_reason = case when p_status = 'rejected' then p_reason end
  where user_id = p_user_id and status = 'pending'
  returning * into ended;
  if not found then
    raise exception 'There is no pending payout request%',
      case when p_user_id = (select auth.uid()) then ' to cancel.' else ' for this user.' end using errcode = '55000';
  end if;
  delete from public.payout_request_entries where payout_request_id = ended.id;
  return ended;
end
$function$
;

CREATE OR REPLACE FUNCTION private.guard_payout_request_entries_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' and exists (
    select 1 from public.payout_requests r where r.id = old.payout_request_id and r.status in ('cancelled', 'rejected')
  ) then
    return old;
  end if;
  raise exception '% rows are never changed or deleted; post a reversing transaction instead', tg_table_name
    using errcode = '55000';
end
$function$
;

CREATE OR REPLACE FUNCTION private.keep_balances_of_releases()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  hours private.earning_hour_change[];
begin
  with earnings as (
    insert into private.unrequested_earnings (ledger_entry_id, account_id, transaction_id, order_id, line, amount_cents, earned_at)
    select u.ledger_entry_id, u.account_id, u.transaction_id, u.order_id, u.line, u.amount_cents, u.earned_at
    from released r join private.recomputed_unrequested_earnings u on u.ledger_entry_id = r.ledger_entry_id
    returning account_id, order_id, line, amount_cents, earned_at)
  select array_agg(row(e.account_id, private.held_for_review(e.line, o.review_status),
                       private.earning_hour(e.earned_at), e.amount_cents)::private.earning_hour_change)
    into hours
  from earnings e join public.orders o on o.id = e.order_id;
  if hours is not null then
    perform private.add_earning_hours(hours, true);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.link_closed_reason(p_campaign_status campaign_status, p_start_date date, p_end_date date, p_influencer_status account_status, p_business_status account_status)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select case
    when p_influencer_status is distinct from 'approved' or p_business_status is distinct from 'approved'
      then 'This product is no longer available'
    else private.campaign_closed_reason(p_campaign_status, p_start_date, p_end_date)
  end
$function$
;

CREATE OR REPLACE FUNCTION public.cancel_payout_request()
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from public.users where id = (select auth.uid()) and user_type in ('business', 'influencer')) then
    raise exception 'Only businesses and influencers can cancel payout requests' using errcode = '42501';
  end if;
  return private.end_pending_payout((select auth.uid()), 'cancelled', null);
end
$function$
;

CREATE OR REPLACE FUNCTION public.correct_payout_reference(p_request_id uuid, p_aba_reference text, p_reason text)
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
  request public.payout_requests;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can correct payout references' using errcode = '42501';
  end if;
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  -- Its length is payout_reference_corrections_reason_length's to refuse.
  if v_reason is null then
    raise exception 'A reason is required to correct an ABA reference' using errcode = '22023', column = 'reason';
  end if;
  select * into request from public.payout_requests where id = p_request_id for update;
  if not found then
    raise exception 'Payout request not found' using errcode = 'P0002';
  end if;
  if request.status <> 'completed' then
    raise exception 'Only a completed payout has an ABA reference to correct' using errcode = '55000';
  end if;
  if request.aba_reference = reference then
    raise exception 'This payout already has ABA reference %', reference using errcode = '55000';
  end if;
  insert into public.payout_reference_corrections (payout_request_id, previous_reference, aba_reference, reason, corrected_by)
  values (request.id, request.aba_reference, reference, v_reason, (select auth.uid()));
  update public.payout_requests set aba_reference = reference where id = p_request_id returning * into request;
  return request;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reapply_for_link(p_campaign_id uuid)
 RETURNS affiliate_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
begin
  if not private.has_role('influencer') or not private.campaign_is_active(p_campaign_id) then
    raise exception 'Only approved influencers can apply to active campaigns' using errcode = '42501';
  end if;
  select * into link from public.affiliate_links
  where influencer_id = (select auth.uid()) and campaign_id = p_campaign_id
  for update;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  if link.status <> 'rejected' then
    raise exception 'You have already applied for this campaign' using errcode = '23505';
  end if;
  if link.attempt >= 2 then
    raise exception 'You can apply again only once after a rejection' using errcode = '55000';
  end if;
  update public.affiliate_links
  set status = 'pending', attempt = 2, reapplied_at = now(), decided_at = null, decided_by = null
  where id = link.id
  returning * into link;
  return link;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reject_payout_request(p_user_id uuid, p_reason text)
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can reject payout requests' using errcode = '42501';
  end if;
  -- Its length is payout_requests_rejection_reason_length's to refuse.
  if v_reason is null then
    raise exception 'A reason is required to reject a payout request' using errcode = '22023', column = 'reason';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return private.end_pending_payout(p_user_id, 'rejected', v_reason);
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_link_decision()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.audit_payout_completion()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.audit_user_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.guard_payout_request_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if not (old.status = 'pending' and new.status in ('completed', 'cancelled', 'rejected')
          or old.status = 'completed' and new.status = 'completed'
             and (new.completed_at, new.completed_by) = (old.completed_at, old.completed_by)
             and exists (select 1 from public.payout_reference_corrections c
                         where c.payout_request_id = new.id and c.previous_reference = old.aba_reference
                           and c.aba_reference = new.aba_reference and c.corrected_at = now()))
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr, new.covered_transactions, new.covered_products)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr, old.covered_transactions, old.covered_products) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.may_join_topic(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A suspended account's sessions are ended already; its status is checked too, so that no token
  -- of it (one signed before the suspension reached the session) joins anything.
  select private.session_is_live()
    and not exists (select 1 from public.users u where u.id = (select auth.uid()) and u.status = 'suspended')
    and case
    when topic = 'admin' then private.has_role('admin')
    when topic = 'user:' || (select auth.uid())::text then true
    else coalesce(topic = private.owner_topic((select auth.uid())), false)
  end
$function$
;

CREATE OR REPLACE FUNCTION private.place_order(p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  fee integer;
  new_order public.orders;
  closed_reason text;
  click public.link_clicks;
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  -- A person places an order in tens of seconds; scripts do not get to flood a shop. The locks
  -- make parallel checkouts from one phone or address count one after another.
  perform pg_advisory_xact_lock(hashtextextended('checkout:phone:' || p_customer_phone, 0));
  perform pg_advisory_xact_lock(hashtextextended('checkout:ip:' || p_client_ip, 0));
  if (select count(*) from private.checkout_attempts
      where customer_phone = p_customer_phone and attempted_at > now() - interval '1 minute') >= 3
     or (select count(*) from private.checkout_attempts
      where client_ip = p_client_ip and attempted_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many orders in a short time. Please wait a minute and try again.' using errcode = 'P0429';
  end if;

  select * into link from public.affiliate_links
  where influencer_id = p_influencer_id and campaign_id = p_campaign_id and status = 'approved';
  if not found then
    raise exception 'This affiliate link is not valid' using errcode = 'P0002';
  end if;
  select * into campaign from public.campaigns where id = p_campaign_id;
  closed_reason := private.link_closed_reason(campaign.status, campaign.start_date, campaign.end_date,
    (select u.status from public.users u where u.id = link.influencer_id),
    (select u.status from public.users u where u.id = campaign.business_id));
  if closed_reason is not null then
    raise exception '%', closed_reason using errcode = '55000';
  end if;
  select fee_cents into fee from public.delivery_zones where district = p_district and commune = p_commune;
  if not found then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  if p_click_id is not null then
    select * into click from public.link_clicks where id = p_click_id and affiliate_link_id = link.id;
  end if;

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    click_id, source)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee, p_district, p_commune,
    click.id, click.source)
  returning * into new_order;
  insert into private.order_contacts (order_id, customer_phone) values (new_order.id, p_customer_phone);
  -- After the contact, so that repeat_phone counts this order too.
  new_order := private.flag_order(new_order, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_new_order()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_order', jsonb_build_object(
    'order_number', new.order_number,
    'product_name', new.product_name,
    'quantity', new.quantity,
    'total_cents', new.total_cents,
    'district', new.delivery_district,
    'commune', new.delivery_commune)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  -- A suspended shop's chats get nothing (public.set_user_status also drops what was waiting).
  where c.notify_new_orders and u.status = 'approved'
    and (c.user_id = new.business_id or u.user_type = 'admin');
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_payout_completed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'payout_completed', jsonb_build_object(
    'amount_cents', new.amount_cents,
    'aba_reference', new.aba_reference)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.user_id = new.user_id and c.notify_payouts and u.status = 'approved';
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS affiliate_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
  end if;
  if p_decision = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject a link' using errcode = '22023', column = 'reason';
  end if;
  select * into link from public.affiliate_links where id = p_link_id;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  -- Lock the campaign first: concurrent approvals for one campaign queue here, so the cap of
  -- 10 approved links cannot be overrun.
  select * into campaign from public.campaigns where id = link.campaign_id for update;
  select * into link from public.affiliate_links where id = p_link_id for update;
  if link.status <> 'pending' then
    raise exception 'Affiliate link is already %', link.status using errcode = '55000';
  end if;
  if p_decision = 'approved' then
    if campaign.status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    select count(*) into approved_count from public.affiliate_links
    where campaign_id = link.campaign_id and status = 'approved';
    if approved_count >= 10 then
      raise exception 'This campaign already has the maximum of 10 approved links' using errcode = '55000';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid()),
      short_code = case when p_decision = 'approved' then private.new_short_code() end
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw, private.default_dm_template()
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  else
    insert into public.affiliate_link_rejections (affiliate_link_id, attempt, influencer_id, reason)
    values (link.id, link.attempt, link.influencer_id, v_reason);
  end if;
  return link;
end
$function$
;

CREATE OR REPLACE FUNCTION public.request_payout()
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller public.users;
  cutoff timestamptz;
  covered bigint[];
  gross bigint;
  fee bigint;
  transactions integer;
  products text[];
  request public.payout_requests;
begin
  select * into caller from public.users where id = (select auth.uid());
  if not found or caller.user_type not in ('business', 'influencer') then
    raise exception 'Only businesses and influencers can request payouts' using errcode = '42501';
  end if;
  if caller.status = 'suspended' then
    raise exception 'Your account is suspended: %', caller.suspension_reason using errcode = '42501';
  end if;
  if coalesce(btrim(caller.bank_name), '') = '' or coalesce(btrim(caller.account_name), '') = ''
     or coalesce(btrim(caller.account_number), '') = '' then
    raise exception 'Please complete your bank account information in your profile before requesting a payout.'
      using errcode = '22023', column = 'bank_details';
  end if;
  -- One user's requests queue here; each then sees the request the one before it made.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || caller.id::text, 0));
  if exists (select 1 from public.payout_requests where user_id = caller.id and status = 'pending') then
    raise exception 'You already have a pending payout request.' using errcode = '55000';
  end if;

  -- The earning entries no request covers yet that are available (private.earning_state), read
  -- once so the amount is exactly their sum: only the account's unrequested earnings delivered
  -- before the cutoff are looked at, never its whole history.
  cutoff := private.release_cutoff();
  select array_agg(u.ledger_entry_id),
         coalesce(sum(u.amount_cents) filter (where u.line <> 'platform_fee'), 0),
         coalesce(-sum(u.amount_cents) filter (where u.line = 'platform_fee'), 0),
         count(distinct u.transaction_id),
         coalesce(array_agg(distinct o.product_name order by o.product_name), '{}')
    into covered, gross, fee, transactions, products
  from private.unrequested_earnings u
  join public.ledger_accounts a on a.id = u.account_id
  join public.orders o on o.id = u.order_id
  where a.user_id = caller.id and u.earned_at <= cutoff
    and private.earning_state(u.line, o.review_status, u.earned_at, cutoff) = 'available';
  if gross - fee <= 0 then
    raise exception 'You have no available balance to request a payout.' using errcode = '55000';
  end if;

  -- The bank details and KHQR are kept as they are now: later profile edits do not change where
  -- this request is paid.
  insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents,
                                      bank_name, account_name, account_number, khqr,
                                      covered_transactions, covered_products)
  values (caller.id, gross - fee, gross, fee,
          btrim(caller.bank_name), btrim(caller.account_name), btrim(caller.account_number), caller.khqr,
          transactions, products)
  returning * into request;
  -- Side effect: payout_request_entries_keep_balances (this file) takes them out of the
  -- unrequested earnings.
  insert into public.payout_request_entries (ledger_entry_id, payout_request_id)
  select entry_id, request.id from unnest(covered) as entry_id;
  return request;
end
$function$
;

CREATE OR REPLACE FUNCTION public.set_user_status(p_user_id uuid, p_status text, p_reason text DEFAULT NULL::text)
 RETURNS users
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.users;
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected', 'suspended') then
    raise exception 'status must be approved, rejected or suspended' using errcode = '22023';
  end if;
  if p_status in ('rejected', 'suspended') and v_reason is null then
    raise exception 'A reason is required to % an account', case p_status when 'rejected' then 'reject' else 'suspend' end
      using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if p_status = 'suspended' then
    if target.user_type = 'admin' then
      raise exception 'Admin accounts cannot be suspended' using errcode = '55000';
    end if;
    if target.status = 'suspended' then
      raise exception 'User is already suspended' using errcode = '55000';
    elsif target.status <> 'approved' then
      raise exception 'Only an approved account can be suspended' using errcode = '55000';
    end if;
  elsif target.status = 'suspended' and p_status = 'rejected' then
    raise exception 'A suspended account is reinstated or stays suspended' using errcode = '55000';
  elsif target.status not in ('pending_approval', 'suspended') then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status,
      decided_at = case when target.status = 'pending_approval' then now() else decided_at end,
      decided_by = case when target.status = 'pending_approval' then (select auth.uid()) else decided_by end,
      rejection_reason = case when p_status = 'rejected' then v_reason end,
      suspension_reason = case when p_status = 'suspended' then v_reason end
  where id = p_user_id
  returning * into target;
  if p_status = 'suspended' then
    update private.sessions set ended_at = now(), end_reason = 'suspended'
    where user_id = p_user_id and ended_at is null;
    update private.telegram_outbox o set failed_at = now(), last_error = 'The account was suspended'
    from public.telegram_chats c
    where c.id = o.telegram_chat_id and c.user_id = p_user_id and o.sent_at is null and o.failed_at is null;
  end if;
  return target;
end
$function$
;

revoke all on public.payout_reference_corrections from anon, authenticated, service_role;

grant select on table "public"."payout_reference_corrections" to "authenticated";

grant select on table "public"."payout_reference_corrections" to "service_role";


  create policy "Admins can read every payout correction"
  on "public"."payout_reference_corrections"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Users can read the corrections of their payouts"
  on "public"."payout_reference_corrections"
  as permissive
  for select
  to authenticated
using ((EXISTS ( SELECT 1
   FROM payout_requests r
  WHERE ((r.id = payout_reference_corrections.payout_request_id) AND (r.user_id = ( SELECT auth.uid() AS uid))))));


CREATE TRIGGER payout_reference_corrections_append_only BEFORE DELETE OR UPDATE ON public.payout_reference_corrections FOR EACH ROW EXECUTE FUNCTION private.refuse_ledger_change();

CREATE TRIGGER payout_reference_corrections_audit AFTER INSERT ON public.payout_reference_corrections FOR EACH ROW EXECUTE FUNCTION private.audit_payout_reference_correction();

CREATE TRIGGER payout_reference_corrections_no_truncate BEFORE TRUNCATE ON public.payout_reference_corrections FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ledger_change();

CREATE TRIGGER payout_request_entries_guard BEFORE DELETE OR UPDATE ON public.payout_request_entries FOR EACH ROW EXECUTE FUNCTION private.guard_payout_request_entries_change();

CREATE TRIGGER payout_request_entries_release AFTER DELETE ON public.payout_request_entries REFERENCING OLD TABLE AS released FOR EACH STATEMENT EXECUTE FUNCTION private.keep_balances_of_releases();

CREATE TRIGGER payout_requests_audit_completion AFTER UPDATE OF status ON public.payout_requests FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) AND (new.status = ANY (ARRAY['completed'::payout_status, 'rejected'::payout_status])))) EXECUTE FUNCTION private.audit_payout_completion();

CREATE TRIGGER users_audit_status AFTER UPDATE OF status ON public.users FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.audit_user_status();

-- Comments and privileges (migra writes neither).
comment on column public.users.suspension_reason is 'Why an admin suspended the account; shown to the account on every refusal. Null unless suspended.';
comment on column public.affiliate_links.attempt is '1, or 2 once the influencer applied again after a rejection (allowed once).';
comment on column public.payout_requests.rejection_reason is 'Why an admin rejected the request; the requester reads it. Null unless rejected.';
comment on table public.payout_reference_corrections is 'Corrections of completed payouts'' ABA references, each with the values before and after, the reason and the admin; append-only.';
comment on type public.instagram_skip_reason is 'Why an event got no reply: no keyword of the influencer in it, its trigger switched off, its campaign or link (or the shop) no longer active, or the influencer suspended.';
comment on function private.audit_payout_completion is 'Trigger: records an admin''s completion (with its ABA reference) or rejection (with its reason) of a payout request.';
comment on function private.audit_payout_reference_correction is 'Trigger: records an admin''s correction of a completed payout''s ABA reference (before, after, reason).';
comment on function private.audit_user_status is 'Trigger: records an admin''s approval, rejection, suspension or reinstatement of an account.';
comment on function private.end_pending_payout is 'Cancels or rejects a user''s pending payout request and releases what it covered.';
comment on function private.guard_payout_request_change is 'Trigger: a payout request goes once from pending to completed, cancelled or rejected; only a completed one''s ABA reference may change after.';
comment on function private.guard_payout_request_entries_change is 'Trigger: a payout request''s covered entries are only deleted to release them, once the request is cancelled or rejected.';
comment on function private.keep_balances_of_releases is 'Trigger: entries a cancelled or rejected payout request released return to the earnings requests may take.';
comment on function private.link_closed_reason is 'Null when an approved link takes orders today; else the reason (a closed campaign, or a party no longer approved).';
comment on function public.cancel_payout_request is 'The caller cancels their own pending payout request; what it covered is available again.';
comment on function public.correct_payout_reference is 'Admin: corrects a completed payout''s ABA reference with a reason; the audit log keeps both values.';
comment on function public.reapply_for_link is 'An approved influencer applies again, once, to a campaign whose link application was rejected; the first rejection stays.';
comment on function public.reject_payout_request is 'Admin: rejects the user''s pending payout request with a reason the user reads; what it covered is available again.';
comment on function public.set_user_status is 'An admin approves or rejects a pending account, suspends an approved one, or reinstates a suspended one (a reason to reject or suspend).';
revoke execute on function private.link_closed_reason(public.campaign_status, date, date, public.account_status, public.account_status) from public;
grant execute on function private.link_closed_reason(public.campaign_status, date, date, public.account_status, public.account_status) to service_role;
revoke execute on function public.reapply_for_link(uuid) from public, anon;
grant execute on function public.reapply_for_link(uuid) to authenticated, service_role;
revoke execute on function private.guard_payout_request_entries_change() from public;
revoke execute on function private.keep_balances_of_releases() from public;
revoke execute on function private.end_pending_payout(uuid, public.payout_status, text) from public;
revoke execute on function public.cancel_payout_request() from public, anon, service_role;
grant execute on function public.cancel_payout_request() to authenticated;
revoke execute on function public.reject_payout_request(uuid, text) from public, anon, service_role;
grant execute on function public.reject_payout_request(uuid, text) to authenticated;
revoke execute on function public.correct_payout_reference(uuid, text, text) from public, anon, service_role;
grant execute on function public.correct_payout_reference(uuid, text, text) to authenticated;
revoke execute on function private.audit_payout_reference_correction() from public;

-- The ledger's small helpers lose their SET clause, so that Postgres inlines them (migra writes no
-- change of a function's settings).
alter function private.held_for_review(public.ledger_line, public.order_review_status) reset all;
alter function private.earning_state(public.ledger_line, public.order_review_status, timestamptz, timestamptz) reset all;
alter function private.release_cutoff() reset all;
alter function private.earning_hour(timestamptz) reset all;
