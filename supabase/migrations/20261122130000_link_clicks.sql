-- Clicks on short links, and the orders they lead to (click-to-payout attribution).
--
-- GET /r/<code> (the api function) records a click through private.record_click and redirects the
-- person to the checkout with `ref=<click id>`; the checkout passes that ref to place_order, which
-- keeps the click and its source on the order when the click was on the same link. Who clicked is
-- kept only as a salted SHA-256 of the client address and user agent (never the address itself),
-- and only to count one visitor's repeats within a minute once. The salt is generated here, lives
-- in the private schema and no client role can read it, so the hashes cannot be reversed by
-- hashing the (small) IPv4 space.

-- the salt --------------------------------------------------------------------------------------------

create table private.click_salt (
  id boolean primary key default true check (id),
  salt bytea not null check (octet_length(salt) >= 32)
);
comment on table private.click_salt is 'The secret salt of link_clicks.visitor_hash: one row, random per database, read only by record_click.';
alter table private.click_salt enable row level security;
revoke all on private.click_salt from public, anon, authenticated, service_role;
insert into private.click_salt (salt) values (extensions.gen_random_bytes(32));

-- clicks ----------------------------------------------------------------------------------------------

create table public.link_clicks (
  id uuid primary key default gen_random_uuid(),
  affiliate_link_id uuid not null references public.affiliate_links (id),
  -- The link's influencer, campaign and business, copied when the click is recorded (they never
  -- change for a link): the policies and the stats then filter on an indexed column of the click
  -- itself instead of joining the link for every row.
  influencer_id uuid not null references public.users (id),
  campaign_id uuid not null references public.campaigns (id),
  business_id uuid not null references public.users (id),
  source text not null check (source in ('qr', 'dm', 'comment', 'link')),
  referrer_host text check (char_length(referrer_host) between 1 and 255),
  device_class text not null check (device_class in ('mobile', 'tablet', 'desktop')),
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
comment on table public.link_clicks is 'A person''s visit of a short link (crawlers and one visitor''s repeats within a minute are not recorded).';
comment on column public.link_clicks.source is 'Where the link was shared: ?s= of the short URL (qr, dm, comment), else link.';
comment on column public.link_clicks.referrer_host is 'The host of the Referer header, without path or query; null when none was sent.';
comment on column public.link_clicks.visitor_hash is 'sha256(salt || client address || user agent) in hex: tells one visitor''s repeats apart, identifies no one.';

-- The dedupe lookup (one link, one visitor, the last minute) and every per-link query.
create index link_clicks_link_visitor_idx on public.link_clicks (affiliate_link_id, visitor_hash, created_at desc);
-- The stats of an influencer, a business and the platform, each over time.
create index link_clicks_influencer_id_idx on public.link_clicks (influencer_id, created_at);
create index link_clicks_business_id_idx on public.link_clicks (business_id, created_at);
create index link_clicks_campaign_id_idx on public.link_clicks (campaign_id);
create index link_clicks_created_at_idx on public.link_clicks (created_at);

alter table public.link_clicks enable row level security;
revoke all on public.link_clicks from anon, authenticated, service_role;
-- Everything but the visitor hash: it serves the dedupe and nothing a person needs to see.
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

-- Records a person's click on the short link `p_short_code` and answers where to send them: the
-- click id and the link's influencer and campaign (no row for an unknown code). A click from the
-- same visitor (hash of address and user agent) on the same link within a minute is the same
-- click: its id is answered again and nothing is recorded, so reloads, double taps and a browser's
-- prefetch count once.
create function private.record_click(
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
  earlier uuid;
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

  -- Two requests of one visitor at once (a double tap) queue here, so the second sees the first.
  perform pg_advisory_xact_lock(hashtextextended('link_click:' || link.id::text || ':' || hash, 0));
  select k.id into earlier from public.link_clicks k
  where k.affiliate_link_id = link.id and k.visitor_hash = hash and k.created_at > now() - interval '1 minute'
  order by k.created_at desc
  limit 1;
  if found then
    return query select earlier, link.influencer_id, link.campaign_id;
    return;
  end if;

  insert into public.link_clicks (affiliate_link_id, influencer_id, campaign_id, business_id, source,
                                  referrer_host, device_class, visitor_hash)
  values (link.id, link.influencer_id, link.campaign_id, business, p_source,
          nullif(lower(trim(p_referrer_host)), ''), p_device_class, hash)
  returning id into new_click;
  return query select new_click, link.influencer_id, link.campaign_id;
end
$$;
comment on function private.record_click is 'A person''s click on a short link: recorded once per visitor and link per minute; answers the click id and the checkout target, or no row for an unknown code.';
revoke execute on function private.record_click(text, text, text, text, text, text) from public;
grant execute on function private.record_click(text, text, text, text, text, text) to service_role;

-- orders keep their click -----------------------------------------------------------------------------

alter table public.orders
  add column click_id uuid references public.link_clicks (id),
  add column source text check (source in ('qr', 'dm', 'comment', 'link')),
  add constraint orders_source_with_click check ((click_id is null) = (source is null));
comment on column public.orders.click_id is 'The short-link click the customer came through (the checkout''s ref), when it was on this order''s link.';
comment on column public.orders.source is 'The source of that click, copied so the stats group orders without a join; null: no click.';

create index orders_click_id_idx on public.orders (click_id);

-- The checkout of 20261122081000_orders.sql with one more, optional parameter: the click the
-- customer came through. It is kept only when it is a click on this very link (same influencer and
-- campaign); any other id (unknown, another link's, malformed upstream) places the order as it
-- would without one, unattributed, so a stale or copied ref never stops a sale.
drop function private.place_order(uuid, uuid, text, text, text, integer, text);

create function private.place_order(
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
  if p_quantity is null or p_quantity not between 1 and 10 then
    raise exception 'Quantity must be between 1 and 10' using errcode = '22023';
  end if;
  if p_customer_phone is null or p_customer_phone !~ '^\+855[1-9][0-9]{7,8}$' then
    raise exception 'Phone number must be a Cambodian number such as 012 345 678' using errcode = '22023';
  end if;
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
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$$;
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), zone and rate limit, and creates the order with server-side amounts, attributed to the given click when it was on the same link.';
revoke execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid) to service_role;
