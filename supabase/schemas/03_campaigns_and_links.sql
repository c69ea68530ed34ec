-- Campaigns and affiliate links: a business's campaign (a product with a commission rate, open
-- between optional dates) and the public bucket for its images; the links influencers apply for;
-- an admin's decision on an application (an approval gives the link its short code and its
-- keyword trigger, a rejection keeps its reason); and the admin's self-dealing check.
--
-- Rules this area keeps:
-- - Every rule the API applies to what a business writes is a constraint here too (name and
--   description lengths, price at most $1,000,000, two-decimal rates, 1 to 5 http(s) images,
--   dates in order), so a direct PostgREST write cannot store what the API would refuse.
-- - A client's new commission rate is at most marketplace_settings.max_commission_rate
--   (02_settings.sql); a campaign already above it keeps its rate (and its orders their snapshot)
--   until its rate is changed.
-- - Deactivation is one-way and switches off the campaign's keyword triggers (08_keyword_automation.sql).
-- - One link per influencer and campaign, at most 10 approved links per campaign; only admins
--   decide, and only admins learn whether an application looks like self-dealing.
-- - Campaign dates are calendar days in Cambodia (private.cambodia_today, 01_accounts.sql), both
--   ends included; a campaign without dates is open while active.

-- types -------------------------------------------------------------------------------------------

create type public.campaign_status as enum ('active', 'inactive');
create type public.link_status as enum ('pending', 'approved', 'rejected');

-- tables ------------------------------------------------------------------------------------------

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references public.users (id),
  product_name text not null check (length(trim(product_name)) between 1 and 200),
  -- At most $1,000,000: far above any product, far below bigint.
  price_cents bigint not null check (price_cents > 0),
  -- A fraction (0.15 = 15%). The API accepts two decimals; the column allows finer rates so
  -- money calculations can be tested with odd ones.
  commission_rate numeric(6, 4) not null check (commission_rate > 0 and commission_rate < 1),
  description text not null default '' constraint campaigns_description_check check (length(description) <= 5000),
  image_urls text[] not null check (cardinality(image_urls) between 1 and 5),
  status public.campaign_status not null default 'active',
  is_active boolean not null generated always as (status = 'active') stored,
  start_date date,
  end_date date,
  deactivated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_dates_in_order check (end_date is null or start_date is null or end_date >= start_date),
  constraint campaigns_price_at_most_a_million check (price_cents <= 100000000),
  constraint campaigns_image_urls_http check (private.are_http_urls(image_urls))
);

create table public.affiliate_links (
  id uuid primary key default gen_random_uuid(),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  status public.link_status not null default 'pending',
  is_approved boolean not null generated always as (status = 'approved') stored,
  decided_at timestamptz,
  decided_by uuid references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set on approval. Seven letters and digits (62^7, about 3.5e12 codes): short enough to read
  -- out, too many to guess one another's.
  short_code text constraint affiliate_links_short_code_key unique
    constraint affiliate_links_short_code_check check (short_code ~ '^[A-Za-z0-9]{7}$'),
  -- 1 for the application, 2 once the influencer applied again after a rejection (once only:
  -- public.reapply_for_link); reapplied_at says when.
  attempt smallint not null default 1 constraint affiliate_links_attempt_check check (attempt between 1 and 2),
  reapplied_at timestamptz,
  constraint affiliate_links_one_per_campaign unique (influencer_id, campaign_id),
  constraint affiliate_links_reapplied_on_second_attempt check ((attempt = 2) = (reapplied_at is not null))
);

-- A link's rejection reason lives in its own table, not on the link: businesses read the links to
-- their campaigns (and are told live when they change) but must not read why an influencer was turned
-- down. Approving stores no reason.
-- One row per rejected attempt: a second rejection after a reapplication keeps the first.
create table public.affiliate_link_rejections (
  affiliate_link_id uuid not null references public.affiliate_links (id),
  attempt smallint not null default 1,
  -- Repeated from the link so the policy reads one indexed column.
  influencer_id uuid not null references public.users (id),
  reason text not null
    constraint affiliate_link_rejections_reason_check check (char_length(btrim(reason)) between 1 and 500),
  created_at timestamptz not null default now(),
  primary key (affiliate_link_id, attempt)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.campaigns is 'A business''s product listed for affiliates: price in cents, commission rate as a fraction.';
comment on table public.affiliate_links is 'An influencer''s application for (and, once approved, link to) one campaign.';
comment on column public.affiliate_links.attempt is '1, or 2 once the influencer applied again after a rejection (allowed once).';
comment on column public.affiliate_links.short_code is 'Set on approval: APP_URL/r/<short_code> leads to the checkout.';
comment on table public.affiliate_link_rejections is 'Why an admin rejected a link application; readable by the influencer who applied and by admins, never by the business.';

-- indexes -----------------------------------------------------------------------------------------

create index campaigns_business_id_idx on public.campaigns (business_id, created_at desc);
create index campaigns_active_idx on public.campaigns (created_at desc) where status = 'active';

create index affiliate_links_campaign_id_idx on public.affiliate_links (campaign_id, status);
create index affiliate_links_decided_by_idx on public.affiliate_links (decided_by);
-- The admin's Link Applications board reads newest first by (created_at, id), a page at a time
-- (keyset paging), so each page is one range scan of an index in exactly that order; ties between
-- links created in the same microsecond stay ordered by id. Filtered by status on the server, it
-- uses the second index: leading with status keeps that order inside each status, and it also
-- serves the pending list.
create index affiliate_links_created_at_id_idx on public.affiliate_links (created_at desc, id desc);
create index affiliate_links_status_created_at_id_idx on public.affiliate_links (status, created_at desc, id desc);

create index affiliate_link_rejections_influencer_id_idx on public.affiliate_link_rejections (influencer_id);

-- row level security and grants -------------------------------------------------------------------

alter table public.campaigns enable row level security;
revoke all on public.campaigns from anon, authenticated;
grant select on public.campaigns to authenticated;
grant insert (business_id, product_name, price_cents, commission_rate, description, image_urls, start_date, end_date)
  on public.campaigns to authenticated;
grant update (product_name, price_cents, commission_rate, description, image_urls, status, start_date, end_date)
  on public.campaigns to authenticated;
grant all on public.campaigns to service_role;

alter table public.affiliate_links enable row level security;
revoke all on public.affiliate_links from anon, authenticated;
grant select on public.affiliate_links to authenticated;
grant insert (influencer_id, campaign_id) on public.affiliate_links to authenticated;
grant all on public.affiliate_links to service_role;

alter table public.affiliate_link_rejections enable row level security;
revoke all on public.affiliate_link_rejections from anon, authenticated;
grant select on public.affiliate_link_rejections to authenticated;
grant all on public.affiliate_link_rejections to service_role;

-- The functions the policies below call come first. Neither campaign_closed_reason nor
-- private.cambodia_today has a SET clause: one would stop inlining and cost a settings save and
-- restore on every call, three per checkout (about 8% of place_order under pgbench). They read no
-- table, name what they call by schema and are not security definer, so the search path cannot
-- make them do anything the caller could not.

-- Why a campaign takes nothing new today, or null when it is open. One wording for the checkout,
-- the link application and the order.
create or replace function private.campaign_closed_reason(p_status public.campaign_status, p_start_date date, p_end_date date)
returns text
language sql stable
as $$
  select case
    when p_status is distinct from 'active' then 'This campaign is no longer accepting new orders'
    when p_start_date > private.cambodia_today()
      then format('This campaign has not started yet. It opens on %s.', to_char(p_start_date, 'FMDD FMMonth YYYY'))
    when p_end_date < private.cambodia_today()
      then format('This campaign ended on %s and no longer takes orders.', to_char(p_end_date, 'FMDD FMMonth YYYY'))
  end
$$;
comment on function private.campaign_closed_reason is 'Null when a campaign takes applications and orders today; else the reason, for the caller.';

-- Why an approved link takes no order today, or null when it does: its campaign is closed, or the
-- influencer or the shop is not an approved account (an admin suspended it). One wording for the
-- checkout page and the order; a customer is not told which party was suspended.
create or replace function private.link_closed_reason(
  p_campaign_status public.campaign_status, p_start_date date, p_end_date date,
  p_influencer_status public.account_status, p_business_status public.account_status
) returns text
language sql stable
as $$
  select case
    when p_influencer_status is distinct from 'approved' or p_business_status is distinct from 'approved'
      then 'This product is no longer available'
    else private.campaign_closed_reason(p_campaign_status, p_start_date, p_end_date)
  end
$$;
comment on function private.link_closed_reason is 'Null when an approved link takes orders today; else the reason (a closed campaign, or a party no longer approved).';

-- Open for link applications: active and within its dates.
create or replace function private.campaign_is_active(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.campaigns
    where id = p_campaign_id
      and private.campaign_closed_reason(status, start_date, end_date) is null)
$$;

create or replace function private.owns_campaign(p_campaign_id uuid) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (select 1 from public.campaigns where id = p_campaign_id and business_id = (select auth.uid()));
end
$$;

create policy "Businesses can read their own campaigns" on public.campaigns
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Admins can read every campaign" on public.campaigns
  for select to authenticated using ((select private.has_role('admin')));

create policy "Approved influencers can read active campaigns" on public.campaigns
  for select to authenticated using (status = 'active' and (select private.has_role('influencer')));

-- Influencers may also read the campaigns they hold links to, even once inactive, so their
-- cards keep the product name and show the campaign as ended.
create policy "Influencers can read campaigns they hold links to" on public.campaigns
  for select to authenticated
  using (exists (
    select 1 from public.affiliate_links l
    where l.campaign_id = campaigns.id and l.influencer_id = (select auth.uid())
  ));

create policy "Approved businesses can create their own campaigns" on public.campaigns
  for insert to authenticated
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

create policy "Approved businesses can update their own campaigns" on public.campaigns
  for update to authenticated
  using (business_id = (select auth.uid()) and (select private.has_role('business')))
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

create policy "Influencers can read their own links" on public.affiliate_links
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every link" on public.affiliate_links
  for select to authenticated using ((select private.has_role('admin')));

create policy "Businesses can read links to their campaigns" on public.affiliate_links
  for select to authenticated using ((select private.owns_campaign(campaign_id)));

create policy "Approved influencers can apply to active campaigns" on public.affiliate_links
  for insert to authenticated
  with check (
    influencer_id = (select auth.uid())
    and (select private.has_role('influencer'))
    and private.campaign_is_active(campaign_id)
  );

create policy "Influencers can read why their links were rejected" on public.affiliate_link_rejections
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every link rejection" on public.affiliate_link_rejections
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

-- A client writes rates with at most two decimals (0.15 for 15%), as the API takes them. The
-- owner may store finer ones: the money tests use odd rates to exercise rounding. So the rule is
-- a trigger, not a CHECK, and raises as one would: 23514 under the constraint name
-- campaigns_commission_rate_two_decimals, which the API answers with its field and message
-- (contract/constraints.ts); the message here is the same sentence, for a direct write.
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
comment on function private.check_client_commission_rate is 'Refuses a client''s commission rate with more than two decimals.';

-- The commission ceiling. The 15% platform fee is taken from what the shop keeps after commission
-- (docs/money.md), so a rate near 1 leaves almost nothing to take it from: a $100 sale at 0.99
-- would pay the platform $0.15, and a shop that signs its owner up as an influencer would pay
-- almost no fee. The database refuses a new rate above marketplace_settings.max_commission_rate,
-- whoever writes through the API or PostgREST; it reads the ceiling through
-- private.commission_ceiling (02_settings.sql) because businesses cannot read the settings row.
-- Not security definer: current_user is the writer's role.
create or replace function private.check_commission_ceiling() returns trigger
language plpgsql set search_path = ''
as $$
declare
  ceiling numeric;
begin
  -- The owner (migrations, the money tests' fixtures with odd rates such as 0.9999) may store any
  -- rate in (0, 1), as with the two-decimal rule; every client role meets the ceiling.
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  -- An update that keeps the rate (an edit of other fields that sends it too) sets no new rate.
  if tg_op = 'UPDATE' and new.commission_rate = old.commission_rate then
    return new;
  end if;
  -- A rate outside (0, 1) is the column's CHECK's to refuse, with its own message.
  if new.commission_rate is null or new.commission_rate <= 0 or new.commission_rate >= 1 then
    return new;
  end if;
  ceiling := private.commission_ceiling();
  if new.commission_rate > ceiling then
    raise exception '%', format('Commission rate can be at most %s (%s%%), the marketplace''s ceiling',
                                to_char(ceiling, 'FM0.00'), round(ceiling * 100))
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_commission_ceiling is
  'Trigger: refuses a client''s new campaign commission rate above marketplace_settings.max_commission_rate (SQLSTATE 23514, column commission_rate); the owner is exempt.';

-- Deactivation is one-way and ends the campaign's keyword triggers (public.keyword_triggers,
-- 08_keyword_automation.sql).
create or replace function private.guard_campaign_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.status = 'inactive' and new.status = 'active' then
    raise exception 'An inactive campaign cannot be reactivated' using errcode = '55000';
  end if;
  if old.status = 'active' and new.status = 'inactive' then
    new.deactivated_at := now();
    update public.keyword_triggers set is_active = false where campaign_id = new.id and is_active;
  end if;
  return new;
end
$$;

-- An unused keyword for the influencer: the product name's first word (letters and digits,
-- up to 10), numbered when already taken (SCARF, SCARF2, SCARF3, ...).
create or replace function private.next_keyword(p_influencer_id uuid, p_product_name text) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  base text;
  candidate text;
  n int := 1;
begin
  base := left(upper(regexp_replace(split_part(trim(p_product_name), ' ', 1), '[^A-Za-z0-9]', '', 'g')), 10);
  if length(base) < 2 then
    base := 'LINK';
  end if;
  candidate := base;
  while exists (
    select 1 from public.keyword_triggers
    where influencer_id = p_influencer_id and keyword = candidate and is_active
  ) loop
    n := n + 1;
    candidate := base || n;
  end loop;
  return candidate;
end
$$;

-- An approved link's short code: the app serves APP_URL/r/<code>, which records the click
-- (07_attribution.sql) and redirects to the checkout. Seven letters and digits from a random
-- uuid; a collision, unlikely as it is, is simply drawn again.
create or replace function private.new_short_code() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  code text;
begin
  loop
    code := left(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 7);
    exit when length(code) = 7
      and not exists (select 1 from public.affiliate_links where short_code = code);
  end loop;
  return code;
end
$$;

-- The DM reply a new keyword trigger starts with, in Khmer and English: a follower who sends the
-- keyword may read either, and the reply is one message. It holds {product} and {link}, filled
-- when the reply is sent (with the short link), so an influencer can reword it without breaking
-- the link.
create or replace function private.default_dm_template() returns text
language sql immutable
as $$
  select E'សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ {product}។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ {link}\n\n'
    'Hi! Thanks for asking about {product}. Order here and pay cash on delivery: {link}'
$$;
comment on function private.default_dm_template() is 'The DM reply a new keyword trigger starts with: Khmer, then English; {product} and {link} are filled when it is sent.';

-- An admin's decision on a pending link application. Approving gives the link its short code and
-- creates its keyword trigger (public.keyword_triggers, 08_keyword_automation.sql) with the default
-- template; rejecting needs a reason, which the influencer reads, stored in
-- public.affiliate_link_rejections (whose affiliate_link_rejections_reason_check limits its
-- length). Triggers complete it: affiliate_links_touch_updated_at (here) stamps updated_at, and
-- the deferred constraint trigger affiliate_links_audit_decision (10_audit.sql) writes the
-- link.approve or link.reject audit entry at commit.
create or replace function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text default null)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
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
  select * into campaign from public.campaigns where id = link.campaign_id for no key update;
  select * into link from public.affiliate_links where id = p_link_id for no key update;
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
$$;
comment on function public.decide_affiliate_link is 'An admin approves (within the cap of 10 per campaign, giving the link its short code and keyword trigger) or rejects (with a reason) a pending link.';

-- An influencer whose application was rejected applies to that campaign again, once: the link goes
-- back to pending as its second attempt, and the first rejection stays (public.affiliate_link_rejections
-- keeps one row per attempt) for the admin who decides again. The checks of a first application
-- hold (an approved influencer, a campaign open today: 42501, which the api explains).
create or replace function public.reapply_for_link(p_campaign_id uuid) returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
begin
  if not private.has_role('influencer') or not private.campaign_is_active(p_campaign_id) then
    raise exception 'Only approved influencers can apply to active campaigns' using errcode = '42501';
  end if;
  select * into link from public.affiliate_links
  where influencer_id = (select auth.uid()) and campaign_id = p_campaign_id
  for no key update;
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
$$;
comment on function public.reapply_for_link is 'An approved influencer applies again, once, to a campaign whose link application was rejected; the first rejection stays.';

-- Self-dealing on link applications. A shop that signs its owner up as an influencer and approves
-- "commission" to itself moves money past the platform fee (docs/money.md, the commission
-- ceiling). Before an admin approves a link application, its card says `self_dealing` when the
-- influencer and the shop (the campaign's business) share one of:
--   phone         a phone of one (users.phone, users.store_phone) is a phone of the other;
--   bank_account  an account number of one (users.account_number, or the account number a KHQR
--                 carries in sub-tag 01 of tag 29/30, as ABA's "Receive" codes do) is one of the
--                 other's, digits compared;
--   khqr_account  their saved KHQRs pay the same account: the same Bakong id (sub-tag 00 of tag
--                 29/30) with the same account information (sub-tag 01). ABA puts its own Bakong
--                 id in every personal code, so the id alone would match every two ABA users.
-- The pairs come from private.account_identifiers (10_audit.sql). Like order_flags, it is for
-- admins only: it refuses anyone else, so neither the influencer nor the shop learns that, or
-- why, an application was flagged. The admin's check (GET /admin/affiliate-links/*) gets the
-- shared kinds, sorted ('bank_account', 'khqr_account', 'phone'); empty when nothing, and empty
-- for an id of no link.
create or replace function public.link_self_dealing(p_link_id uuid) returns text[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  shared text[];
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can see the flags of link applications' using errcode = '42501';
  end if;
  with parties as (
    select l.influencer_id, c.business_id
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = p_link_id
  ), influencer as (
    select i.kind, i.value from parties p join public.users u on u.id = p.influencer_id
    cross join lateral private.account_identifiers(u) i
  ), shop as (
    select i.kind, i.value from parties p join public.users u on u.id = p.business_id
    cross join lateral private.account_identifiers(u) i
  )
  select coalesce(array_agg(distinct influencer.kind order by influencer.kind), '{}')
    into shared
  from influencer join shop using (kind, value);
  return shared;
end
$$;
comment on function public.link_self_dealing is 'Admin: what a link application''s influencer shares with the campaign''s shop (phone, bank_account, khqr_account); non-empty means the application is flagged self_dealing. Refuses everyone but approved admins (42501).';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.campaign_closed_reason(public.campaign_status, date, date) from public;
-- The api function reads the reason as service_role; policies reach it through campaign_is_active.
grant execute on function private.campaign_closed_reason(public.campaign_status, date, date) to service_role;
revoke execute on function private.campaign_is_active(uuid) from public;
grant execute on function private.campaign_is_active(uuid) to authenticated, service_role;
revoke execute on function private.owns_campaign(uuid) from public;
grant execute on function private.owns_campaign(uuid) to authenticated, service_role;
revoke execute on function private.check_client_commission_rate() from public;
revoke execute on function private.check_commission_ceiling() from public;
revoke execute on function private.guard_campaign_status() from public;
revoke execute on function private.next_keyword(uuid, text) from public;
revoke execute on function private.new_short_code() from public;
revoke execute on function private.default_dm_template() from public;
revoke execute on function private.link_closed_reason(public.campaign_status, date, date, public.account_status, public.account_status) from public;
grant execute on function private.link_closed_reason(public.campaign_status, date, date, public.account_status, public.account_status) to service_role;
revoke execute on function public.reapply_for_link(uuid) from public, anon;
grant execute on function public.reapply_for_link(uuid) to authenticated, service_role;
revoke execute on function public.decide_affiliate_link(uuid, text, text) from public, anon;
grant execute on function public.decide_affiliate_link(uuid, text, text) to authenticated, service_role;
revoke execute on function public.link_self_dealing(uuid) from public, anon, service_role;
grant execute on function public.link_self_dealing(uuid) to authenticated;

-- triggers ----------------------------------------------------------------------------------------

create trigger campaigns_client_commission_rate before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_client_commission_rate();

create trigger campaigns_commission_ceiling before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_commission_ceiling();

create trigger campaigns_touch_updated_at before update on public.campaigns
  for each row execute function private.touch_updated_at();

create trigger campaigns_guard_status before update of status on public.campaigns
  for each row execute function private.guard_campaign_status();

create trigger affiliate_links_touch_updated_at before update on public.affiliate_links
  for each row execute function private.touch_updated_at();

-- reference data: the campaign images bucket ------------------------------------------------------

-- Only the api function stores campaign images: it checks the caller (an approved business),
-- sniffs the bytes (PNG, JPEG, GIF or WebP, whatever the upload claims) and stores them as service_role
-- under a name it makes. Clients get no insert policy on storage.objects: a business calling
-- Storage directly could otherwise store any bytes labelled image/png under any name (an
-- `evil.html`), skipping the sniffing.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('campaign-images', 'campaign-images', true, 10485760, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;
