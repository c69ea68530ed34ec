-- Orders placed by anonymous customers through an approved affiliate link (cash on delivery),
-- their status history, and the two security definer functions that change them: checkout
-- (anon, through the api function) and an admin's status change (one step forward or a listed
-- revert, serialised per order, posting to the ledger of the next migration). Amounts are
-- snapshots in cents computed here, never taken from the request, and the money rules of an order
-- are its generated columns (docs/money.md). The customer's phone lives apart, readable only
-- through admin functions.

create type public.order_status as enum ('new_order', 'ready_for_pickup', 'out_for_delivery', 'delivered');

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.campaigns (id),
  affiliate_link_id uuid not null references public.affiliate_links (id),
  business_id uuid not null references public.users (id),
  influencer_id uuid not null references public.users (id),
  product_name text not null,
  unit_price_cents bigint not null check (unit_price_cents > 0),
  commission_rate numeric(6, 4) not null check (commission_rate > 0 and commission_rate < 1),
  quantity integer not null check (quantity between 1 and 10),
  delivery_fee_cents integer not null check (delivery_fee_cents >= 0),
  subtotal_cents bigint generated always as (unit_price_cents * quantity) stored,
  total_cents bigint generated always as (unit_price_cents * quantity + delivery_fee_cents) stored,
  -- The money rules of an order. round() of a numeric rounds half away from zero: half up for
  -- these positive amounts. Generated columns cannot refer to each other, so the sale and the
  -- commission are spelled out again.
  commission_cents bigint generated always as
    (round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  business_gross_cents bigint generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  platform_fee_cents bigint generated always as
    (round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  business_net_cents bigint generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint
     - round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  delivery_district text not null,
  delivery_commune text not null,
  status public.order_status not null default 'new_order',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.orders is 'A cash-on-delivery order through an affiliate link, with price, rate and fee snapshots in cents.';
comment on column public.orders.commission_cents is 'C = round_half_up(sale * rate): the influencer''s commission.';
comment on column public.orders.business_gross_cents is 'G = sale - C: the business''s share before the platform fee.';
comment on column public.orders.platform_fee_cents is 'F = round_half_up(G * 0.15): the platform fee, paid by the business.';
comment on column public.orders.business_net_cents is 'N = G - F: what the business is paid.';

create index orders_business_id_idx on public.orders (business_id, created_at desc);
create index orders_influencer_id_idx on public.orders (influencer_id, created_at desc);
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status);
create index orders_campaign_id_idx on public.orders (campaign_id);
create index orders_affiliate_link_id_idx on public.orders (affiliate_link_id);

alter table public.orders enable row level security;
revoke all on public.orders from anon, authenticated;
grant select on public.orders to authenticated;
-- Orders are written only by the functions below (running as their owner), even by the API's
-- own service connection.
grant select on public.orders to service_role;

create policy "Businesses can read their own orders" on public.orders
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Influencers can read orders through their links" on public.orders
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every order" on public.orders
  for select to authenticated using ((select private.has_role('admin')));

create trigger orders_touch_updated_at before update on public.orders
  for each row execute function private.touch_updated_at();

alter publication supabase_realtime add table public.orders;

create table private.order_contacts (
  order_id uuid primary key references public.orders (id),
  customer_phone text not null check (customer_phone ~ '^\+855[1-9][0-9]{7,8}$')
);
comment on table private.order_contacts is 'The customer''s phone per order, kept out of public.orders so influencers and realtime never see it.';
alter table private.order_contacts enable row level security;

create table public.order_status_history (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id),
  from_status public.order_status,
  to_status public.order_status not null,
  changed_by uuid references public.users (id),
  note text,
  changed_at timestamptz not null default now()
);
comment on table public.order_status_history is 'Every status an order entered: who, when, from, to and the note.';

create index order_status_history_order_id_idx on public.order_status_history (order_id, id);
create index order_status_history_changed_by_idx on public.order_status_history (changed_by);

alter table public.order_status_history enable row level security;
revoke all on public.order_status_history from anon, authenticated;
grant select on public.order_status_history to authenticated;
grant select on public.order_status_history to service_role;

create policy "Admins can read every order history" on public.order_status_history
  for select to authenticated using ((select private.has_role('admin')));

create policy "Businesses can read the history of their orders" on public.order_status_history
  for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.business_id = (select auth.uid())));

-- Checkout attempts, to refuse orders placed faster than a person could.
create table private.checkout_attempts (
  id bigint generated always as identity primary key,
  customer_phone text not null,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);
comment on table private.checkout_attempts is 'Recent checkouts per phone and per address, for the checkout rate limit.';
alter table private.checkout_attempts enable row level security;
create index checkout_attempts_phone_idx on private.checkout_attempts (customer_phone, attempted_at);
create index checkout_attempts_ip_idx on private.checkout_attempts (client_ip, attempted_at);
create index checkout_attempts_attempted_at_idx on private.checkout_attempts (attempted_at);

-- checkout ----------------------------------------------------------------------------------------

create function private.place_order(
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

-- status changes ----------------------------------------------------------------------------------

create function private.order_transition_allowed(p_from public.order_status, p_to public.order_status) returns boolean
language sql immutable set search_path = ''
as $$
  select (p_from, p_to) in (
    ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered'),
    ('ready_for_pickup', 'new_order'),
    ('out_for_delivery', 'ready_for_pickup'), ('out_for_delivery', 'new_order'),
    ('delivered', 'out_for_delivery'), ('delivered', 'ready_for_pickup'), ('delivered', 'new_order')
  )
$$;
comment on function private.order_transition_allowed is 'The order status transitions of SPEC §4: one step forward, or a listed revert.';
revoke execute on function private.order_transition_allowed(public.order_status, public.order_status) from public;

create function public.change_order_status(p_order_id uuid, p_new_status text, p_note text default null)
returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  current_order public.orders;
  previous_status public.order_status;
  new_status public.order_status;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change order status' using errcode = '42501';
  end if;
  if p_new_status is null or not p_new_status = any (enum_range(null::public.order_status)::text[]) then
    raise exception 'new_status must be one of %', array_to_string(enum_range(null::public.order_status), ', ')
      using errcode = '22023';
  end if;
  new_status := p_new_status::public.order_status;
  -- The row lock makes concurrent changes of one order queue; each then sees the status the
  -- previous one left, so of two identical requests only the first applies.
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if not private.order_transition_allowed(current_order.status, new_status) then
    raise exception 'Cannot change an order from % to %', current_order.status, p_new_status
      using errcode = '55000';
  end if;

  previous_status := current_order.status;
  update public.orders set status = new_status where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note)
  values (p_order_id, previous_status, new_status, (select auth.uid()), p_note);
  -- The ledger moves in the same transaction as the status: both happen or neither. The posting
  -- functions are the ledger migration's (PL/pgSQL resolves them when called).
  if new_status = 'delivered' then
    perform private.on_order_delivered(p_order_id);
  elsif previous_status = 'delivered' then
    perform private.on_order_undelivered(p_order_id);
  end if;
  return current_order;
end
$$;
comment on function public.change_order_status is 'An admin moves an order one step forward or back (SPEC §4), recorded in the history and posted to the ledger.';
revoke execute on function public.change_order_status from public, anon;
grant execute on function public.change_order_status to authenticated, service_role;

-- The customers' phones of the given orders, for the admin board only (delivery coordination).
create function public.order_customer_phones(p_order_ids uuid[])
returns table (order_id uuid, customer_phone text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can read customer phone numbers' using errcode = '42501';
  end if;
  return query select c.order_id, c.customer_phone from private.order_contacts c where c.order_id = any (p_order_ids);
end
$$;
comment on function public.order_customer_phones is 'Admin only: the customer phone of each given order.';
revoke execute on function public.order_customer_phones from public, anon;
grant execute on function public.order_customer_phones to authenticated, service_role;
