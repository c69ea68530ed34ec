-- Campaign dates are enforced: a campaign that has not started or has ended takes no link
-- applications and no orders, with a message saying which. Dates are calendar days in Cambodia
-- (Asia/Phnom_Penh), both ends included; a campaign without dates is open while active.

create function private.cambodia_today() returns date
language sql stable set search_path = ''
as $$
  select (now() at time zone 'Asia/Phnom_Penh')::date
$$;
comment on function private.cambodia_today is 'Today''s date in Phnom Penh, the calendar campaign dates are written in.';
revoke execute on function private.cambodia_today() from public;
grant execute on function private.cambodia_today() to service_role;

-- Why a campaign takes nothing new today, or null when it is open. One wording for the checkout,
-- the link application and the order.
create function private.campaign_closed_reason(p_status text, p_start_date date, p_end_date date) returns text
language sql stable set search_path = ''
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
revoke execute on function private.campaign_closed_reason(text, date, date) from public;
-- The api function reads the reason as service_role; policies reach it through campaign_is_active.
grant execute on function private.campaign_closed_reason(text, date, date) to service_role;

-- The link application policy uses this: open means active and within its dates.
create or replace function private.campaign_is_active(p_campaign_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.campaigns
    where id = p_campaign_id
      and private.campaign_closed_reason(status, start_date, end_date) is null)
$$;

create or replace function private.place_order(
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  fee integer;
  new_order public.orders;
  closed_reason text;
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

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee, p_district, p_commune)
  returning * into new_order;
  insert into private.order_contacts (order_id, customer_phone) values (new_order.id, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$$;
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), zone and rate limit, and creates the order with server-side amounts.';
revoke execute on function private.place_order from public;
grant execute on function private.place_order to service_role;
