-- rules stated once: written by npm run db:diff from supabase/schemas/, then ordered and completed
-- by hand (migra drops and recreates indexes that ALTER TYPE rebuilds anyway, and cannot alter a
-- column a trigger's condition or a column default names). Reviewed by: h-rules.
--
-- 1. Every status and kind is an enum: the text columns with a CHECK list (orders.source and
--    review_status, link_clicks.source and device_class, instagram_events.kind, outcome and
--    skip_reason, telegram_chats.language and private.telegram_link_tokens.language, and
--    audit_log.action and target_type) become enum columns. Each keeps its values (`using
--    col::the_enum`; a value outside the list would stop the migration, never be dropped), and
--    the CHECK lists go. The functions that write them take the enums. The generated columns are
--    declared not null (they never were null), so the generated types need no narrowing.
-- 2. Rules stated once: a range or format is its column's CHECK constraint, and the functions no
--    longer repeat it as a RAISE (the settings' seven ranges, the checkout's quantity, phone and
--    Idempotency-Key, a rejection reason's length, an ABA reference's length); the api function
--    answers a violated constraint with its field and one message (contract/constraints.ts).
--    max_commission_rate becomes plain numeric so that its check refuses a third decimal instead
--    of the column type rounding it away; the client's two-decimal rule for campaign rates raises
--    under the name campaigns_commission_rate_two_decimals, in the API's words.
-- 3. The checkout flags its order itself: private.place_order calls private.flag_order (the fraud
--    flags, and the hold) once the contact is recorded and returns the order as stored; the
--    trigger order_contacts_flag_new_order, which held the order after place_order had read it,
--    is dropped.
-- 4. Names say what runs: the ledger's posting functions, called by change_order_status and never
--    triggers, are renamed private.post_delivery and private.reverse_delivery (on_order_delivered,
--    on_order_undelivered read like trigger functions).
-- 5. public.complete_payouts completes what there is: the user's one pending request (the unique
--    index payout_requests_one_pending_key allows no second), with one update instead of a loop,
--    and answers that request (a row, no longer a set: `select ... from complete_payouts(...)` reads
--    the same). Same refusals, same answer of PUT /payouts/admin/complete/{userId}.

-- 1. enums ----------------------------------------------------------------------------------------

create type public.click_source as enum ('qr', 'dm', 'comment', 'link');
comment on type public.click_source is 'Where a short link was shared: the ?s= of the short URL (qr, dm, comment), else link.';
create type public.order_review_status as enum ('held', 'cleared');
comment on type public.order_review_status is 'A flagged order''s review: held (its commission waits for an admin) or cleared (an admin released it).';
create type public.device_class as enum ('mobile', 'tablet', 'desktop');
comment on type public.device_class is 'The kind of device a click came from, read from its user agent.';
create type public.instagram_event_kind as enum ('comment', 'dm');
comment on type public.instagram_event_kind is 'Where a follower wrote the keyword: a comment on a post or reel, or a DM.';
create type public.instagram_event_outcome as enum ('pending', 'sent', 'failed', 'skipped');
comment on type public.instagram_event_outcome is 'What became of an event: pending (its reply is on its way), sent, failed (Meta''s error kept), or skipped (with a reason).';
create type public.instagram_skip_reason as enum ('no_keyword', 'trigger_off', 'campaign_inactive');
comment on type public.instagram_skip_reason is 'Why an event got no reply: no keyword of the influencer in it, its trigger switched off, or its campaign or link no longer active.';
create type public.telegram_language as enum ('en', 'km');
comment on type public.telegram_language is 'The language a chat''s notices are written in: the app''s language when the chat was linked.';
create type public.audit_action as enum (
  'user.approve', 'user.reject', 'link.approve', 'link.reject', 'order.status_change', 'order.review',
  'payout.complete', 'settings.update', 'delivery_zone.update'
);
comment on type public.audit_action is 'An admin action the audit log records, named <target>.<verb>.';
create type public.audit_target_type as enum (
  'user', 'affiliate_link', 'order', 'payout_request', 'marketplace_settings', 'delivery_zone'
);
comment on type public.audit_target_type is 'What an audit log entry is about.';

-- The CHECK lists the enums replace, and the checks that compare these columns with text.
alter table public.orders drop constraint orders_source_check;
alter table public.orders drop constraint orders_review_status_values;
alter table public.link_clicks drop constraint link_clicks_source_check;
alter table public.link_clicks drop constraint link_clicks_device_class_check;
alter table public.instagram_events drop constraint instagram_events_kind_check;
alter table public.instagram_events drop constraint instagram_events_outcome_check;
alter table public.instagram_events drop constraint instagram_events_skip_reason_check;
alter table public.instagram_events drop constraint instagram_events_check;
alter table public.instagram_events drop constraint instagram_events_check1;
alter table public.telegram_chats drop constraint telegram_chats_language_check;
alter table private.telegram_link_tokens drop constraint telegram_link_tokens_language_check;
alter table public.audit_log drop constraint audit_log_action_format;
alter table public.audit_log drop constraint audit_log_target_type_format;

-- A column a trigger's condition names cannot change type: the review trigger is made again below.
drop trigger orders_audit_review on public.orders;
alter table public.telegram_chats alter column language drop default;

-- One statement per table: a type change rewrites the table once (and checks its new not-null
-- columns on the way), under the table's lock.
alter table public.orders
  alter column source type public.click_source using source::public.click_source,
  alter column review_status type public.order_review_status using review_status::public.order_review_status,
  alter column subtotal_cents set not null,
  alter column total_cents set not null,
  alter column commission_cents set not null,
  alter column business_gross_cents set not null,
  alter column platform_fee_cents set not null,
  alter column business_net_cents set not null;
alter table public.link_clicks
  alter column source type public.click_source using source::public.click_source,
  alter column device_class type public.device_class using device_class::public.device_class;
alter table public.instagram_events
  alter column kind type public.instagram_event_kind using kind::public.instagram_event_kind,
  alter column outcome type public.instagram_event_outcome using outcome::public.instagram_event_outcome,
  alter column skip_reason type public.instagram_skip_reason using skip_reason::public.instagram_skip_reason;
alter table public.telegram_chats
  alter column language type public.telegram_language using language::public.telegram_language;
alter table public.telegram_chats alter column language set default 'en';
alter table private.telegram_link_tokens
  alter column language type public.telegram_language using language::public.telegram_language;
alter table public.audit_log
  alter column action type public.audit_action using action::public.audit_action,
  alter column target_type type public.audit_target_type using target_type::public.audit_target_type;

alter table public.instagram_events
  add constraint instagram_events_check check ((outcome = 'skipped') = (skip_reason is not null)),
  add constraint instagram_events_check1 check (outcome = 'skipped' or keyword_trigger_id is not null);

create trigger orders_audit_review after update of review_status on public.orders
  for each row when (old.review_status is distinct from new.review_status)
  execute function private.audit_order_review();

-- Generated columns are never null; saying so lets the generated types say so too (the orders'
-- ones are set above, with that table's type changes).
alter table public.users alter column is_approved set not null;
alter table public.campaigns alter column is_active set not null;
alter table public.affiliate_links alter column is_approved set not null;

-- The functions that write these columns take the enums (new signatures, so dropped and made again
-- with their grants).
drop function private.record_click(text, text, text, text, text, text);
create function private.record_click(
  p_short_code text,
  p_source public.click_source,
  p_referrer_host text,
  p_device_class public.device_class,
  p_client_address text,
  p_user_agent text
) returns table (click_id uuid, influencer_id uuid, campaign_id uuid)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  business uuid;
  hash text;
  address text;
  earlier uuid;
  recent integer;
  new_click uuid;
begin
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;

  select * into link from public.affiliate_links l where l.short_code = p_short_code and l.status = 'approved';
  if not found then
    return;
  end if;
  select c.business_id into business from public.campaigns c where c.id = link.campaign_id;

  -- A newline cannot occur in a header value, so address and user agent cannot run into each other.
  select encode(sha256(s.salt || convert_to(p_client_address || E'\n' || coalesce(p_user_agent, ''), 'UTF8')), 'hex')
  into hash from private.click_salt s;
  address := private.click_address_hash(p_client_address);

  -- Requests of one address at once (a double tap, or a script's burst) queue here, so each sees
  -- the ones before it.
  perform pg_advisory_xact_lock(hashtextextended('link_click:' || link.id::text || ':' || address, 0));
  select k.id into earlier from public.link_clicks k
  where k.affiliate_link_id = link.id and k.visitor_hash = hash and k.created_at > now() - interval '1 minute'
  order by k.created_at desc
  limit 1;
  if found then
    return query select earlier, link.influencer_id, link.campaign_id;
    return;
  end if;

  select count(*), (array_agg(k.id order by k.created_at desc))[1] into recent, earlier
  from (select c.id, c.created_at from public.link_clicks c
        where c.affiliate_link_id = link.id and c.address_hash = address and c.created_at > now() - interval '1 hour'
        order by c.created_at desc
        limit 3) k;
  if recent >= 3 then
    return query select earlier, link.influencer_id, link.campaign_id;
    return;
  end if;

  insert into public.link_clicks (affiliate_link_id, influencer_id, campaign_id, business_id, source,
                                  referrer_host, device_class, visitor_hash, address_hash)
  values (link.id, link.influencer_id, link.campaign_id, business, p_source,
          nullif(lower(trim(p_referrer_host)), ''), p_device_class, hash, address)
  returning id into new_click;
  return query select new_click, link.influencer_id, link.campaign_id;
end
$$;
comment on function private.record_click is 'A person''s click on a short link: recorded once per visitor and link a minute and at most 3 times per address and link an hour; answers the click id and the checkout target, or no row for an unknown code.';
revoke execute on function private.record_click(text, public.click_source, text, public.device_class, text, text) from public;
grant execute on function private.record_click(text, public.click_source, text, public.device_class, text, text) to service_role;

drop function private.new_telegram_link_token(uuid, text);
create function private.new_telegram_link_token(p_user_id uuid, p_language public.telegram_language) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
begin
  -- Expired tokens of anyone are cleared on the way: the table stays small.
  delete from private.telegram_link_tokens where expires_at < now();
  insert into private.telegram_link_tokens (token_hash, user_id, language)
  values (extensions.digest(token, 'sha256'), p_user_id, p_language);
  return token;
end;
$$;
revoke execute on function private.new_telegram_link_token(uuid, public.telegram_language) from public;
grant execute on function private.new_telegram_link_token(uuid, public.telegram_language) to service_role;

-- A new result type: made again.
drop function private.claim_telegram_outbox(integer);
create function private.claim_telegram_outbox(p_limit integer)
returns table (id bigint, kind public.telegram_notice_kind, payload jsonb, attempts integer,
               chat_id bigint, language public.telegram_language)
language sql volatile security definer set search_path = ''
as $$
  with due as (
    select o.id from private.telegram_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
    order by o.next_attempt_at, o.id
    limit p_limit
    for update skip locked
  ), claimed as (
    update private.telegram_outbox o
    set next_attempt_at = now() + interval '1 minute', attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.kind, o.payload, o.attempts, o.telegram_chat_id
  )
  select claimed.id, claimed.kind, claimed.payload, claimed.attempts, c.chat_id, c.language
  from claimed join public.telegram_chats c on c.id = claimed.telegram_chat_id
  order by claimed.id
$$;
revoke execute on function private.claim_telegram_outbox(integer) from public;
grant execute on function private.claim_telegram_outbox(integer) to service_role;

drop function private.record_admin_action(text, text, text, jsonb);
create function private.record_admin_action(
  p_action public.audit_action, p_target_type public.audit_target_type, p_target_id text, p_details jsonb
)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  actor public.users;
begin
  select * into actor from public.users
  where id = (select auth.uid()) and user_type = 'admin' and status = 'approved';
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
comment on function private.record_admin_action is 'Writes one audit log entry for the calling admin; does nothing for any other caller.';
revoke execute on function private.record_admin_action(public.audit_action, public.audit_target_type, text, jsonb) from public;

-- The decisions' audit triggers: an account or a link is only ever decided (approved or rejected),
-- and those are the two actions recorded.
create or replace function private.audit_user_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_admin_action(
    case new.status when 'approved' then 'user.approve'::public.audit_action else 'user.reject' end,
    'user', new.id::text,
    private.audit_changes(
      jsonb_build_object('status', old.status, 'rejection_reason', old.rejection_reason),
      jsonb_build_object('status', new.status, 'rejection_reason', new.rejection_reason))
    || jsonb_build_object('reason', new.rejection_reason, 'email', new.email, 'user_type', new.user_type));
  return null;
end
$$;

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
      'reason', (select r.reason from public.affiliate_link_rejections r where r.affiliate_link_id = new.id),
      'influencer_email', (select u.email from public.users u where u.id = new.influencer_id),
      'product_name', (select c.product_name from public.campaigns c where c.id = new.campaign_id)));
  return null;
end
$$;

drop trigger users_audit_status on public.users;
create trigger users_audit_status after update of status on public.users
  for each row when (old.status is distinct from new.status and new.status in ('approved', 'rejected'))
  execute function private.audit_user_status();
drop trigger affiliate_links_audit_decision on public.affiliate_links;
create constraint trigger affiliate_links_audit_decision after update of status on public.affiliate_links
  deferrable initially deferred
  for each row when (old.status is distinct from new.status and new.status in ('approved', 'rejected'))
  execute function private.audit_link_decision();

-- 2. rules stated once ---------------------------------------------------------------------------

alter table public.marketplace_settings drop constraint marketplace_settings_max_commission_rate_range;
alter table public.marketplace_settings alter column max_commission_rate type numeric;
alter table public.marketplace_settings add constraint marketplace_settings_max_commission_rate_range
  check (max_commission_rate between 0.05 and 0.90 and max_commission_rate = round(max_commission_rate, 2));

create or replace function public.update_marketplace_settings(
  p_riel_per_usd integer default null,
  p_commission_hold_days integer default null,
  p_repeat_phone_orders integer default null,
  p_repeat_phone_hours integer default null,
  p_refusal_flag_percent integer default null,
  p_refusal_flag_min_finished integer default null,
  p_max_commission_rate numeric default null
) returns public.marketplace_settings
language plpgsql security definer set search_path = ''
as $$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if num_nonnulls(p_riel_per_usd, p_commission_hold_days, p_repeat_phone_orders, p_repeat_phone_hours,
                  p_refusal_flag_percent, p_refusal_flag_min_finished, p_max_commission_rate) = 0 then
    raise exception 'Nothing to change: send at least one setting' using errcode = '22023';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      max_commission_rate = coalesce(p_max_commission_rate, max_commission_rate),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
create or replace function private.place_order_once(
  p_idempotency_key text,
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null
) returns table (order_id uuid, replayed boolean)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id);
    return query select new_order.id, false;
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_district, p_commune, p_quantity, p_click_id), 'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select earlier.order_id, true;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false;
end
$$;
create or replace function public.set_user_status(p_user_id uuid, p_status text, p_reason text default null)
returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
  v_reason text := nullif(btrim(p_reason), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected') then
    raise exception 'status must be approved or rejected' using errcode = '22023';
  end if;
  if p_status = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject an account' using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if target.status <> 'pending_approval' then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status, decided_at = now(), decided_by = (select auth.uid()),
      rejection_reason = case when p_status = 'rejected' then v_reason end
  where id = p_user_id
  returning * into target;
  return target;
end
$$;
create or replace function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text default null)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
  v_reason text := nullif(btrim(p_reason), '');
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
    insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason)
    values (link.id, link.influencer_id, v_reason);
  end if;
  return link;
end
$$;
create or replace function private.check_client_commission_rate() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and new.commission_rate <> round(new.commission_rate, 2) then
    raise exception 'Commission rate can have at most two decimals (0.15 for 15%%)'
      using errcode = '23514', column = 'commission_rate', constraint = 'campaigns_commission_rate_two_decimals';
  end if;
  return new;
end
$$;
-- 3. The checkout flags its order itself and returns it as stored --------------------------------

drop trigger order_contacts_flag_new_order on private.order_contacts;
drop function private.flag_new_order();

create or replace function private.flag_order(p_order public.orders, p_customer_phone text) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  flags public.order_flag[];
  flagged public.orders := p_order;
begin
  select * into link from public.affiliate_links where id = p_order.affiliate_link_id;
  flags := private.checkout_flags(link, p_order.business_id, p_customer_phone);
  if cardinality(flags) > 0 then
    insert into public.order_flags (order_id, flags) values (p_order.id, flags);
    update public.orders set review_status = 'held' where id = p_order.id
    returning * into flagged;
  end if;
  return flagged;
end
$$;
comment on function private.flag_order is 'Checkout: records the fraud flags of a new order (its contact recorded) and holds it for review when any fired; returns the order as stored.';
revoke execute on function private.flag_order(public.orders, text) from public;

create or replace function private.place_order(
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
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
  closed_reason := private.campaign_closed_reason(campaign.status, campaign.start_date, campaign.end_date);
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
$$;
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), zone and rate limit, creates the order with server-side amounts, attributed to the given click when it was on the same link, flags it (private.flag_order) and returns it as stored.';

-- 4. Names say what runs ---------------------------------------------------------------------------

alter function private.on_order_delivered(uuid) rename to post_delivery;
alter function private.on_order_undelivered(uuid) rename to reverse_delivery;
comment on function private.post_delivery is 'Posts the delivery transaction of an order entering delivered; called by change_order_status.';
comment on function private.reverse_delivery is 'Posts the reversal of an order''s delivery when it leaves delivered; called by change_order_status.';
create or replace function public.change_order_status(
  p_order_id uuid,
  p_new_status text,
  p_note text default null,
  p_reason text default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  current_order public.orders;
  previous_status public.order_status;
  new_status public.order_status;
  reason public.order_cancellation_reason;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change order status' using errcode = '42501';
  end if;
  if p_new_status is null or not p_new_status = any (enum_range(null::public.order_status)::text[]) then
    raise exception 'new_status must be one of %', array_to_string(enum_range(null::public.order_status), ', ')
      using errcode = '22023', column = 'new_status';
  end if;
  new_status := p_new_status::public.order_status;
  -- A cancellation says why; no other change has a reason to give.
  if new_status = 'cancelled' then
    if p_reason is null then
      raise exception 'reason is required to cancel an order' using errcode = '22023', column = 'reason';
    end if;
    if not p_reason = any (enum_range(null::public.order_cancellation_reason)::text[]) then
      raise exception 'reason must be one of %', array_to_string(enum_range(null::public.order_cancellation_reason), ', ')
        using errcode = '22023', column = 'reason';
    end if;
    reason := p_reason::public.order_cancellation_reason;
  elsif p_reason is not null then
    raise exception 'reason is only for cancelling an order' using errcode = '22023', column = 'reason';
  end if;
  -- The row lock makes concurrent changes of one order queue; each then sees the status the
  -- previous one left, so of two identical requests only the first applies.
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if not private.order_transition_allowed(current_order.status, new_status) then
    -- The two refusals an admin meets at the door get a message saying what to do instead.
    if current_order.status = 'delivered' and new_status = 'cancelled' then
      raise exception 'A delivered order cannot be cancelled: revert it to Out for Delivery first'
        using errcode = '55000';
    elsif current_order.status = 'cancelled' then
      raise exception 'A cancelled order can only be reopened as a New Order' using errcode = '55000';
    end if;
    raise exception 'Cannot change an order from % to %', current_order.status, p_new_status
      using errcode = '55000';
  end if;

  previous_status := current_order.status;
  update public.orders set status = new_status, cancellation_reason = reason
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note, cancellation_reason)
  values (p_order_id, previous_status, new_status, (select auth.uid()), p_note, reason);
  -- The ledger moves in the same transaction as the status: both happen or neither. Cancelling
  -- posts nothing: only delivered orders have ledger entries, and delivered cannot be cancelled.
  if new_status = 'delivered' then
    perform private.post_delivery(p_order_id);
  elsif previous_status = 'delivered' then
    perform private.reverse_delivery(p_order_id);
  end if;
  return current_order;
end
$$;

-- 5. complete_payouts completes the one pending request -----------------------------------------

drop function public.complete_payouts(uuid, text);
create or replace function public.complete_payouts(p_user_id uuid, p_aba_reference text)
returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  completed public.payout_requests;
  new_transaction_id bigint;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can complete payouts' using errcode = '42501';
  end if;
  -- Its length is payout_requests_aba_reference_check's to refuse, when the request is completed.
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  -- The update locks the request: a second completion waits, then finds nothing pending, so it
  -- never pays twice.
  update public.payout_requests
  set status = 'completed', completed_at = now(), completed_by = (select auth.uid()), aba_reference = reference
  where user_id = p_user_id and status = 'pending'
  returning * into completed;
  if not found then
    raise exception 'There is no pending payout request for this user.' using errcode = '55000';
  end if;
  insert into public.ledger_transactions (kind, payout_request_id, created_by)
  values ('payout', completed.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, a.id, 'payout'::public.ledger_line, -completed.amount_cents
  from public.ledger_accounts a where a.user_id = p_user_id
  union all
  select new_transaction_id, private.ledger_account_id('delivery_cash'), 'payout', completed.amount_cents;
  return completed;
end
$$;
comment on function public.complete_payouts is 'Admin: completes the user''s pending payout request (one at most) with an ABA reference, posting the payout; answers the completed request.';
revoke execute on function public.complete_payouts(uuid, text) from public, anon, service_role;
grant execute on function public.complete_payouts(uuid, text) to authenticated;
