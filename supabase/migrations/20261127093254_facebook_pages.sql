-- Keyword automation for Facebook Pages (issue 30, items 1 and 2): an influencer's connected Page
-- (public.facebook_pages, its token sealed by the functions), the Pages awaiting the influencer's
-- pick (private.facebook_page_choices), and one table of keyword events for both platforms:
-- public.instagram_events becomes public.keyword_events with a platform (every row so far came from
-- Instagram), its types become keyword_*, and the connect states serve both connect steps.
-- Written by npm run db:diff from supabase/schemas/, then rewritten by hand so that the events and
-- states already kept are renamed, not dropped. Reviewed by: the session that wrote it.

alter type public.instagram_event_kind rename to keyword_event_kind;
alter type public.instagram_event_outcome rename to keyword_event_outcome;
alter type public.instagram_skip_reason rename to keyword_skip_reason;

alter table private.instagram_connect_states rename to connect_states;
alter table private.connect_states rename constraint instagram_connect_states_pkey to connect_states_pkey;
alter table private.connect_states rename constraint instagram_connect_states_user_id_fkey to connect_states_user_id_fkey;
drop function private.new_instagram_connect_state(uuid);
drop function private.consume_instagram_connect_state(uuid, uuid);

alter table public.instagram_events rename to keyword_events;
alter table public.keyword_events rename column ig_account_id to account_id;
alter table public.keyword_events add column platform public.social_platform;
update public.keyword_events set platform = 'instagram';
alter table public.keyword_events alter column platform set not null;
alter table public.keyword_events drop constraint instagram_events_ig_account_id_kind_external_id_key;
alter table public.keyword_events add constraint keyword_events_platform_account_kind_external_id_key
  unique (platform, account_id, kind, external_id);
alter table public.keyword_events rename constraint instagram_events_pkey to keyword_events_pkey;
alter table public.keyword_events rename constraint instagram_events_check to keyword_events_skip_reason_when_skipped;
alter table public.keyword_events rename constraint instagram_events_check1 to keyword_events_trigger_unless_skipped;
alter table public.keyword_events rename constraint instagram_events_influencer_id_fkey to keyword_events_influencer_id_fkey;
alter table public.keyword_events rename constraint instagram_events_keyword_trigger_id_fkey to keyword_events_keyword_trigger_id_fkey;
alter index public.instagram_events_influencer_idx rename to keyword_events_influencer_idx;
alter policy "Influencers can read their own Instagram events" on public.keyword_events
  rename to "Influencers can read their own keyword events";
alter policy "Admins can read every Instagram event" on public.keyword_events
  rename to "Admins can read every keyword event";
alter trigger instagram_events_send_events on public.keyword_events rename to keyword_events_send_events;

create table public.facebook_pages (
  influencer_id uuid primary key references public.users (id),
  page_id text not null unique check (page_id ~ '^[0-9]{1,30}$'),
  page_name text not null check (char_length(page_name) between 1 and 200),
  token_ciphertext text not null,
  connected_at timestamptz not null default now()
);
alter table public.facebook_pages enable row level security;
revoke all on public.facebook_pages from anon, authenticated;
grant select (influencer_id, page_id, page_name, connected_at) on public.facebook_pages to authenticated;
grant all on public.facebook_pages to service_role;
create policy "Influencers can read their own Facebook Page" on public.facebook_pages
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every Facebook Page" on public.facebook_pages
  for select to authenticated using ((select private.has_role('admin')));

create table private.facebook_page_choices (
  user_id uuid primary key references public.users (id),
  token_ciphertext text not null,
  expires_at timestamptz not null default now() + interval '10 minutes'
);
alter table private.facebook_page_choices enable row level security;
revoke all on private.facebook_page_choices from public, anon, authenticated;
grant all on private.facebook_page_choices to service_role;

drop view if exists "private"."recomputed_order_counts";
drop view if exists "private"."recomputed_unrequested_earning_hours";
drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.consume_connect_state(p_nonce uuid, p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with used as (
    delete from private.connect_states
    where nonce = p_nonce and user_id = p_user_id and expires_at >= now()
    returning 1
  )
  select exists (select 1 from used)
$function$
;

CREATE OR REPLACE FUNCTION private.new_connect_state(p_user_id uuid)
 RETURNS uuid
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- Expired states of anyone are cleared on the way: the table stays small.
  with cleared as (delete from private.connect_states where expires_at < now())
  insert into private.connect_states (user_id) values (p_user_id) returning nonce
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    o.confirmation,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation;


create or replace view "private"."recomputed_unrequested_earnings" as  SELECT e.id AS ledger_entry_id,
    e.account_id,
    t.id AS transaction_id,
    t.order_id,
    e.line,
    e.amount_cents,
    COALESCE(d.created_at, t.created_at) AS earned_at
   FROM (((ledger_entries e
     JOIN ledger_accounts a ON ((a.id = e.account_id)))
     JOIN ledger_transactions t ON ((t.id = e.transaction_id)))
     LEFT JOIN ledger_transactions d ON ((d.id = t.reverses_transaction_id)))
  WHERE ((a.user_id IS NOT NULL) AND (e.line <> 'payout'::ledger_line) AND (NOT (EXISTS ( SELECT 1
           FROM payout_request_entries c
          WHERE (c.ledger_entry_id = e.id)))));


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents,
    private.awaiting_cash(oc.status) AS awaiting_cash
   FROM ((private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
     LEFT JOIN order_cash oc ON ((oc.order_id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at)), (private.awaiting_cash(oc.status))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


revoke execute on function private.new_connect_state(uuid) from public;
grant execute on function private.new_connect_state(uuid) to service_role;
revoke execute on function private.consume_connect_state(uuid, uuid) from public;
grant execute on function private.consume_connect_state(uuid, uuid) to service_role;

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;

comment on type public.keyword_event_kind is 'Where a follower wrote the keyword: a comment on a post or reel, or a direct message (an Instagram DM, a Messenger message).';
comment on type public.keyword_event_outcome is 'What became of an event: pending (its reply is on its way), sent, failed (Meta''s error kept), or skipped (with a reason).';
comment on type public.keyword_skip_reason is 'Why an event got no reply: no keyword of the influencer in it, its trigger switched off, its campaign or link (or the shop) no longer active, or the influencer suspended.';
comment on table public.facebook_pages is 'The Facebook Page an influencer connected; its token is readable by the functions only.';
comment on table private.connect_states is 'The nonce of each Instagram or Facebook connect attempt: consumed once by its own user within ten minutes.';
comment on table private.facebook_page_choices is 'The sealed user token of an influencer who manages several Pages, until they pick one (ten minutes).';
comment on table public.keyword_events is 'A comment or direct message received for a connected Instagram account or Facebook Page, and the keyword reply it got (or why not). The text itself is not kept.';
