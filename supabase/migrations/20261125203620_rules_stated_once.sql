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

alter table public.orders
  alter column source type public.click_source using source::public.click_source,
  alter column review_status type public.order_review_status using review_status::public.order_review_status;
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

-- Generated columns are never null; saying so lets the generated types say so too.
alter table public.users alter column is_approved set not null;
alter table public.campaigns alter column is_active set not null;
alter table public.affiliate_links alter column is_approved set not null;
alter table public.orders
  alter column subtotal_cents set not null,
  alter column total_cents set not null,
  alter column commission_cents set not null,
  alter column business_gross_cents set not null,
  alter column platform_fee_cents set not null,
  alter column business_net_cents set not null;

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
