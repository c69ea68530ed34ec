-- Counted clicks that a script cannot inflate, and a rate limit on /r/* per address (issue 22,
-- item 9).
--
-- Until now a click was one per visitor (salted hash of address and user agent) and link a
-- minute, so 30 requests from one address with 30 user agents counted 30 clicks. Now, on top of
-- that, one address counts at most 3 clicks per link per hour, whatever its user agents: past
-- that, a visit is redirected with the address's latest click on the link and nothing is counted.
-- The address is kept as a salted hash too (the same secret salt), never in the clear.
--
-- And every GET /r/<code> of an address is counted per minute: the 61st in a minute is refused
-- (P0429, with the seconds left in the minute as the hint, which the api function sends as
-- Retry-After), so no one can walk the code space or hammer a link. The counter is one row per
-- address hash and minute, upserted, so the check costs one index-backed write.

-- clicks per address ----------------------------------------------------------------------------------

alter table public.link_clicks
  add column address_hash text check (address_hash ~ '^[0-9a-f]{64}$');
comment on column public.link_clicks.address_hash is 'sha256(salt || client address) in hex: caps one address at 3 counted clicks per link an hour; null on clicks recorded before the cap.';
-- The cap's lookup: one link, one address, the last hour.
create index link_clicks_link_address_idx on public.link_clicks (affiliate_link_id, address_hash, created_at desc);
-- authenticated reads the columns granted by name (20261122130000): not this one. service_role
-- reads the table as before.

comment on table public.link_clicks is 'A person''s visit of a short link (crawlers, one visitor''s repeats within a minute and an address''s clicks past 3 per link an hour are not recorded).';

-- The salted hash of an address, as the click and request counters key on it.
create function private.click_address_hash(p_client_address text) returns text
language sql stable security definer set search_path = ''
as $$
  select encode(sha256(s.salt || convert_to('address:' || p_client_address, 'UTF8')), 'hex') from private.click_salt s
$$;
comment on function private.click_address_hash is 'sha256(salt || address) in hex: the per-address key of the click cap and of the /r rate limit.';
revoke execute on function private.click_address_hash(text) from public;

-- Records a person's click on the short link `p_short_code` and answers where to send them: the
-- click id and the link's influencer and campaign (no row for an unknown code). The same visitor
-- (address and user agent) on the same link within a minute is the same click; an address that
-- already has 3 clicks on the link in the last hour gets its latest one again. Either way nothing
-- is recorded. One lock per link and address queues simultaneous visits, so a burst from one
-- address counts at most the cap.
create or replace function private.record_click(
  p_short_code text,
  p_source text,
  p_referrer_host text,
  p_device_class text,
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
  if p_source is null or p_source not in ('qr', 'dm', 'comment', 'link') then
    raise exception 'source must be one of qr, dm, comment, link' using errcode = '22023';
  end if;
  if p_device_class is null or p_device_class not in ('mobile', 'tablet', 'desktop') then
    raise exception 'device_class must be one of mobile, tablet, desktop' using errcode = '22023';
  end if;
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

-- requests per address ----------------------------------------------------------------------------------

create table private.short_link_requests (
  address_hash text not null check (address_hash ~ '^[0-9a-f]{64}$'),
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  requests integer not null default 1 check (requests > 0),
  primary key (address_hash, minute)
);
comment on table private.short_link_requests is 'GET /r/* requests per address (salted hash) and minute, for the rate limit; rows older than a few minutes are deleted.';
create index short_link_requests_minute_idx on private.short_link_requests (minute);
alter table private.short_link_requests enable row level security;
revoke all on private.short_link_requests from public, anon, authenticated, service_role;

-- Counts one GET /r/* of an address; the 61st in a minute is refused with P0429 and, as the hint,
-- the seconds until the minute ends. A refused request is not counted (the transaction rolls back).
create function private.note_short_link_request(p_client_address text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if p_client_address is null or trim(p_client_address) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  insert into private.short_link_requests as r (address_hash, minute)
  values (private.click_address_hash(p_client_address), this_minute)
  on conflict (address_hash, minute) do update set requests = r.requests + 1
  returning r.requests into counted;
  -- An address's first request of a minute sweeps the minutes that no longer matter.
  if counted = 1 then
    delete from private.short_link_requests where minute < this_minute - interval '5 minutes';
  end if;
  if counted > 60 then
    raise exception 'Too many requests from this network. Please wait a minute and try again.'
      using errcode = 'P0429',
            hint = greatest(1, ceil(extract(epoch from this_minute + interval '1 minute' - clock_timestamp())))::text;
  end if;
end
$$;
comment on function private.note_short_link_request is 'Rate limit of GET /r/*: at most 60 requests per address a minute (P0429 past that, the retry delay in seconds as the hint).';
revoke execute on function private.note_short_link_request(text) from public;
grant execute on function private.note_short_link_request(text) to service_role;
