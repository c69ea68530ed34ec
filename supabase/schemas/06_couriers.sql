-- Couriers (issue 29): the delivery companies and freelance riders who carry orders and collect
-- the cash at the door. An admin adds and edits them (public.create_courier, update_courier) and
-- assigns each order not yet delivered to one (public.assign_courier); every change is audited
-- (10_audit.sql). Admins read every courier; a shop reads the couriers carrying its own orders
-- (their name and phone, so it knows who picks up). Nobody writes the table but those functions.

-- types -------------------------------------------------------------------------------------------

create type public.courier_kind as enum ('company', 'freelance');
comment on type public.courier_kind is 'A delivery company, or a freelance rider.';

-- tables ------------------------------------------------------------------------------------------

create table public.couriers (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint couriers_name_check check (char_length(name) between 1 and 100 and name = btrim(name)),
  phone text not null
    constraint couriers_phone_check check (phone ~ '^\+855[1-9][0-9]{7,8}$')
    constraint couriers_phone_key unique,
  kind public.courier_kind not null,
  active boolean not null default true,
  -- A courier that keeps the delivery fee remits the sale; otherwise it remits all it collected.
  keeps_delivery_fee boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.couriers is 'Delivery companies and freelance riders who carry orders and collect the cash; admins manage them.';
comment on column public.couriers.keeps_delivery_fee is 'True: the courier keeps the delivery fee and remits the sale; false: it remits everything it collected.';
comment on column public.couriers.active is 'An inactive courier is kept (its orders name it) but gets no new orders.';

alter table public.orders add constraint orders_courier_id_fkey foreign key (courier_id) references public.couriers (id);

-- indexes -----------------------------------------------------------------------------------------

-- The board filtered by courier, newest first (keyset), and the couriers' open orders.
create index orders_courier_id_idx on public.orders (courier_id, created_at desc, id desc);

-- row level security and grants -------------------------------------------------------------------

alter table public.couriers enable row level security;
revoke all on public.couriers from anon, authenticated;
grant select on public.couriers to authenticated;
grant select on public.couriers to service_role;

create policy "Admins can read every courier" on public.couriers
  for select to authenticated using ((select private.has_role('admin')));
create policy "Businesses can read the couriers of their orders" on public.couriers
  for select to authenticated using (
    exists (select from public.orders o where o.courier_id = couriers.id and o.business_id = (select auth.uid()))
  );

-- functions ---------------------------------------------------------------------------------------

-- An admin adds a courier. A phone already used by another courier is refused (23505, naming it).
-- Audited by couriers_audit (10_audit.sql).
create or replace function public.create_courier(p_name text, p_phone text, p_kind text, p_keeps_delivery_fee boolean)
returns public.couriers
language plpgsql volatile security definer set search_path = ''
as $$
declare
  created public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  if p_kind is null or not p_kind = any (enum_range(null::public.courier_kind)::text[]) then
    raise exception 'kind must be one of company, freelance' using errcode = '22023', column = 'kind';
  end if;
  insert into public.couriers (name, phone, kind, keeps_delivery_fee)
  values (btrim(p_name), p_phone, p_kind::public.courier_kind, coalesce(p_keeps_delivery_fee, true))
  returning * into created;
  return created;
exception when unique_violation then
  raise exception 'Another courier already has this phone number' using errcode = '23505', column = 'phone';
end
$$;
comment on function public.create_courier is 'Admin: adds a courier (name, phone, company or freelance, whether it keeps the delivery fee); audited.';

-- An admin changes a courier; a null parameter keeps its value. Deactivating keeps its orders.
create or replace function public.update_courier(
  p_id uuid,
  p_name text default null,
  p_phone text default null,
  p_kind text default null,
  p_active boolean default null,
  p_keeps_delivery_fee boolean default null
) returns public.couriers
language plpgsql volatile security definer set search_path = ''
as $$
declare
  saved public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  if p_kind is not null and not p_kind = any (enum_range(null::public.courier_kind)::text[]) then
    raise exception 'kind must be one of company, freelance' using errcode = '22023', column = 'kind';
  end if;
  update public.couriers
  set name = coalesce(btrim(p_name), name),
      phone = coalesce(p_phone, phone),
      kind = coalesce(p_kind::public.courier_kind, kind),
      active = coalesce(p_active, active),
      keeps_delivery_fee = coalesce(p_keeps_delivery_fee, keeps_delivery_fee)
  where id = p_id
  returning * into saved;
  if not found then
    raise exception 'Courier not found' using errcode = 'P0002';
  end if;
  return saved;
exception when unique_violation then
  raise exception 'Another courier already has this phone number' using errcode = '23505', column = 'phone';
end
$$;
comment on function public.update_courier is 'Admin: changes any of a courier''s name, phone, kind, active and keeps_delivery_fee (null keeps it); audited.';

-- An admin gives an order to a courier, or takes it back (null), while it is not yet delivered or
-- cancelled; only an active courier gets new orders. The same courier again changes nothing.
-- Audited by orders_courier_audit (10_audit.sql).
create or replace function public.assign_courier(p_order_id uuid, p_courier_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders;
  courier public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can assign couriers' using errcode = '42501';
  end if;
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status in ('delivered', 'cancelled') then
    raise exception 'This order is %: its courier can no longer change', current_order.status using errcode = '55000';
  end if;
  if p_courier_id is not null then
    select * into courier from public.couriers where id = p_courier_id;
    if not found then
      raise exception 'Courier not found' using errcode = 'P0002', column = 'courier_id';
    end if;
    if not courier.active and current_order.courier_id is distinct from p_courier_id then
      raise exception 'This courier is not active: activate it first' using errcode = '55000', column = 'courier_id';
    end if;
  end if;
  if current_order.courier_id is distinct from p_courier_id then
    update public.orders set courier_id = p_courier_id where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$$;
comment on function public.assign_courier is 'Admin: gives an order not yet delivered or cancelled to an active courier, or takes it back (null); audited.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function public.create_courier(text, text, text, boolean) from public, anon;
grant execute on function public.create_courier(text, text, text, boolean) to authenticated, service_role;
revoke execute on function public.update_courier(uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.update_courier(uuid, text, text, text, boolean, boolean) to authenticated, service_role;
revoke execute on function public.assign_courier(uuid, uuid) from public, anon;
grant execute on function public.assign_courier(uuid, uuid) to authenticated, service_role;

-- triggers ----------------------------------------------------------------------------------------

create trigger couriers_touch_updated_at before update on public.couriers
  for each row execute function private.touch_updated_at();
-- Also on public.couriers: couriers_audit; on public.orders: orders_courier_audit (10_audit.sql).
