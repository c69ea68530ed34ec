-- Keyword automation on Instagram and Facebook: the DM keyword trigger of each approved link, an
-- influencer's connected Instagram account and Facebook Page (their tokens encrypted by the
-- functions, never readable by a client role), the single-use states of the connect steps, every
-- comment or message the two webhooks received for them with what became of it (one table for
-- both platforms: one engine matches, replies once and feeds the activity), and the daily job that
-- refreshes quiet Instagram accounts' tokens.
--
-- Rules this area keeps:
-- - A keyword is unique among one influencer's active triggers; a trigger is created by an
--   admin's approval of its link (public.decide_affiliate_link, 03_campaigns_and_links.sql) and
--   switched off when its campaign is deactivated (private.guard_campaign_status, same file).
-- - A template always holds {link} (filled with the short link when the reply is sent) and is at
--   most 1000 characters.
-- - A token is never in a column a client role can select; its key is never in the database.
-- - A connect state works once, for its own user, within ten minutes; so does the list of Pages
--   an influencer with several picks one from.
-- - Meta may deliver an event more than once; a reply goes out exactly once per event.
-- - A token Meta refuses as no longer valid is marked (token_refused_at) so that the influencer
--   is asked to connect again; a new token clears the mark.

-- types -------------------------------------------------------------------------------------------

create type public.keyword_event_kind as enum ('comment', 'dm');
comment on type public.keyword_event_kind is 'Where a follower wrote the keyword: a comment on a post or reel, or a direct message (an Instagram DM, a Messenger message).';
create type public.keyword_event_outcome as enum ('pending', 'sent', 'failed', 'skipped');
comment on type public.keyword_event_outcome is 'What became of an event: pending (its reply is on its way), sent, failed (Meta''s error kept), or skipped (with a reason).';
create type public.keyword_skip_reason as enum ('no_keyword', 'trigger_off', 'campaign_inactive', 'account_suspended');
comment on type public.keyword_skip_reason is 'Why an event got no reply: no keyword of the influencer in it, its trigger switched off, its campaign or link (or the shop) no longer active, or the influencer suspended.';

-- tables ------------------------------------------------------------------------------------------

create table public.keyword_triggers (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null unique references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  keyword text not null check (keyword ~ '^[A-Z0-9]{2,20}$'),
  -- The DM reply, with {product} and {link} filled when it is sent, so the influencer can reword
  -- it without breaking the link.
  dm_template_text text not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint keyword_triggers_template_has_link check (dm_template_text like '%{link}%'),
  constraint keyword_triggers_template_length check (char_length(dm_template_text) between 1 and 1000)
);

create table public.instagram_accounts (
  influencer_id uuid primary key references public.users (id),
  -- Instagram's id of the professional account: the entry[].id of its webhooks.
  ig_user_id text not null unique check (ig_user_id ~ '^[0-9]{1,30}$'),
  username text not null check (char_length(username) between 1 and 30),
  -- AES-256-GCM by the functions with INSTAGRAM_TOKEN_KEY (iv and ciphertext, base64): the key
  -- is never in the database, so a leaked dump or backup holds no usable token.
  token_ciphertext text not null,
  token_expires_at timestamptz not null,
  -- Meta refreshes a long-lived token once it is a day old; this is when ours was issued.
  token_issued_at timestamptz not null,
  -- When Meta first refused the token as no longer valid (OAuth error 190: expired, the password
  -- changed, the app removed): replies stop until the influencer connects again. A new token
  -- clears it (private.clear_token_refusal).
  token_refused_at timestamptz,
  connected_at timestamptz not null default now()
);

create table public.facebook_pages (
  influencer_id uuid primary key references public.users (id),
  -- Facebook's id of the Page: the entry[].id of its webhooks.
  page_id text not null unique check (page_id ~ '^[0-9]{1,30}$'),
  page_name text not null check (char_length(page_name) between 1 and 200),
  -- The Page access token (from a long-lived user token, so it does not expire), sealed by the
  -- functions with FACEBOOK_TOKEN_KEY as Instagram tokens are.
  token_ciphertext text not null,
  -- As for Instagram accounts: when Facebook first refused the Page token (error 190). A Page
  -- token lasts until its person changes their password, removes the app or loses the Page.
  token_refused_at timestamptz,
  connected_at timestamptz not null default now()
);

-- The nonce inside the signed state of one connect attempt (Instagram or Facebook; the signed
-- state says which): consumed by the callback, so a state works once, for its own user, within
-- ten minutes.
create table private.connect_states (
  nonce uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id),
  expires_at timestamptz not null default now() + interval '10 minutes'
);

-- An influencer who manages several Pages picks one after Facebook Login: until then, the
-- long-lived user token that lists them (sealed like a Page token), for ten minutes.
create table private.facebook_page_choices (
  user_id uuid primary key references public.users (id),
  token_ciphertext text not null,
  expires_at timestamptz not null default now() + interval '10 minutes'
);

create table public.keyword_events (
  id uuid primary key default gen_random_uuid(),
  influencer_id uuid not null references public.users (id),
  -- The Instagram account or Facebook Page that received it (the webhook's entry[].id).
  account_id text not null,
  kind public.keyword_event_kind not null,
  -- The comment id or the message mid: Meta may deliver an event more than once, and this
  -- uniqueness is what makes a reply go out exactly once.
  external_id text not null,
  -- Who wrote: the reply goes to them (a DM) or to their comment.
  sender_id text not null,
  from_username text,
  keyword_trigger_id uuid references public.keyword_triggers (id),
  keyword text,
  outcome public.keyword_event_outcome not null,
  skip_reason public.keyword_skip_reason,
  error_code integer,
  error_subcode integer,
  error_message text,
  attempts integer not null default 0,
  reply_message_id text,
  received_at timestamptz not null default now(),
  finished_at timestamptz,
  -- Which webhook it came by: account ids are unique per platform only.
  platform public.social_platform not null,
  constraint keyword_events_platform_account_kind_external_id_key unique (platform, account_id, kind, external_id),
  -- A skipped event says why; any other outcome names the trigger it answered.
  constraint keyword_events_skip_reason_when_skipped check ((outcome = 'skipped') = (skip_reason is not null)),
  constraint keyword_events_trigger_unless_skipped check (outcome = 'skipped' or keyword_trigger_id is not null)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.keyword_triggers is 'The DM keyword of an approved link: a follower who sends it gets the template with the link.';
comment on table public.instagram_accounts is 'The Instagram professional account an influencer connected; its token is readable by the functions only.';
comment on table public.facebook_pages is 'The Facebook Page an influencer connected; its token is readable by the functions only.';
comment on table private.connect_states is 'The nonce of each Instagram or Facebook connect attempt: consumed once by its own user within ten minutes.';
comment on table private.facebook_page_choices is 'The sealed user token of an influencer who manages several Pages, until they pick one (ten minutes).';
comment on table public.keyword_events is 'A comment or direct message received for a connected Instagram account or Facebook Page, and the keyword reply it got (or why not). The text itself is not kept.';

-- indexes -----------------------------------------------------------------------------------------

-- A keyword is unique among one influencer's active triggers.
create unique index keyword_triggers_active_keyword_key on public.keyword_triggers (influencer_id, keyword) where is_active;
create index keyword_triggers_campaign_id_idx on public.keyword_triggers (campaign_id);
create index keyword_triggers_influencer_id_idx on public.keyword_triggers (influencer_id, created_at desc);

create index keyword_events_influencer_idx on public.keyword_events (influencer_id, received_at desc);

-- row level security and grants -------------------------------------------------------------------

alter table public.keyword_triggers enable row level security;
revoke all on public.keyword_triggers from anon, authenticated;
grant select on public.keyword_triggers to authenticated;
grant all on public.keyword_triggers to service_role;

create policy "Influencers can read their own keyword triggers" on public.keyword_triggers
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every keyword trigger" on public.keyword_triggers
  for select to authenticated using ((select private.has_role('admin')));

alter table public.instagram_accounts enable row level security;
revoke all on public.instagram_accounts from anon, authenticated;
-- Column grants: a client role can never select the token, whatever a policy allows.
grant select (influencer_id, ig_user_id, username, token_refused_at, connected_at) on public.instagram_accounts
  to authenticated;
grant all on public.instagram_accounts to service_role;

create policy "Influencers can read their own Instagram account" on public.instagram_accounts
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every Instagram account" on public.instagram_accounts
  for select to authenticated using ((select private.has_role('admin')));

alter table public.facebook_pages enable row level security;
revoke all on public.facebook_pages from anon, authenticated;
-- Column grants, as for Instagram accounts: never the token.
grant select (influencer_id, page_id, page_name, token_refused_at, connected_at) on public.facebook_pages to authenticated;
grant all on public.facebook_pages to service_role;

create policy "Influencers can read their own Facebook Page" on public.facebook_pages
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every Facebook Page" on public.facebook_pages
  for select to authenticated using ((select private.has_role('admin')));

alter table private.connect_states enable row level security;
revoke all on private.connect_states from public, anon, authenticated;
grant all on private.connect_states to service_role;

alter table private.facebook_page_choices enable row level security;
revoke all on private.facebook_page_choices from public, anon, authenticated;
grant all on private.facebook_page_choices to service_role;

alter table public.keyword_events enable row level security;
revoke all on public.keyword_events from anon, authenticated;
grant select on public.keyword_events to authenticated;
grant all on public.keyword_events to service_role;

create policy "Influencers can read their own keyword events" on public.keyword_events
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every keyword event" on public.keyword_events
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

create or replace function private.new_connect_state(p_user_id uuid) returns uuid
language sql volatile security definer set search_path = ''
as $$
  -- Expired states of anyone are cleared on the way: the table stays small.
  with cleared as (delete from private.connect_states where expires_at < now())
  insert into private.connect_states (user_id) values (p_user_id) returning nonce
$$;

create or replace function private.consume_connect_state(p_nonce uuid, p_user_id uuid) returns boolean
language sql volatile security definer set search_path = ''
as $$
  with used as (
    delete from private.connect_states
    where nonce = p_nonce and user_id = p_user_id and expires_at >= now()
    returning 1
  )
  select exists (select 1 from used)
$$;

-- The influencer edits the template of one of their keyword triggers and switches it on or off.
create or replace function public.update_keyword_trigger(p_trigger_id uuid, p_template text, p_is_active boolean)
returns public.keyword_triggers
language plpgsql security definer set search_path = ''
as $$
declare
  trigger_row public.keyword_triggers;
  link_status public.link_status;
  campaign_status public.campaign_status;
begin
  select * into trigger_row from public.keyword_triggers
  where id = p_trigger_id and influencer_id = (select auth.uid())
  for no key update;
  if not found then
    raise exception 'Keyword reply not found' using errcode = 'P0002';
  end if;
  if p_is_active and not trigger_row.is_active then
    select l.status, c.status into link_status, campaign_status
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = trigger_row.affiliate_link_id;
    if link_status <> 'approved' or campaign_status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    if exists (
      select 1 from public.keyword_triggers
      where influencer_id = trigger_row.influencer_id and keyword = trigger_row.keyword and is_active and id <> p_trigger_id
    ) then
      raise exception 'Another active keyword reply already uses this keyword' using errcode = '55000';
    end if;
  end if;
  update public.keyword_triggers
  set dm_template_text = coalesce(p_template, dm_template_text),
      is_active = coalesce(p_is_active, is_active)
  where id = p_trigger_id
  returning * into trigger_row;
  return trigger_row;
end
$$;
comment on function public.update_keyword_trigger is 'An influencer rewords the DM template of one of their keyword triggers, or switches it on or off (on only while its campaign is active and its keyword free).';

-- A refusal belongs to the token Meta refused: a new one (connecting again, a refresh) starts
-- clean, whichever writer stores it.
create or replace function private.clear_token_refusal() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.token_ciphertext is distinct from old.token_ciphertext then
    new.token_refused_at := null;
  end if;
  return new;
end
$$;
comment on function private.clear_token_refusal is 'Trigger: a stored token that changes is no longer refused.';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.new_connect_state(uuid) from public;
grant execute on function private.new_connect_state(uuid) to service_role;
revoke execute on function private.consume_connect_state(uuid, uuid) from public;
grant execute on function private.consume_connect_state(uuid, uuid) to service_role;
revoke execute on function public.update_keyword_trigger(uuid, text, boolean) from public, anon;
grant execute on function public.update_keyword_trigger(uuid, text, boolean) to authenticated;
revoke execute on function private.clear_token_refusal() from public;

-- triggers ----------------------------------------------------------------------------------------

create trigger instagram_accounts_clear_token_refusal before update of token_ciphertext
  on public.instagram_accounts for each row execute function private.clear_token_refusal();
create trigger facebook_pages_clear_token_refusal before update of token_ciphertext
  on public.facebook_pages for each row execute function private.clear_token_refusal();

-- scheduled jobs ----------------------------------------------------------------------------------

-- pg_cron runs each command in the database; pg_net sends the HTTP request after the command's
-- transaction commits, with an explicit timeout. Hosted Supabase has both extensions available
-- (pg_cron in pg_catalog with its schema `cron`; pg_net in `extensions` with its functions in
-- schema `net`). The local stack has neither: its bootstrap (local-stack/bootstrap.sql) creates
-- stand-ins of cron, net and vault instead, and local-stack/scheduler.ts runs the jobs and sends
-- the requests, so these same statements apply there. The Telegram jobs (09_telegram.sql) rely on
-- this block too.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- Where and with what key a job calls comes from Vault, set once per project (README, deploy
-- steps):
--   project_url  https://<ref>.supabase.co
--   secret_key   a secret API key (sb_secret_...), sent ONLY as the `apikey` header: it is not a
--                JWT, so as `Authorization: Bearer` the gateway would refuse it ("Invalid JWT").
-- No legacy service_role JWT is involved. Until the two secrets exist a run has no URL and sends
-- nothing, and the functions refuse any call without a secret key. cron.schedule(name, ...)
-- replaces a job of the same name, so a schedule is changed by scheduling the name again.

-- The refresh of quiet Instagram accounts' tokens (instagram-webhook /refresh-tokens): daily at
-- 03:00 UTC. It calls Meta once per ageing token: up to a minute for many.
select cron.schedule(
  'refresh-instagram-tokens',
  '0 3 * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/instagram-webhook/refresh-tokens',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
    ),
    timeout_milliseconds := 60000
  ) as request_id;
  $job$
);
