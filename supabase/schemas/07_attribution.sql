-- Attribution: clicks on short links, the live click counts, and the orders they lead to.
--
-- GET /r/<code> (the api function) counts the request against the address's rate limit
-- (private.note_public_request), records a click through private.record_click and redirects
-- the person to the checkout with `ref=<click id>`; the checkout passes that ref to place_order
-- (05_orders.sql), which keeps the click and its source on the order when the click was on the
-- same link.
--
-- Rules this area keeps:
-- - Who clicked is kept only as salted SHA-256 hashes (of the client address and user agent, and
--   of the address alone), never the address itself. The salt is generated when the schema is
--   built, lives in the private schema and no client role can read it, so the hashes cannot be
--   reversed by hashing the (small) IPv4 space.
-- - A click counts once per visitor (address and user agent) and link a minute, and at most 3
--   times per address and link an hour, whatever its user agents: a script cannot inflate the
--   counts.
-- - Every GET /r/* of an address is counted per minute and the 61st in a minute is refused
--   (P0429), so no one can walk the code space or hammer a link. The customer's order page
--   (GET /orders/track/*) is counted the same way, apart (private.public_requests, by route).
-- - Clients read clicks without the two hashes; clicks are written only by record_click.
-- - No scheduled job serves this area: public_requests is swept by note_public_request itself,
--   and clicks are kept.

-- types -------------------------------------------------------------------------------------------
-- link_clicks.source is a public.click_source, made in 05_orders.sql for orders.source.

create type public.device_class as enum ('mobile', 'tablet', 'desktop');

create type private.public_route as enum ('short_link', 'order_page', 'rider_page');
comment on type private.public_route is 'A public route with a rate limit per address: short_link (GET /r/*), order_page (the customer''s order page) or rider_page (a courier''s rider page, /rider/*).';
comment on type public.device_class is 'The kind of device a click came from, read from its user agent.';

-- tables ------------------------------------------------------------------------------------------

create table private.click_salt (
  id boolean primary key default true check (id),
  salt bytea not null check (octet_length(salt) >= 32)
);

create table public.link_clicks (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null references public.affiliate_links (id),
  -- The link's influencer, campaign and business, copied when the click is recorded (they never
  -- change for a link): the policies and the stats then filter on an indexed column of the click
  -- itself instead of joining the link for every row.
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  business_id uuid not null references public.users (id),
  source public.click_source not null,
  referrer_host text check (char_length(referrer_host) between 1 and 255),
  device_class public.device_class not null,
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  address_hash text constraint link_clicks_address_hash_check check (address_hash ~ '^[0-9a-f]{64}$')
);

-- Click totals per link, kept by a trigger, so dashboards update their figures soon after a short
-- link is clicked: a change here is sent as a live event (11_live_events.sql, at most once per link
-- per 5 seconds). The stats paths still count link_clicks; this table is the live signal (and a
-- cheap total).
create table public.link_click_counts (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  business_id uuid not null references public.users (id),
  clicks integer not null default 0 check (clicks >= 0),
  last_click_at timestamptz not null
);

-- Requests of the public pages that strangers could hammer, per route, address and minute: one
-- row per route, address hash and minute, upserted, so the rate limit costs one index-backed
-- write. Routes: short_link (GET /r/*), order_page (GET and POST /orders/track/*).
create table private.public_requests (
  route private.public_route not null,
  address_hash text not null check (address_hash ~ '^[0-9a-f]{64}$'),
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  requests integer not null default 1 check (requests > 0),
  primary key (route, address_hash, minute)
);

-- An order keeps the click it came through: orders.click_id is 05_orders.sql's column, its
-- reference waits for link_clicks.
alter table public.orders add constraint orders_click_id_fkey foreign key (click_id) references public.link_clicks (id);

-- comments ----------------------------------------------------------------------------------------

comment on table private.click_salt is 'The secret salt of link_clicks.visitor_hash: one row, random per database, read only by record_click.';
comment on table public.link_clicks is 'A person''s visit of a short link (crawlers, one visitor''s repeats within a minute and an address''s clicks past 3 per link an hour are not recorded).';
comment on column public.link_clicks.source is 'Where the link was shared: ?s= of the short URL (one of public.click_source), else link.';
comment on column public.link_clicks.referrer_host is 'The host of the Referer header, without path or query; null when none was sent.';
comment on column public.link_clicks.visitor_hash is 'sha256(salt || client address || user agent) in hex: tells one visitor''s repeats apart, identifies no one.';
comment on column public.link_clicks.address_hash is 'sha256(salt || client address) in hex: caps one address at 3 counted clicks per link an hour; null on clicks recorded before the cap.';
comment on table public.link_click_counts is 'Clicks per short link, kept by a trigger on link_clicks; its changes are sent to the dashboards as live events (no visitor hash).';
comment on table private.public_requests is 'Requests of GET /r/* and of the order pages per address (salted hash) and minute, for their rate limits; rows older than a few minutes are deleted.';

-- indexes -----------------------------------------------------------------------------------------

-- The dedupe lookup (one link, one visitor, the last minute) and every per-link query.
create index link_clicks_link_visitor_idx on public.link_clicks (affiliate_link_id, visitor_hash, created_at desc);
-- The cap's lookup: one link, one address, the last hour.
create index link_clicks_link_address_idx on public.link_clicks (affiliate_link_id, address_hash, created_at desc);
-- The stats of an influencer, a business and the platform, each over time.
create index link_clicks_influencer_id_idx on public.link_clicks (influencer_id, created_at);
create index link_clicks_business_id_idx on public.link_clicks (business_id, created_at);
create index link_clicks_campaign_id_idx on public.link_clicks (campaign_id);
create index link_clicks_created_at_idx on public.link_clicks (created_at);

create index link_click_counts_influencer_id_idx on public.link_click_counts (influencer_id);
create index link_click_counts_business_id_idx on public.link_click_counts (business_id);

create index public_requests_minute_idx on private.public_requests (minute);

-- row level security and grants -------------------------------------------------------------------

alter table private.click_salt enable row level security;
revoke all on private.click_salt from public, anon, authenticated, service_role;

alter table public.link_clicks enable row level security;
revoke all on public.link_clicks from anon, authenticated, service_role;
-- Everything but the two hashes: they serve the dedupe and the cap, nothing a person needs to see.
grant select (id, affiliate_link_id, influencer_id, campaign_id, business_id, source, referrer_host, device_class,
              created_at)
  on public.link_clicks to authenticated;
-- Clicks are written only by record_click (running as its owner), even by the API's own service
-- connection.
grant select on public.link_clicks to service_role;

create policy "Influencers can read clicks on their links" on public.link_clicks
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Businesses can read clicks on their campaigns" on public.link_clicks
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Admins can read every click" on public.link_clicks
  for select to authenticated using ((select private.has_role('admin')));

alter table public.link_click_counts enable row level security;
revoke all on public.link_click_counts from anon, authenticated, service_role;
grant select on public.link_click_counts to authenticated, service_role;

create policy "Influencers can read the click counts of their links" on public.link_click_counts
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Businesses can read the click counts of their campaigns' links" on public.link_click_counts
  for select to authenticated using (business_id = (select auth.uid()));
create policy "Admins can read every click count" on public.link_click_counts
  for select to authenticated using ((select private.has_role('admin')));

alter table private.public_requests enable row level security;
revoke all on private.public_requests from public, anon, authenticated, service_role;

-- functions ---------------------------------------------------------------------------------------

-- The salted hash of an address, as the click cap and the request counter key on it.
create or replace function private.click_address_hash(p_client_address text) returns text
language sql stable security definer set search_path = ''
as $$
  select encode(sha256(s.salt || convert_to('address:' || p_client_address, 'UTF8')), 'hex') from private.click_salt s
$$;
comment on function private.click_address_hash is 'sha256(salt || address) in hex: the per-address key of the click cap and of the /r rate limit.';

-- Records a person's click on the short link `p_short_code` and answers where to send them: the
-- click id and the link's influencer and campaign (no row for an unknown code). The same visitor
-- (address and user agent) on the same link within a minute is the same click, so reloads, double
-- taps and a browser's prefetch count once; an address that already has 3 clicks on the link in
-- the last hour gets its latest one again. Either way nothing is recorded. One lock per link and
-- address queues simultaneous visits, so a burst from one address counts at most the cap. The
-- insert fires link_clicks_count (below), which adds the click to link_click_counts.
create or replace function private.record_click(
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

-- Keeps link_click_counts: one more click on the link, and when.
create or replace function private.count_link_click() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, clicks, last_click_at)
  values (new.affiliate_link_id, new.influencer_id, new.business_id, 1, new.created_at)
  on conflict (affiliate_link_id) do update
  set clicks = public.link_click_counts.clicks + 1, last_click_at = excluded.last_click_at;
  return null;
end
$$;

-- Counts one request of a public route from an address; the 61st in a minute is refused with
-- P0429 and, as the hint, the seconds until the minute ends (which the api function sends as
-- Retry-After). A refused request is not counted (the transaction rolls back).
create or replace function private.note_public_request(p_route private.public_route, p_client_address text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  insert into private.public_requests as r (route, address_hash, minute)
  values (p_route, private.click_address_hash(p_client_address), this_minute)
  on conflict (route, address_hash, minute) do update set requests = r.requests + 1
  returning r.requests into counted;
  -- An address's first request of a minute sweeps the minutes that no longer matter.
  if counted = 1 then
    delete from private.public_requests where minute < this_minute - interval '5 minutes';
  end if;
  if counted > 60 then
    raise exception 'Too many requests from this network. Please wait a minute and try again.'
      using errcode = 'P0429',
            hint = greatest(1, ceil(extract(epoch from this_minute + interval '1 minute' - clock_timestamp())))::text;
  end if;
end
$$;
comment on function private.note_public_request is 'Rate limit of the public routes (short_link: GET /r/*; order_page: the customer''s order page): at most 60 requests per address a minute on each (P0429 past that, the retry delay in seconds as the hint).';

-- function grants ---------------------------------------------------------------------------------

revoke execute on function private.click_address_hash(text) from public;
revoke execute on function private.record_click(text, public.click_source, text, public.device_class, text, text) from public;
grant execute on function private.record_click(text, public.click_source, text, public.device_class, text, text) to service_role;
revoke execute on function private.count_link_click() from public;
revoke execute on function private.note_public_request(private.public_route, text) from public;
grant execute on function private.note_public_request(private.public_route, text) to service_role;

-- triggers ----------------------------------------------------------------------------------------

create trigger link_clicks_count after insert on public.link_clicks
  for each row execute function private.count_link_click();

-- reference data: the salt ------------------------------------------------------------------------

-- One random salt per database, drawn when the schema is built.
insert into private.click_salt (salt) values (extensions.gen_random_bytes(32));
