-- Campaigns (a business's product with a commission rate, open between optional dates), the
-- public bucket for their images, affiliate links influencers apply for, and the keyword triggers
-- an approved link gets for Instagram DM automation. Every rule the API applies to what a business
-- writes (name and description lengths, price at most $1,000,000, two-decimal rates, 1 to 5
-- http(s) images, dates in order) is a constraint here too.

-- campaigns -------------------------------------------------------------------------------------

create type public.campaign_status as enum ('active', 'inactive');

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references public.users (id),
  product_name text not null check (length(trim(product_name)) between 1 and 200),
  -- At most $1,000,000: far above any product, far below bigint.
  price_cents bigint not null check (price_cents > 0),
  -- A fraction (0.15 = 15%). The API accepts two decimals; the column allows finer rates so
  -- money calculations can be tested with odd ones.
  commission_rate numeric(6, 4) not null check (commission_rate > 0 and commission_rate < 1),
  description text not null default '' check (length(description) <= 5000),
  image_urls text[] not null check (cardinality(image_urls) between 1 and 5),
  status public.campaign_status not null default 'active',
  is_active boolean generated always as (status = 'active') stored,
  start_date date,
  end_date date,
  deactivated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_dates_in_order check (end_date is null or start_date is null or end_date >= start_date),
  constraint campaigns_price_at_most_a_million check (price_cents <= 100000000),
  constraint campaigns_image_urls_http check (private.are_http_urls(image_urls))
);
comment on table public.campaigns is 'A business''s product listed for affiliates: price in cents, commission rate as a fraction.';

create index campaigns_business_id_idx on public.campaigns (business_id, created_at desc);
create index campaigns_active_idx on public.campaigns (created_at desc) where status = 'active';

alter table public.campaigns enable row level security;
revoke all on public.campaigns from anon, authenticated;
grant select on public.campaigns to authenticated;
grant insert (business_id, product_name, price_cents, commission_rate, description, image_urls, start_date, end_date)
  on public.campaigns to authenticated;
grant update (product_name, price_cents, commission_rate, description, image_urls, status, start_date, end_date)
  on public.campaigns to authenticated;
grant all on public.campaigns to service_role;

create policy "Businesses can read their own campaigns" on public.campaigns
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Admins can read every campaign" on public.campaigns
  for select to authenticated using ((select private.has_role('admin')));

create policy "Approved influencers can read active campaigns" on public.campaigns
  for select to authenticated using (status = 'active' and (select private.has_role('influencer')));

create policy "Approved businesses can create their own campaigns" on public.campaigns
  for insert to authenticated
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

create policy "Approved businesses can update their own campaigns" on public.campaigns
  for update to authenticated
  using (business_id = (select auth.uid()) and (select private.has_role('business')))
  with check (business_id = (select auth.uid()) and (select private.has_role('business')));

-- A client writes rates with at most two decimals (0.15 for 15%), as the API takes them. The
-- owner may store finer ones: the money tests use odd rates to exercise rounding.
create function private.check_client_commission_rate() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and new.commission_rate <> round(new.commission_rate, 2) then
    raise exception 'Commission rate must have at most two decimals, e.g. 0.15 for 15%%'
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_client_commission_rate is 'Refuses a client''s commission rate with more than two decimals.';
revoke execute on function private.check_client_commission_rate() from public;

create trigger campaigns_client_commission_rate before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_client_commission_rate();

create trigger campaigns_touch_updated_at before update on public.campaigns
  for each row execute function private.touch_updated_at();

-- Deactivation is one-way and ends the campaign's keyword triggers.
create function private.guard_campaign_status() returns trigger
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
revoke execute on function private.guard_campaign_status() from public;

create trigger campaigns_guard_status before update of status on public.campaigns
  for each row execute function private.guard_campaign_status();

alter publication supabase_realtime add table public.campaigns;

-- affiliate links ---------------------------------------------------------------------------------

create type public.link_status as enum ('pending', 'approved', 'rejected');

create table public.affiliate_links (
  id uuid primary key default gen_random_uuid(),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  status public.link_status not null default 'pending',
  is_approved boolean generated always as (status = 'approved') stored,
  decided_at timestamptz,
  decided_by uuid references public.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint affiliate_links_one_per_campaign unique (influencer_id, campaign_id)
);
comment on table public.affiliate_links is 'An influencer''s application for (and, once approved, link to) one campaign.';

create index affiliate_links_campaign_id_idx on public.affiliate_links (campaign_id, status);
create index affiliate_links_created_at_idx on public.affiliate_links (created_at desc);
create index affiliate_links_pending_idx on public.affiliate_links (created_at desc) where status = 'pending';
create index affiliate_links_decided_by_idx on public.affiliate_links (decided_by);

alter table public.affiliate_links enable row level security;
revoke all on public.affiliate_links from anon, authenticated;
grant select on public.affiliate_links to authenticated;
grant insert (influencer_id, campaign_id) on public.affiliate_links to authenticated;
grant all on public.affiliate_links to service_role;

-- Campaign dates are calendar days in Cambodia (Asia/Phnom_Penh), both ends included; a campaign
-- without dates is open while active. Neither of the next two has a SET clause: one would stop
-- inlining and cost a settings save and restore on every call, three per checkout (about 8% of
-- place_order under pgbench). They read no table, name what they call by schema and are not
-- security definer, so the search path cannot make them do anything the caller could not.
create function private.cambodia_today() returns date
language sql stable
as $$
  select (now() at time zone 'Asia/Phnom_Penh')::date
$$;
comment on function private.cambodia_today is 'Today''s date in Phnom Penh, the calendar campaign dates are written in.';
revoke execute on function private.cambodia_today() from public;
grant execute on function private.cambodia_today() to service_role;

-- Why a campaign takes nothing new today, or null when it is open. One wording for the checkout,
-- the link application and the order.
create function private.campaign_closed_reason(p_status public.campaign_status, p_start_date date, p_end_date date)
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
revoke execute on function private.campaign_closed_reason(public.campaign_status, date, date) from public;
-- The api function reads the reason as service_role; policies reach it through campaign_is_active.
grant execute on function private.campaign_closed_reason(public.campaign_status, date, date) to service_role;

-- Open for link applications: active and within its dates.
create function private.campaign_is_active(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.campaigns
    where id = p_campaign_id
      and private.campaign_closed_reason(status, start_date, end_date) is null)
$$;
revoke execute on function private.campaign_is_active(uuid) from public;
grant execute on function private.campaign_is_active(uuid) to authenticated, service_role;

create function private.owns_campaign(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.campaigns where id = p_campaign_id and business_id = (select auth.uid()))
$$;
revoke execute on function private.owns_campaign(uuid) from public;
grant execute on function private.owns_campaign(uuid) to authenticated, service_role;

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

create trigger affiliate_links_touch_updated_at before update on public.affiliate_links
  for each row execute function private.touch_updated_at();

-- Influencers may also read the campaigns they hold links to, even once inactive, so their
-- cards keep the product name and show the campaign as ended.
create policy "Influencers can read campaigns they hold links to" on public.campaigns
  for select to authenticated
  using (exists (
    select 1 from public.affiliate_links l
    where l.campaign_id = campaigns.id and l.influencer_id = (select auth.uid())
  ));

alter publication supabase_realtime add table public.affiliate_links;

-- keyword triggers --------------------------------------------------------------------------------

create table public.keyword_triggers (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null unique references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  keyword text not null check (keyword ~ '^[A-Z0-9]{2,20}$'),
  dm_template_text text not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.keyword_triggers is 'The DM keyword of an approved link: a follower who sends it gets the template with the link.';

-- A keyword is unique among one influencer's active triggers.
create unique index keyword_triggers_active_keyword_key on public.keyword_triggers (influencer_id, keyword) where is_active;
create index keyword_triggers_campaign_id_idx on public.keyword_triggers (campaign_id);
create index keyword_triggers_influencer_id_idx on public.keyword_triggers (influencer_id, created_at desc);

alter table public.keyword_triggers enable row level security;
revoke all on public.keyword_triggers from anon, authenticated;
grant select on public.keyword_triggers to authenticated;
grant all on public.keyword_triggers to service_role;

create policy "Influencers can read their own keyword triggers" on public.keyword_triggers
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every keyword trigger" on public.keyword_triggers
  for select to authenticated using ((select private.has_role('admin')));

-- An unused keyword for the influencer: the product name's first word (letters and digits,
-- up to 10), numbered when already taken (SCARF, SCARF2, SCARF3, ...).
create function private.next_keyword(p_influencer_id uuid, p_product_name text) returns text
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
revoke execute on function private.next_keyword(uuid, text) from public;

-- admin decisions on links --------------------------------------------------------------------------

create function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_link_url text)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
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
  end if;

  if p_decision = 'approved' then
    if coalesce(trim(p_link_url), '') = '' then
      raise exception 'link url is required' using errcode = '22023';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid())
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw,
      format('Hi! Thanks for asking about %s. Order here and pay cash on delivery: %s', campaign.product_name, p_link_url)
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  end if;
  return link;
end
$$;
comment on function public.decide_affiliate_link is 'An admin approves (within the cap of 10 per campaign, creating the keyword trigger) or rejects a pending link.';
revoke execute on function public.decide_affiliate_link from public, anon;
grant execute on function public.decide_affiliate_link to authenticated, service_role;

-- campaign images ---------------------------------------------------------------------------------

-- Only the api function stores campaign images: it checks the caller (an approved business),
-- sniffs the bytes (PNG, JPEG or GIF, whatever the upload claims) and stores them as service_role
-- under a name it makes. Clients get no insert policy on storage.objects: a business calling
-- Storage directly could otherwise store any bytes labelled image/png under any name (an
-- `evil.html`), skipping the sniffing.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('campaign-images', 'campaign-images', true, 10485760, array['image/png', 'image/jpeg', 'image/gif'])
on conflict (id) do nothing;
